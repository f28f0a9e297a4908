import { Divider, NumberInput, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core'
import { useList } from '@refinedev/core'
import { List, useForm } from '@refinedev/mantine'
import { configInput, type ConfigInput } from '@salon/shared'
import { FormPage } from '../../components/form/form-page'
import { zodValidate } from '../../components/form/zod-validate'
import { ResourceTable } from '../generic/list'

type Values = Required<
  Pick<
    ConfigInput,
    | 'businessName'
    | 'cancellationTimeLimit'
    | 'slotStepMinutes'
    | 'minNoticeMinutes'
    | 'bookingHorizonDays'
    | 'maxOpenBookings'
    | 'holdMinutes'
  >
> & {
  address: string
  phone: string
  email: string
  cancellationEnabled: boolean
  autoConfirm: boolean
  requireEmailVerification: boolean
  requireAdminTotp: boolean
}

const EMPTY: Values = {
  businessName: '',
  address: '',
  phone: '',
  email: '',
  cancellationEnabled: true,
  cancellationTimeLimit: 24,
  slotStepMinutes: 15,
  minNoticeMinutes: 60,
  bookingHorizonDays: 60,
  autoConfirm: false,
  maxOpenBookings: 3,
  holdMinutes: 10,
  requireEmailVerification: false,
  requireAdminTotp: false,
}

const blankToNull = (v: string) => (v.trim() ? v.trim() : null)

/** The settings document's form (one document: always an edit). */
function SettingsForm({ id }: { id: number }) {
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values, ConfigInput>({
    initialValues: EMPTY,
    validate: zodValidate<Values>(configInput),
    transformValues: (v) => ({
      ...v,
      address: blankToNull(v.address),
      phone: blankToNull(v.phone),
      email: blankToNull(v.email),
    }),
    refineCoreProps: { resource: 'config', action: 'edit', id, redirect: false },
  })
  const number = (name: keyof Values, label: string, description?: string) => (
    <NumberInput label={label} description={description} hideControls required {...form.getInputProps(name)} />
  )
  return (
    <FormPage
      action="edit"
      back={false}
      title="Impostazioni"
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
    >
      <Title order={4}>Il salone</Title>
      <TextInput label="Nome del salone" required {...form.getInputProps('businessName')} />
      <TextInput label="Indirizzo" {...form.getInputProps('address')} />
      <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'sm', cols: 1 }]}>
        <TextInput label="Telefono" type="tel" {...form.getInputProps('phone')} />
        <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
      </SimpleGrid>
      <Divider />
      <Title order={4}>Prenotazioni</Title>
      <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'sm', cols: 1 }]}>
        {number(
          'slotStepMinutes',
          'Passo degli orari (minuti)',
          'Ogni quanto inizia un appuntamento: 15 → 9:00, 9:15…',
        )}
        {number('minNoticeMinutes', 'Preavviso minimo (minuti)', 'Quanto prima i clienti possono prenotare online.')}
        {number('bookingHorizonDays', 'Prenotabile fino a (giorni)', 'Quanti giorni avanti si vede il calendario.')}
        {number(
          'holdMinutes',
          'Tempo per completare (minuti)',
          'Quanto resta riservato un orario mentre il cliente prenota.',
        )}
        {number('maxOpenBookings', 'Appuntamenti aperti per cliente', '0 = nessun limite. Lo staff non ha limiti.')}
        {number('cancellationTimeLimit', 'Disdetta online fino a (ore prima)', 'Oltre, il cliente deve chiamare.')}
      </SimpleGrid>
      <Switch
        label="Conferma automatica: le prenotazioni online sono subito confermate"
        {...form.getInputProps('autoConfirm', { type: 'checkbox' })}
      />
      <Switch
        label="I clienti possono disdire e spostare online"
        {...form.getInputProps('cancellationEnabled', { type: 'checkbox' })}
      />
      <Divider />
      <Title order={4}>Sicurezza</Title>
      <Switch
        label="Per prenotare serve un indirizzo e-mail confermato"
        {...form.getInputProps('requireEmailVerification', { type: 'checkbox' })}
      />
      <Switch
        label="Gli amministratori devono usare il codice dell’app di autenticazione"
        {...form.getInputProps('requireAdminTotp', { type: 'checkbox' })}
      />
    </FormPage>
  )
}

/**
 * /dashboard/config: the salon's settings as a form, and below them the holidays (spec §2 gives
 * holidays only create and edit routes, so their list lives here).
 */
export default function ConfigPage() {
  const { result } = useList<{ id: number }>({ resource: 'config', pagination: { pageSize: 1 } })
  const id = result.data[0]?.id
  return (
    <Stack spacing="lg">
      {id !== undefined && <SettingsForm id={id} />}
      <List resource="holiday" title={<Title order={3}>Festività</Title>} breadcrumb={false}>
        <ResourceTable resource="holiday" />
      </List>
    </Stack>
  )
}
