import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'
import { DISCOUNT_KINDS, DUPLICATE_REASONS, PAYMENT_METHODS, RESERVATION_STATUSES } from '../enums/index'
import { isWholeCents } from '../booking/checkout'
import { BOOKING_NOTE_MAX } from '../constants'
import { email, phone } from './index'
import { daySchema, operatorChoice, paidItem, serviceIds } from './booking'

/**
 * The front desk (issue 24, docs/api.md "Clients, the front desk, checkout and privacy"): client
 * cards, staff notes, booking at the desk, walk-ins, checkout, takings, privacy. The server parses
 * every body with these; the dashboard's forms run the same schemas.
 */

export const CLIENT_TAGS_MAX = 20
export const CLIENT_TAG_MAX = 30
export const CLIENT_NOTE_MAX = 2000
export const ALLERGIES_MAX = 1000
export const TECHNICAL_NOTES_MAX = 4000
export const BLOCKED_REASON_MAX = 200
export const CLIENT_SEARCH_MAX = 100
export const TAKINGS_MAX_DAYS = 366
export const PAYMENTS_MAX = 4

const id = z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).positive(M.ID_INVALID)
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, fieldMessage('AT_MOST_CHARS', { n: max }))
/** An optional text field: empty means none (null). */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))

export const clientFields = {
  name: text(100).min(1, M.CLIENT_NAME_REQUIRED),
  surname: optionalText(100),
  phone_number: phone,
  email: email
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  birthday: daySchema
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  marketing_consent: z.boolean().optional(),
  /** Reminders by SMS (issue 26): the desk asked the person. */
  sms_consent: z.boolean().optional(),
  tags: z
    .array(z.string().trim().min(1, M.TAG_INVALID).max(CLIENT_TAG_MAX, M.TAG_INVALID))
    .max(CLIENT_TAGS_MAX, fieldMessage('AT_MOST_TAGS', { n: CLIENT_TAGS_MAX }))
    .optional(),
  allergies: optionalText(ALLERGIES_MAX),
  technical_notes: optionalText(TECHNICAL_NOTES_MAX),
  blocked_online: z.boolean().optional(),
  blocked_reason: optionalText(BLOCKED_REASON_MAX),
}

/** POST /api/clients — the desk creates a card: a name and a phone are enough. */
export const clientCreateBody = z
  .object({
    name: clientFields.name,
    surname: clientFields.surname,
    phone_number: clientFields.phone_number,
    email: clientFields.email,
    birthday: clientFields.birthday,
    marketing_consent: clientFields.marketing_consent,
    sms_consent: clientFields.sms_consent,
    tags: clientFields.tags,
  })
  .strict()
export type ClientCreateBody = z.infer<typeof clientCreateBody>

/** PATCH /api/clients/:id — any of the card's own fields (the phone may be emptied on an edit). */
export const clientPatchBody = z
  .object({
    ...clientFields,
    name: clientFields.name.optional(),
    phone_number: phone
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
  })
  .strict()
export type ClientPatchBody = z.infer<typeof clientPatchBody>

/** The fields an OPERATOR may change on a card of their own clients. */
export const OPERATOR_CLIENT_FIELDS = ['allergies', 'technical_notes', 'tags'] as const

/** GET /api/clients?search=&page=&limit= */
export const clientSearchQuery = z
  .object({
    search: z
      .string()
      .trim()
      .max(CLIENT_SEARCH_MAX, fieldMessage('AT_MOST_CHARS', { n: CLIENT_SEARCH_MAX }))
      .optional(),
    page: z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).min(1).max(100_000).default(1),
    limit: z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).min(1).max(100).default(20),
  })
  .strict()
export type ClientSearchQuery = z.infer<typeof clientSearchQuery>

export const clientListItem = z
  .object({
    id: z.number(),
    name: z.string(),
    surname: z.string().nullable(),
    phone_number: z.string().nullable(),
    email: z.string().nullable(),
    hasAccount: z.boolean(),
    blocked_online: z.boolean(),
    tags: z.array(z.string()),
    allergies: z.string().nullable(),
    visits: z.number(),
    lastVisit: z.string().nullable(),
  })
  .strict()
export type ClientListItem = z.infer<typeof clientListItem>

export const clientListResponse = z
  .object({
    docs: z.array(clientListItem),
    totalDocs: z.number(),
    page: z.number(),
    limit: z.number(),
    hasNextPage: z.boolean(),
  })
  .strict()
export type ClientListResponse = z.infer<typeof clientListResponse>

export const duplicateItem = clientListItem.extend({ reasons: z.array(z.enum(DUPLICATE_REASONS)) }).strict()
export const duplicatesResponse = z.object({ docs: z.array(duplicateItem) }).strict()
export type DuplicateItem = z.infer<typeof duplicateItem>

export const clientNoteBody = z.object({ body: text(CLIENT_NOTE_MAX).min(1, M.NOTE_REQUIRED) }).strict()
export const clientNoteItem = z
  .object({
    id: z.number(),
    body: z.string(),
    author: z.object({ id: z.number(), name: z.string() }).strict().nullable(),
    createdAt: z.string(),
  })
  .strict()
export type ClientNoteItem = z.infer<typeof clientNoteItem>

export const mergeBody = z.object({ from: id }).strict()

const paymentMethod = z.enum(PAYMENT_METHODS, { message: M.METHOD_UNKNOWN })
const euro = z
  .number({ message: M.NUMBER_INVALID })
  .refine(Number.isFinite, M.NUMBER_INVALID)
  .refine(isWholeCents, M.TWO_DECIMALS)
  .refine((n) => n <= 100_000, fieldMessage('AT_MOST_EUROS', { n: 100_000 }))

export const paymentSchema = z
  .object({ method: paymentMethod, amount: euro.refine((n) => n > 0, M.AMOUNT_POSITIVE) })
  .strict()

export const discountSchema = z
  .object({
    kind: z.enum(DISCOUNT_KINDS, { message: M.DISCOUNT_KIND_UNKNOWN }),
    value: euro.refine((n) => n >= 0, M.AMOUNT_NOT_NEGATIVE),
  })
  .strict()
  .refine((d) => d.kind !== 'PERCENT' || d.value <= 100, { message: M.PERCENT_RANGE, path: ['value'] })

/**
 * POST /api/reservations/:id/checkout — what was done and paid. Whether the payments add up is
 * checked by the server against the services' prices (`checkoutTotals`), and by the form live.
 */
export const checkoutBody = z
  .object({
    services: serviceIds.optional(),
    discount: discountSchema.nullable().optional(),
    tip: euro.refine((n) => n >= 0, M.AMOUNT_NOT_NEGATIVE).optional(),
    payments: z
      .array(paymentSchema)
      .min(1, M.PAYMENT_REQUIRED)
      .max(PAYMENTS_MAX, fieldMessage('AT_MOST_PAYMENTS', { n: PAYMENTS_MAX })),
  })
  .strict()
export type CheckoutBody = z.infer<typeof checkoutBody>

export const checkoutResponse = z
  .object({ id: z.number(), status: z.enum(RESERVATION_STATUSES), paid: paidItem })
  .strict()
export type CheckoutResponse = z.infer<typeof checkoutResponse>

/** POST /api/reservations/walk-in — now, with the first operator free. */
export const walkInBody = z
  .object({
    services: serviceIds,
    client: id.optional(),
    operator: operatorChoice,
    note: text(BOOKING_NOTE_MAX).optional(),
  })
  .strict()
export type WalkInBody = z.infer<typeof walkInBody>

/** GET /api/reports/takings?from=&to= (local days, both included). */
export const takingsQuery = z
  .object({ from: daySchema, to: daySchema })
  .strict()
  .refine((q) => q.to >= q.from, { message: M.END_AFTER_START, path: ['to'] })
  .refine(
    (q) => (Date.parse(q.to + 'T00:00:00Z') - Date.parse(q.from + 'T00:00:00Z')) / 86_400_000 < TAKINGS_MAX_DAYS,
    { message: fieldMessage('AT_MOST_DAYS', { n: TAKINGS_MAX_DAYS }), path: ['to'] },
  )
export type TakingsQuery = z.infer<typeof takingsQuery>

const byMethod = z.object({ CASH: z.number(), CARD: z.number(), TRANSFER: z.number(), OTHER: z.number() }).strict()
export const takingsResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    timezone: z.string(),
    totals: z.object({ total: z.number(), tips: z.number(), visits: z.number(), byMethod }).strict(),
    days: z.array(
      z
        .object({
          date: z.string(),
          total: z.number(),
          tips: z.number(),
          visits: z.number(),
          byMethod,
          byOperator: z.array(
            z
              .object({
                operator: z.object({ id: z.number(), name: z.string() }).strict().nullable(),
                total: z.number(),
                tips: z.number(),
                visits: z.number(),
              })
              .strict(),
          ),
        })
        .strict(),
    ),
  })
  .strict()
export type TakingsResponse = z.infer<typeof takingsResponse>

/** DELETE /api/auth/me — erasing one's own account needs its password. */
export const deleteMeBody = z.object({ password: z.string().min(1, M.PASSWORD_REQUIRED).max(256) }).strict()

/** One visit of a client's history. */
export const clientVisit = z
  .object({
    id: z.number(),
    status: z.enum(RESERVATION_STATUSES),
    date_start: z.string().nullable(),
    date_end: z.string().nullable(),
    services: z.array(z.object({ id: z.number(), title: z.string(), price: z.number() }).strict()),
    operator: z.object({ id: z.number(), name: z.string() }).strict().nullable(),
    total_price: z.number(),
    paid: paidItem.nullable(),
  })
  .strict()
export type ClientVisit = z.infer<typeof clientVisit>

export const clientHistoryResponse = z
  .object({
    client: z.object({ id: z.number(), name: z.string(), surname: z.string().nullable() }).strict(),
    stats: z
      .object({
        visits: z.number(),
        totalSpent: z.number(),
        averageTicket: z.number(),
        lastVisit: z.string().nullable(),
        upcoming: z.number(),
        cancellations: z.number(),
        noShows: z.number(),
      })
      .strict(),
    upcoming: z.array(clientVisit),
    past: z.array(clientVisit),
  })
  .strict()
export type ClientHistoryResponse = z.infer<typeof clientHistoryResponse>
