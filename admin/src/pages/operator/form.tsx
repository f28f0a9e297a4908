import { NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core'
import { useResourceParams } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { operatorInput, type OperatorInput } from '@salon/shared'
import { FormPage } from '../../components/form/form-page'
import { RelationMultiSelect, RelationSelect } from '../../components/form/fields'
import { ImageField } from '../../components/form/image-preview'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'
import { OperatorFeedCard } from './feed-card'
import { OperatorLeaveCard } from './leave-card'
import { OperatorScheduleCard } from './schedule-card'

type Values = {
  name: string
  surname: string
  description: string
  image: number | null
  user: number | null
  active: boolean
  position: number
  services: number[]
}

const accountLabel = (u: Record<string, unknown>) =>
  [[u.name, u.surname].filter(Boolean).join(' '), u.email].filter(Boolean).join(' · ')

/**
 * /dashboard/operator/create (added to spec §2: a salon hires people) and /dashboard/operator/{id}:
 * the person customers choose — name, photo, description, order in the list, active — and the
 * OPERATOR account that sees their agenda, and the services they perform (stored on each service). An operator is never deleted (their past bookings keep
 * them): switch "Attivo" off instead. Under the form (edit only): their working hours and leave
 * (issue 23; a new operator follows the salon's opening hours until given some), their calendar feed.
 */
export default function OperatorForm() {
  const t = useT()
  const { id, action } = useResourceParams()
  const mode = action === 'edit' ? 'edit' : 'create'
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values, OperatorInput>({
    initialValues: {
      name: '',
      surname: '',
      description: '',
      image: null,
      user: null,
      active: true,
      position: 0,
      services: [],
    },
    validate: zodValidate<Values>(operatorInput),
    transformValues: (v) => ({
      ...v,
      name: v.name.trim(),
      surname: v.surname || null,
      description: v.description || null,
    }),
    refineCoreProps: {
      resource: 'operator',
      action: mode,
      id,
      redirect: 'list',
      queryOptions: {
        select: (r) => ({
          ...r,
          data: {
            ...r.data,
            surname: r.data.surname ?? '',
            description: r.data.description ?? '',
            services: r.data.services ?? [],
          },
        }),
      },
    },
  })
  return (
    <FormPage
      action={mode}
      title={mode === 'create' ? t('operator.new') : t('operator.edit')}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
      after={mode === 'edit' && id !== undefined ? <OperatorFeedCard id={id} /> : undefined}
      below={
        mode === 'edit' && id !== undefined ? (
          <>
            <OperatorScheduleCard id={Number(id)} name={form.values.name || t('operator.edit')} />
            <OperatorLeaveCard id={Number(id)} name={form.values.name || t('operator.edit')} />
          </>
        ) : undefined
      }
    >
      <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'sm', cols: 1 }]}>
        <TextInput label={t('form.name')} required {...form.getInputProps('name')} />
        <TextInput label={t('user.surname')} {...form.getInputProps('surname')} />
      </SimpleGrid>
      <Textarea label={t('operator.description')} autosize minRows={2} {...form.getInputProps('description')} />
      <ImageField label={t('operator.photo')} placeholder={t('user.noPhoto')} {...form.getInputProps('image')} />
      <RelationMultiSelect
        label={t('operator.services')}
        description={t('operator.servicesHelp')}
        resource="service"
        optionLabel="title"
        placeholder={t('operator.servicesPlaceholder')}
        {...form.getInputProps('services')}
      />
      <RelationSelect
        label={t('operator.account')}
        description={t('operator.accountHelp')}
        resource="user"
        optionLabel="email"
        labelOf={accountLabel}
        placeholder={t('operator.noAccount')}
        {...form.getInputProps('user')}
      />
      <NumberInput label={t('operator.order')} min={0} hideControls {...form.getInputProps('position')} />
      <Switch label={t('operator.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormPage>
  )
}
