import { Divider, NumberInput, Paper, Stack, Switch, TextInput, Title } from '@mantine/core'
import { useList } from '@refinedev/core'
import { List, useForm } from '@refinedev/mantine'
import { configInput, type ConfigInput } from '@salon/shared'
import { FormPage } from '../../components/form/form-page'
import { FieldGrid } from '../../components/form/fields'
import { zodValidate } from '../../components/form/zod-validate'
import { BooleanBadge } from '../../components/cells'
import { RecordTable, type TableColumn } from '../../components/record-table'
import { formatCalendarDay } from '../../lib/format'
import { useT, type T } from '../../i18n/use-t'
import { NOTIFICATION_DEFAULTS, NotificationSettings, type NotificationValues } from './notifications'
import { BackupStatusSection } from './backups'
import { StationsSection } from './stations'

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
  twoStepConfirmation: boolean
  seriesForCustomers: boolean
  noShowGraceMinutes: number
  requireEmailVerification: boolean
  requireAdminTotp: boolean
} & NotificationValues

/** Settings added after the first release (issue 20), with the values the server assumes when absent. */
const NEW_SETTING_DEFAULTS = { twoStepConfirmation: false, noShowGraceMinutes: 10, seriesForCustomers: false } as const

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
  ...NEW_SETTING_DEFAULTS,
  maxOpenBookings: 3,
  holdMinutes: 10,
  requireEmailVerification: false,
  requireAdminTotp: false,
  ...NOTIFICATION_DEFAULTS,
}

const blankToNull = (v: string) => (v.trim() ? v.trim() : null)

/** The settings document's form (one document: always an edit). */
function SettingsForm({ id }: { id: number }) {
  const t = useT()
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values, ConfigInput>({
    initialValues: EMPTY,
    validate: zodValidate<Values>(configInput),
    transformValues: (v) => ({
      ...v,
      address: blankToNull(v.address),
      phone: blankToNull(v.phone),
      email: blankToNull(v.email),
    }),
    refineCoreProps: {
      resource: 'config',
      action: 'edit',
      id,
      redirect: false,
      // A setting the server does not hold yet reads as its default: the form starts clean (no
      // "unsaved changes" warning on leaving), and saving writes the default.
      queryOptions: {
        select: (r) => ({ ...r, data: { ...NEW_SETTING_DEFAULTS, ...r.data } }),
      },
    },
  })
  const number = (name: keyof Values, label: string, description?: string) => (
    <NumberInput label={label} description={description} hideControls required {...form.getInputProps(name)} />
  )
  return (
    <FormPage
      action="edit"
      back={false}
      title={t('config.title')}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
    >
      <Title order={4}>{t('config.salon')}</Title>
      <TextInput label={t('config.businessName')} required {...form.getInputProps('businessName')} />
      <TextInput label={t('config.address')} {...form.getInputProps('address')} />
      <FieldGrid>
        <TextInput label={t('config.phone')} type="tel" {...form.getInputProps('phone')} />
        <TextInput label={t('config.email')} type="email" {...form.getInputProps('email')} />
      </FieldGrid>
      <Divider />
      <Title order={4}>{t('config.bookings')}</Title>
      <FieldGrid>
        {number('slotStepMinutes', t('config.slotStep'), t('config.slotStepHelp'))}
        {number('minNoticeMinutes', t('config.minNotice'), t('config.minNoticeHelp'))}
        {number('bookingHorizonDays', t('config.horizon'), t('config.horizonHelp'))}
        {number('holdMinutes', t('config.hold'), t('config.holdHelp'))}
        {number('maxOpenBookings', t('config.maxOpen'), t('config.maxOpenHelp'))}
        {number('cancellationTimeLimit', t('config.cancelLimit'), t('config.cancelLimitHelp'))}
        {number('noShowGraceMinutes', t('config.noShowGrace'), t('config.noShowGraceHelp'))}
      </FieldGrid>
      <Switch label={t('config.autoConfirm')} {...form.getInputProps('autoConfirm', { type: 'checkbox' })} />
      <Switch
        label={t('config.twoStep')}
        description={t('config.twoStepHelp')}
        {...form.getInputProps('twoStepConfirmation', { type: 'checkbox' })}
      />
      <Switch label={t('config.cancellation')} {...form.getInputProps('cancellationEnabled', { type: 'checkbox' })} />
      <Switch
        label={t('config.seriesForCustomers')}
        description={t('config.seriesForCustomersHelp')}
        {...form.getInputProps('seriesForCustomers', { type: 'checkbox' })}
      />
      <Divider />
      <NotificationSettings form={form} />
      <Divider />
      <Title order={4}>{t('config.security')}</Title>
      <Switch
        label={t('config.emailVerification')}
        {...form.getInputProps('requireEmailVerification', { type: 'checkbox' })}
      />
      <Switch label={t('config.adminTotp')} {...form.getInputProps('requireAdminTotp', { type: 'checkbox' })} />
    </FormPage>
  )
}

interface HolidayRow {
  id: number
  name?: string | null
  /** A calendar day, stored at noon UTC (Payload's date field): its date part is the day. */
  date?: string | null
  recurring_yearly?: boolean | null
  is_active?: boolean | null
}

/** A holiday's day in words: `25 dic 2026`, or `25 dic` for one that comes back every year. */
const holidayDay = (r: HolidayRow, t: T) =>
  r.date
    ? formatCalendarDay(
        r.date.slice(0, 10),
        t.intl,
        r.recurring_yearly ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' },
      )
    : '—'

const holidayColumns = (t: T): TableColumn<HolidayRow>[] => [
  { field: 'name', label: t('columns.name'), render: (r) => r.name || '—' },
  {
    field: 'date',
    label: t('columns.date'),
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{holidayDay(r, t)}</span>,
  },
  {
    field: 'recurring_yearly',
    label: t('columns.yearly'),
    render: (r) => <BooleanBadge value={r.recurring_yearly} />,
  },
  { field: 'is_active', label: t('columns.activeF'), render: (r) => <BooleanBadge value={r.is_active} /> },
]

/**
 * /dashboard/config: the salon's settings as a form, the stations (issue 25), the backups' status,
 * and below them the holidays (spec §2 gives holidays only create and edit routes, so their list
 * lives here; the stations have no route of their own either: a short list edited in place).
 */
export default function ConfigPage() {
  const t = useT()
  const { result } = useList<{ id: number }>({ resource: 'config', pagination: { pageSize: 1 } })
  const id = result.data[0]?.id
  return (
    <Stack spacing="lg">
      {id !== undefined && <SettingsForm id={id} />}
      <StationsSection />
      <Paper withBorder p="md" component="section" aria-label={t('backups.title')}>
        <BackupStatusSection />
      </Paper>
      <List resource="holiday" title={<Title order={3}>{t('config.holidays')}</Title>} breadcrumb={false}>
        <RecordTable<HolidayRow> resource="holiday" columns={holidayColumns(t)} caption={t('config.holidays')} />
      </List>
    </Stack>
  )
}
