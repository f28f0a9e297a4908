import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'
import { hhmm } from './index'
import { daySchema, serviceIds } from './booking'

/**
 * The waitlist (issue 27): "Avvisami se si libera". A customer (or the salon for a client) asks for
 * services, an operator or anyone, one or more days and a time window; when a matching time frees
 * up, the first entry in line that fits gets an offer, held for the salon's `holdMinutes` as a timed
 * draft (the wizard's draft-and-hold), booked with one tap through the normal confirm.
 * The contract of POST /api/waitlist, GET /api/waitlist/mine, DELETE /api/waitlist/{id},
 * GET /api/waitlist?day=, POST /api/waitlist/{id}/offer, GET /api/waitlist/offers/{id} (docs/api.md "Waitlist").
 */

/** At most this many days in one entry. */
export const WAITLIST_DAYS_MAX = 14

/** An entry: waiting (ACTIVE); booked from an offer (BOOKED); its days are past (EXPIRED); taken off the list (REMOVED). */
export const WAITLIST_ENTRY_STATUSES = ['ACTIVE', 'BOOKED', 'EXPIRED', 'REMOVED'] as const
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number]

/**
 * An offer: held and sent, waiting for the tap (OPEN); booked (TAKEN); its hold ended untaken, the
 * time went to the next in line (EXPIRED); the entry was removed or staff withdrew it (WITHDRAWN).
 */
export const WAITLIST_OFFER_STATUSES = ['OPEN', 'TAKEN', 'EXPIRED', 'WITHDRAWN'] as const
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number]

const id = z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).positive(M.ID_INVALID)

const waitlistShape = {
  services: serviceIds,
  /** `any` (default) or an operator id. */
  operator: z
    .union([z.literal('any'), id])
    .nullable()
    .optional()
    .transform((v) => v ?? 'any'),
  days: z
    .array(daySchema, { message: M.DATE_REQUIRED })
    .min(1, M.DATE_REQUIRED)
    .max(WAITLIST_DAYS_MAX, fieldMessage('AT_MOST_DAYS', { n: WAITLIST_DAYS_MAX }))
    .refine((xs) => new Set(xs).size === xs.length, M.DAY_REPEATED),
  /** The window the start may fall in, salon time: `from` ≤ start, start + duration ≤ `to`. */
  from: hhmm,
  to: hhmm,
  /**
   * Staff only: the client card the entry is for (a customer never sends it: their own card). A
   * card without a login account gets no automatic offer (nothing to book with): the day's list shows
   * it, to call.
   */
  client: id.optional(),
}

const windowInOrder = (b: { from: string; to: string }) => b.from < b.to

/** POST /api/waitlist. Days today or later within the booking horizon are checked by the server (`now`, time zone). */
export const waitlistEntryBody = z
  .object(waitlistShape)
  .strict()
  .refine(windowInOrder, { message: M.END_AFTER_START, path: ['to'] })
export type WaitlistEntryBody = z.infer<typeof waitlistEntryBody>

/** GET /api/waitlist?day= (staff): the entries asking for that day. */
export const waitlistDayQuery = z.object({ day: daySchema }).strict()

/** POST /api/waitlist/{id}/offer (staff): offer this entry a time by hand (held and sent as an automatic one). */
export const waitlistOfferBody = z
  .object({
    date_start: z.iso.datetime({ offset: true, message: M.INSTANT_FORMAT }),
    /** The operator to hold; omitted = the entry's operator, or the least-booked free one. */
    operator: id.optional(),
  })
  .strict()
export type WaitlistOfferBody = z.infer<typeof waitlistOfferBody>

const named = z.object({ id: z.number(), name: z.string() })

export const waitlistOfferItem = z.object({
  id: z.number(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  date_start: z.string(),
  date_end: z.string(),
  operator: named.nullable(),
  /** The held draft: `POST /api/reservations/confirm { id: reservation, services, operator, date_start }` books it. */
  reservation: z.number().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  /** When it was TAKEN, EXPIRED or WITHDRAWN. */
  decided_at: z.string().nullable(),
  /** Made by hand from the dashboard (else by the queue). */
  by_hand: z.boolean(),
})
export type WaitlistOfferItem = z.infer<typeof waitlistOfferItem>

export const waitlistEntryItem = z.object({
  id: z.number(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  services: z.array(named.extend({ duration: z.number() })),
  operator: named.nullable(),
  days: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  created_at: z.string(),
  /** Staff reads only (GET /api/waitlist?day=): who. */
  client: z
    .object({ id: z.number(), name: z.string(), phone: z.string().nullable(), has_account: z.boolean() })
    .optional(),
  /** Its offers, newest first (the customer sees theirs too). */
  offers: z.array(waitlistOfferItem),
})
export type WaitlistEntryItem = z.infer<typeof waitlistEntryItem>

/** GET /api/waitlist/offers/{id} (the offer's owner): what the offer page shows before the one-tap booking. */
export const waitlistOfferDetail = waitlistOfferItem.extend({
  entry: z.number(),
  services: z.array(named.extend({ duration: z.number(), price: z.number() })),
  total_price: z.number(),
  /** `any` when the entry asked for anyone (what confirm is sent with: the booking remembers it). */
  operator_choice: z.union([z.literal('any'), z.number()]),
})
export type WaitlistOfferDetail = z.infer<typeof waitlistOfferDetail>
