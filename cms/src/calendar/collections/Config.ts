import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../hooks'
import { ValidationError } from 'payload'
import { CONFIG_DEFAULTS, configFields, secondReminderError } from '@salon/shared'
import { anyone, isAdmin, isAdminField, zodField } from '../../platform'
import { configCounts } from '../endpoints/counts'

/** Admins only read it (the mail worker reads the columns with SQL, not through this access). */
const adminRead = { read: isAdminField }

/** A notification number: the shared rule, and an `access` only admins read. */
const notificationHours = (name: 'reminderHours' | 'autoCompleteHours') => ({
  name,
  type: 'number' as const,
  required: true,
  defaultValue: CONFIG_DEFAULTS[name],
  access: adminRead,
  validate: zodField(configFields[name]),
})

const notificationSwitch = (
  name:
    | 'mailCustomerBookings'
    | 'mailCustomerChanges'
    | 'mailSalonNewBookings'
    | 'mailSalonCancellations'
    | 'smsReminders'
    | 'smsConfirmations',
) => ({ name, type: 'checkbox' as const, defaultValue: CONFIG_DEFAULTS[name], access: adminRead })

const validTimeZone = (value: unknown) => {
  if (typeof value !== 'string' || !value) return 'Campo obbligatorio'
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return 'Fuso orario IANA non valido (es. Europe/Rome)'
  }
}

/**
 * The salon's settings: one document (a collection, so that spec §7's /api/config CRUD holds).
 * Readable by anyone (the public site needs the salon's name, contacts and booking rules), except
 * the security switches and the notification settings, which only admins read
 * (`access.read: isAdminField`): the public site needs neither.
 */
export const Config: CollectionConfig = {
  slug: 'config',
  admin: { useAsTitle: 'businessName' },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  // Spec §7's /api/config/count and /aggregate, admin only like the other counts (docs/api.md).
  endpoints: configCounts,
  hooks: {
    ...calendarChanged,
    beforeValidate: [
      async ({ operation, req }) => {
        if (operation !== 'create') return
        const { totalDocs } = await req.payload.count({ collection: 'config', req })
        if (totalDocs > 0) {
          throw new ValidationError({
            collection: 'config',
            errors: [{ path: 'id', message: 'La configurazione esiste già: modificala invece di crearne una nuova' }],
          })
        }
      },
    ],
  },
  fields: [
    {
      name: 'businessName',
      type: 'text',
      required: true,
      defaultValue: 'Il tuo salone',
      validate: zodField(configFields.businessName),
    },
    { name: 'address', type: 'text', validate: zodField(configFields.address) },
    { name: 'phone', type: 'text', validate: zodField(configFields.phone) },
    { name: 'email', type: 'text', validate: zodField(configFields.email) },
    { name: 'cancellationEnabled', type: 'checkbox', defaultValue: CONFIG_DEFAULTS.cancellationEnabled },
    /** Hours before the start until which a customer may cancel. */
    {
      name: 'cancellationTimeLimit',
      type: 'number',
      required: true,
      defaultValue: CONFIG_DEFAULTS.cancellationTimeLimit,
      validate: zodField(configFields.cancellationTimeLimit),
    },
    { name: 'timezone', type: 'text', required: true, defaultValue: CONFIG_DEFAULTS.timezone, validate: validTimeZone },
    {
      name: 'slotStepMinutes',
      type: 'number',
      required: true,
      defaultValue: CONFIG_DEFAULTS.slotStepMinutes,
      validate: zodField(configFields.slotStepMinutes),
    },
    {
      name: 'minNoticeMinutes',
      type: 'number',
      required: true,
      defaultValue: CONFIG_DEFAULTS.minNoticeMinutes,
      validate: zodField(configFields.minNoticeMinutes),
    },
    {
      name: 'bookingHorizonDays',
      type: 'number',
      required: true,
      defaultValue: CONFIG_DEFAULTS.bookingHorizonDays,
      validate: zodField(configFields.bookingHorizonDays),
    },
    { name: 'autoConfirm', type: 'checkbox', defaultValue: CONFIG_DEFAULTS.autoConfirm },
    /** Customers may book a repeating appointment themselves (issue 27; staff always may). */
    { name: 'seriesForCustomers', type: 'checkbox', defaultValue: CONFIG_DEFAULTS.seriesForCustomers },
    /** Approva first, Conferma later (PENDING → APPROVED → CONFIRMED); off: one Conferma (issue 20). */
    { name: 'twoStepConfirmation', type: 'checkbox', defaultValue: CONFIG_DEFAULTS.twoStepConfirmation },
    /** Minutes after the start before "Non presentato" may be set (the engine's statusTimeDecision). */
    {
      name: 'noShowGraceMinutes',
      type: 'number',
      required: true,
      defaultValue: CONFIG_DEFAULTS.noShowGraceMinutes,
      validate: zodField(configFields.noShowGraceMinutes),
    },
    /**
     * Open future bookings one customer may hold at once (0 = no cap; staff are exempt): a script
     * cannot book out the salon. Decided by the engine (`bookingCapDecision`) inside confirm.
     */
    {
      name: 'maxOpenBookings',
      type: 'number',
      required: true,
      defaultValue: CONFIG_DEFAULTS.maxOpenBookings,
      validate: zodField(configFields.maxOpenBookings),
    },
    /** When on, a customer must confirm their e-mail address before booking (default: may book). */
    { name: 'requireEmailVerification', type: 'checkbox', defaultValue: false, access: { read: isAdminField } },
    /** When on, an ADMIN account acts as an admin only once it has an active second factor. */
    { name: 'requireAdminTotp', type: 'checkbox', defaultValue: false, access: { read: isAdminField } },
    {
      name: 'holdMinutes',
      type: 'number',
      required: true,
      defaultValue: CONFIG_DEFAULTS.holdMinutes,
      validate: zodField(configFields.holdMinutes),
    },
    // Notifications (docs/notifications.md). The mail worker reads these columns with SQL
    // (mail_customer_bookings, reminder_hours, …): do not rename them.
    notificationSwitch('mailCustomerBookings'),
    notificationSwitch('mailCustomerChanges'),
    notificationHours('reminderHours'),
    /** The second reminder: fewer hours than the first when both are on (checked on the merged document). */
    {
      name: 'secondReminderHours',
      type: 'number',
      required: true,
      defaultValue: CONFIG_DEFAULTS.secondReminderHours,
      access: adminRead,
      validate: (value: unknown, options: { required?: boolean; data?: Partial<Record<string, unknown>> }) => {
        const own = zodField(configFields.secondReminderHours)(value, options)
        if (own !== true) return own
        return secondReminderError(options.data?.reminderHours as number | undefined, value as number) ?? true
      },
    },
    notificationSwitch('mailSalonNewBookings'),
    notificationSwitch('mailSalonCancellations'),
    notificationHours('autoCompleteHours'),
    // SMS to the customer (issue 26; columns sms_reminders, sms_confirmations read with SQL).
    notificationSwitch('smsReminders'),
    notificationSwitch('smsConfirmations'),
  ],
}
