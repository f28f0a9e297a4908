import { NumberInput, Stack, Switch, Text, Title } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { CONFIG_DEFAULTS } from '@salon/shared/constants'
import { NOTIFICATION_MAX_HOURS } from '@salon/shared'
import { useT } from '../../i18n/use-t'
import { FieldGrid } from '../../components/form/fields'

/** The notification settings of the config (issue 12; docs/notifications.md). */
export interface NotificationValues {
  mailCustomerBookings: boolean
  mailCustomerChanges: boolean
  reminderHours: number
  secondReminderHours: number
  mailSalonNewBookings: boolean
  mailSalonCancellations: boolean
  autoCompleteHours: number
  smsReminders: boolean
  smsConfirmations: boolean
}

/** The defaults of a salon that never changed them: the server's own (`CONFIG_DEFAULTS`). */
export const NOTIFICATION_DEFAULTS: NotificationValues = {
  mailCustomerBookings: CONFIG_DEFAULTS.mailCustomerBookings,
  mailCustomerChanges: CONFIG_DEFAULTS.mailCustomerChanges,
  reminderHours: CONFIG_DEFAULTS.reminderHours,
  secondReminderHours: CONFIG_DEFAULTS.secondReminderHours,
  mailSalonNewBookings: CONFIG_DEFAULTS.mailSalonNewBookings,
  mailSalonCancellations: CONFIG_DEFAULTS.mailSalonCancellations,
  autoCompleteHours: CONFIG_DEFAULTS.autoCompleteHours,
  smsReminders: CONFIG_DEFAULTS.smsReminders,
  smsConfirmations: CONFIG_DEFAULTS.smsConfirmations,
}

/**
 * The "Notifications" section of the settings form: which booking e-mails go out, the reminders'
 * hours, the automatic completion. The form's `validate` (the shared `configInput`) puts its errors
 * next to these fields, the second-reminder rule included.
 */
export function NotificationSettings<V extends NotificationValues>({ form }: { form: UseFormReturnType<V> }) {
  const t = useT()
  const number = (name: keyof typeof NOTIFICATION_MAX_HOURS) => (
    <NumberInput
      label={t(`config.${name}`)}
      description={t(`config.${name}Help`)}
      min={0}
      max={NOTIFICATION_MAX_HOURS[name]}
      hideControls
      required
      {...form.getInputProps(name)}
    />
  )
  const toggle = (name: keyof NotificationValues) => (
    <Switch label={t(`config.${name}`)} {...form.getInputProps(name, { type: 'checkbox' })} />
  )
  const smsToggle = (name: 'smsReminders' | 'smsConfirmations') => (
    <Switch
      label={t(`config.${name}`)}
      description={t(`config.${name}Help`)}
      {...form.getInputProps(name, { type: 'checkbox' })}
    />
  )
  return (
    <Stack spacing="sm">
      <Title order={4}>{t('config.notifications')}</Title>
      <Text size="sm" color="dimmed">
        {t('config.notificationsHelp')}
      </Text>
      {toggle('mailCustomerBookings')}
      {toggle('mailCustomerChanges')}
      {toggle('mailSalonNewBookings')}
      {toggle('mailSalonCancellations')}
      <FieldGrid cols={3}>
        {number('reminderHours')}
        {number('secondReminderHours')}
        {number('autoCompleteHours')}
      </FieldGrid>
      <Title order={5} mt="xs">
        {t('config.sms')}
      </Title>
      <Text size="sm" color="dimmed">
        {t('config.smsHelp')}
      </Text>
      {smsToggle('smsReminders')}
      {smsToggle('smsConfirmations')}
    </Stack>
  )
}
