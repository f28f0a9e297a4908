import { isServerErrorCode } from '@salon/shared/errorCodes'
import {
  fieldMessage,
  isFieldMessageCode,
  issueCode,
  messageCode,
  type FieldMessageCode,
  type IssueLike,
  type MessageParams,
} from '@salon/shared/messages'
import { enRefusals } from './en-refusals'
import { getLocale, type Locale } from './locale'
import { addEnglish, interpolate, tr } from './translate'

// The refusals' English words arrive with this module (the first error answer: providers/http.ts).
addEnglish(enRefusals)

/**
 * The field messages in the dashboard's language, by code (issue 21 §4). The shared schemas take
 * their Italian from `@salon/shared/messages` (`FIELD_MESSAGES`); the server sends each field
 * error's `code` and `params`. The Italian dashboard shows the shared text, the English one the
 * table below — typed on every code, so a code without English does not compile. `{{n}}`, `{{from}}`…
 * are the params; `[one, other]` picks by `n`.
 */
export const FIELD_MESSAGES_EN: Record<FieldMessageCode, string | [one: string, other: string]> = {
  TIME_FORMAT: 'Use the HH:mm format (e.g. 09:30)',
  DAY_FORMAT: 'Use the YYYY-MM-DD format',
  MONTH_FORMAT: 'Use the YYYY-MM format',
  INSTANT_FORMAT: 'Use an ISO-8601 instant with a time zone (e.g. 2026-05-01T09:00:00Z)',
  DATE_OR_INSTANT: 'Use a YYYY-MM-DD date or an ISO-8601 instant (e.g. 2026-05-01T09:00:00Z)',
  DATE_NOT_EXISTS: 'This date does not exist',
  YEAR_OUT_OF_RANGE: 'Year outside the booking calendar',
  ID_INVALID: 'Invalid id',
  PAGE_INVALID: 'Invalid page',
  SORT_INVALID: 'Cannot sort by this field',
  JSON_INVALID: 'Invalid JSON',
  BODY_NOT_OBJECT: 'The body must be a JSON object',
  BODY_INVALID: 'Invalid request body',
  PHONE_REQUIRED: 'Enter your phone number',
  PHONE_INVALID: 'Invalid phone number',
  EMAIL_REQUIRED: 'Enter your e-mail',
  EMAIL_INVALID: 'Invalid e-mail address',
  EMAIL_TOO_LONG: 'E-mail address too long',
  PASSWORD_REQUIRED: 'Enter the password',
  PASSWORD_IS_EMAIL: 'The password cannot be your e-mail address',
  CURRENT_PASSWORD_REQUIRED: 'Enter the current password',
  YOUR_NAME_REQUIRED: 'Enter your name',
  YOUR_SURNAME_REQUIRED: 'Enter your surname',
  ENTER_NAME: 'Enter the name',
  ROLE_REQUIRED: 'Choose a role',
  INVITE_NO_PASSWORD: 'With an invitation the person chooses the password',
  PRIVACY_REQUIRED: 'To create the account, confirm you have read the privacy policy',
  CODE_MISSING: 'Code missing',
  VERIFICATION_CODE_REQUIRED: 'Enter the verification code',
  CODE_INVALID: 'Invalid code',
  CHALLENGE_MISSING: 'Sign-in request missing',
  SMS_CODE_INVALID: 'The code has 6 digits',
  CODE_EXPIRED: 'The code has expired or was already used: ask for a new one',
  CODE_REQUEST_INVALID: 'Ask for a code by text message first',
  SERIES_COUNT_OR_UNTIL: 'Give how many times or until when, not both',
  WAITLIST_DAY_PAST: 'Pick a day from today on',
  FACTOR_TYPE_INVALID: 'Choose the authenticator app or text messages',
  CHANNEL_INVALID: 'The code only comes by text message',
  FACTOR_INVALID: 'Choose one of your verification methods',
  NOT_A_PHONE_FACTOR: 'This verification method does not use text messages',
  REDIRECT_OWN_PATH: 'Use a path of this site (/…)',
  SERVICES_REQUIRED: 'Choose at least one service',
  SERVICE_REPEATED: 'Service repeated',
  STATUS_UNKNOWN: 'Unknown status',
  GROUP_BY_UNKNOWN: 'Use day, week or month',
  PERIOD_UNKNOWN: 'Use today, 7d, 30d, mtd, custom (or day, week, month, year)',
  DATES_ONLY_CUSTOM: 'Dates only with period=custom',
  FROM_REQUIRED: 'Give the first day',
  TO_REQUIRED: 'Give the last day',
  END_BEFORE_START: 'The end cannot come before the start',
  END_AFTER_START: 'The end must come after the start',
  NOTHING_TO_CHANGE: 'Say what to change',
  DURATION_REQUIRED: 'Give the duration in minutes',
  NAME_REQUIRED: 'The name is required',
  TITLE_REQUIRED: 'The title is required',
  SALON_NAME_REQUIRED: 'The salon’s name is required',
  PRICE_REQUIRED: 'Enter a price',
  MORE_THAN_ZERO: 'Must be more than zero',
  TWO_DECIMALS: 'At most two decimals',
  DURATION_MINUTES_REQUIRED: 'Enter the duration in minutes',
  WHOLE_MINUTES: 'Must be a whole number of minutes',
  AT_LEAST_ONE_MINUTE: 'At least one minute',
  NUMBER_REQUIRED: 'Enter a number',
  WHOLE_NUMBER: 'Must be a whole number',
  NOT_NEGATIVE: 'Cannot be negative',
  SERVICES_FROM_LIST: 'Choose the services from the list',
  TOO_MANY_SERVICES: 'Too many services',
  SERVICE_CHOSEN_TWICE: 'A service is chosen twice',
  LINK_FORMAT: 'Use a path (/…) or an http(s) address',
  DATE_REQUIRED: 'Choose a date',
  SECOND_REMINDER_ORDER: 'The second reminder must come closer to the appointment than the first: fewer hours',
  PHASES_REQUIRED: 'At least one phase is needed',
  PHASE_OPERATOR_BUSY: 'At least one phase with the stylist at work',
  STATION_COUNT_REQUIRED: 'Say how many stations there are',
  AT_MOST_PHASES: ['At most {{n}} phase', 'At most {{n}} phases'],
  TIME_SET_BY_PHASES: 'The duration is the sum of the phases: change the phases',
  DAY_UNKNOWN: 'Unknown day',
  SEVEN_DAYS: 'All seven days are needed',
  DAY_REPEATED: 'Day repeated',
  DAY_WITHOUT_HOURS: 'Add at least one time or mark the day as closed',
  CLOSING_AFTER_OPENING: 'Closing must come after opening',
  OVERLAPS: 'Overlaps {{from}}–{{to}}',
  CYCLE_WEEKS: 'The shift repeats every 1, 2, 3 or 4 weeks',
  WEEK_OUT_OF_CYCLE: 'Week outside the cycle: 1 to {{n}}',
  LEAVE_KIND_UNKNOWN: 'Choose the kind of leave: annual leave, time off, sick leave or training',
  MONDAY_REQUIRED: 'Choose the Monday of the week',
  CLIENT_NAME_REQUIRED: 'Enter the client’s name',
  CLIENT_OR_USER: 'Give the client card (client) or the account (user), not both',
  TAG_INVALID: 'Each tag has 1 to 30 characters',
  NOTE_REQUIRED: 'Write the note',
  METHOD_UNKNOWN: 'Choose the method: cash, card, bank transfer or other',
  DISCOUNT_KIND_UNKNOWN: 'Choose the discount: amount or percentage',
  AMOUNT_POSITIVE: 'Enter an amount above zero',
  AMOUNT_NOT_NEGATIVE: 'The amount cannot be negative',
  PERCENT_RANGE: 'A percentage from 0 to 100',
  PAYMENT_REQUIRED: 'Add at least one payment',
  PAYMENTS_MISMATCH: 'The payments must add up to €{{expected}}',
  DISCOUNT_OVER_TOTAL: 'The discount is more than the services’ total',
  MERGE_SELF: 'Choose another card to merge',
  PASSWORD_WRONG: 'Wrong password',
  AVATAR_NAME_RESERVED: 'Names “avatar-…” are reserved for customers’ profile photos',
  LABEL_REQUIRED: 'Choose a label',
  IMAGES_LIST_REQUIRED: 'The list of images is needed',
  IMAGES_REQUIRED: 'At least one image is needed',
  TOO_MANY_IMAGES: 'Too many images',
  IMAGE_TWICE: 'An image appears twice',
  FILE_REQUIRED: 'The file is required',
  IMAGE_REQUIRED: 'Choose an image',
  AT_MOST_CHARS: ['At most {{n}} character', 'At most {{n}} characters'],
  AT_MOST_HOURS: ['At most {{n}} hour', 'At most {{n}} hours'],
  AT_MOST_MINUTES: ['At most {{n}} minute', 'At most {{n}} minutes'],
  AT_MOST_DAYS: ['At most {{n}} day', 'At most {{n}} days'],
  AT_MOST_BOOKINGS: ['At most {{n}} booking', 'At most {{n}} bookings'],
  AT_MOST_SERVICES: ['At most {{n}} service', 'At most {{n}} services'],
  AT_MOST_INTERVALS: ['At most {{n}} interval a day', 'At most {{n}} intervals a day'],
  AT_MOST_EUROS: 'At most €{{n}}',
  AT_MOST_TAGS: ['At most {{n}} tag', 'At most {{n}} tags'],
  AT_MOST_PAYMENTS: ['At most {{n}} payment', 'At most {{n}} payments'],
  AT_LEAST_HOURS: ['At least {{n}} hour', 'At least {{n}} hours'],
  AT_LEAST_MINUTES: ['At least {{n}} minute', 'At least {{n}} minutes'],
  AT_LEAST_DAYS: ['At least {{n}} day', 'At least {{n}} days'],
  AT_LEAST_BOOKINGS: ['At least {{n}} booking', 'At least {{n}} bookings'],
  BETWEEN: 'From {{from}} to {{to}}',
  PASSWORD_TOO_SHORT: 'The password must have at least {{n}} characters',
  VALUE_TAKEN: 'Something with this value already exists: choose another.',
  REQUIRED: 'Required field.',
  CHOICE_INVALID: 'Invalid choice.',
  NUMBER_INVALID: 'Enter a valid number.',
  EMAIL_ADDRESS_INVALID: 'Enter a valid e-mail address.',
  EMAIL_REGISTERED: 'An account with this e-mail already exists.',
  RELATED_MISSING: 'A linked item does not exist.',
  FIELD_MISSING: 'A required field is missing.',
  VALUE_INVALID: 'Invalid value for one of the fields or filters.',
  WRONG_TYPE: 'Wrong kind of value',
  UNKNOWN_FIELDS: 'Fields not expected: {{keys}}',
  FIELD_NOT_ACCEPTED: 'Field not accepted',
  SET_BY_SERVER: 'The salon sets this field: do not send it',
  BODY_TOO_LARGE: 'Request too large: at most {{n}} KB',
  BODY_LENGTH_REQUIRED: 'Send the body with its length (Content-Length, at most {{n}} KB)',
  IMAGE_TOO_MANY_PIXELS: 'Image too large: at most {{n}} megapixels (width × height)',
  STATUS_ALONE: 'Change the status on its own, without other fields',
  INVALID: 'Invalid value',
}

/** Numbers in English digits ("10000" → "10,000"); other params as they are. */
const englishParams = (params?: MessageParams): MessageParams | undefined =>
  params &&
  Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? new Intl.NumberFormat('en-GB').format(v) : v]),
  )

/** The words of a field message code in `locale` (Italian: the shared text itself). */
export function fieldText(code: FieldMessageCode, params?: MessageParams, locale: Locale = getLocale()): string {
  if (locale !== 'en') return fieldMessage(code, params)
  const entry = FIELD_MESSAGES_EN[code]
  const text = typeof entry === 'string' ? entry : params?.n === 1 ? entry[0] : entry[1]
  return interpolate(text, englishParams(params))
}

/**
 * The words of any code the server sends (`data.code` or a field error's `code`): a field
 * message from the table above, a refusal from the dictionaries' `refusal.<CODE>`. `fallback`
 * (the server's Italian) when the code is none of ours, or is `INVALID` (a message nobody coded).
 */
export function codeText(
  code: unknown,
  params: MessageParams | undefined,
  fallback: string,
  locale: Locale = getLocale(),
): string {
  // In Italian a field message's words are the server's own (the same shared table), and so are a
  // refusal's when the server sent them: its Italian is the product's (plurals included — "una
  // prenotazione", "3 prenotazioni"); the Italian dictionary words a code that came without them.
  if (isFieldMessageCode(code))
    return (code === 'INVALID' || locale !== 'en') && fallback ? fallback : fieldText(code, params, locale)
  if (isServerErrorCode(code)) return locale !== 'en' && fallback ? fallback : tr(`refusal.${code}`, params, locale)
  return fallback
}

/** A field error as the server sent it: by its code, or by the code of its message (older answers). */
export function fieldErrorText(field: { code?: unknown; params?: unknown; message?: unknown }): string {
  const message = typeof field.message === 'string' ? field.message : ''
  const params = field.params && typeof field.params === 'object' ? (field.params as MessageParams) : undefined
  if (field.code !== undefined) return codeText(field.code, params, message)
  const found = message ? messageCode(message) : undefined
  return found ? fieldText(found.code, found.params) : message || fieldText('INVALID')
}

/** A zod issue of a form's own check (the shared schemas), in the dashboard's language. */
export function issueText(issue: IssueLike): string {
  const { code, params } = issueCode(issue)
  return codeText(code, params, issue.message)
}
