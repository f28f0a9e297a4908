import { FIELD_MESSAGES as M } from '@salon/shared/messages'

/**
 * Payload's own field-validation messages are English ("Value must be unique"); the people who
 * read them — the owner in the dashboard, a customer on the site — read Italian. The few Payload
 * produces for our collections are put in our words here (the shared table of field messages, so
 * each gets its code on the way out); our own validators already speak Italian.
 */
const ITALIAN: Record<string, string> = {
  'Value must be unique': M.VALUE_TAKEN,
  'This field is required.': M.REQUIRED,
  'This field has an invalid selection': M.CHOICE_INVALID,
  'Please enter a valid number.': M.NUMBER_INVALID,
  'Please enter a valid email address.': M.EMAIL_ADDRESS_INVALID,
  'A user with the given email is already registered.': M.EMAIL_REGISTERED,
}

type FieldError = { path?: unknown; message?: unknown; label?: unknown }

/** The error body's field errors with Payload's English messages translated (the body is changed in place). */
export function italianFieldErrors<T>(body: T): T {
  const items = (body as { errors?: { message?: unknown; data?: { errors?: FieldError[] } }[] })?.errors
  if (!Array.isArray(items)) return body
  for (const item of items) {
    const fields = item?.data?.errors
    if (!Array.isArray(fields)) continue
    for (const field of fields) {
      if (typeof field.message === 'string' && ITALIAN[field.message]) field.message = ITALIAN[field.message]
    }
    if (typeof item.message === 'string' && /^The following fields? (is|are) invalid/.test(item.message)) {
      const paths = fields.map((f) => String(f.path ?? '')).filter(Boolean)
      item.message = `Dati non validi: ${paths.join(', ')}`
    }
  }
  return body
}
