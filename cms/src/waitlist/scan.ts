import type { Pool, PoolClient } from 'pg'
import {
  type FreeStart,
  type WaitlistOfferFacts,
  daysStillAhead,
  entriesInLine,
  localDayOf,
  nextOffer,
} from '@salon/shared'
import { HttpError, inTransaction, withRetries } from '../platform'
import { salonCalendar } from '../calendar'
import { dayAvailability } from '../reservations'
import { expireDueOffers, expireOffer, expirePastEntries, scanFacts } from './repository'
import { makeOffer } from './offers'

/**
 * The waitlist's queue (docs/architecture.md "Waitlist"). `waitlist-scan` runs in the queue
 * `waitlist` (one job at a time across every app process) under a transaction-level advisory lock
 * (a scan from anywhere else waits): offers past their hold expire, entries whose days are past
 * expire, then for each day still ahead that someone waits for, the engine's free starts (the same
 * `dayAvailability` the wizard reads, customer rules) are matched against the line by `nextOffer`
 * (shared/src/booking/waitlist.ts), and each pick is held and sent (`makeOffer`) until nobody in
 * line fits a free start. A start taken meanwhile (the guarded write's 409) is skipped.
 */

/** The advisory lock of the waitlist's writes (scan, expiry). */
const WAITLIST_LOCK = 0x53570000

const lock = (db: PoolClient) => db.query('select pg_advisory_xact_lock($1)', [WAITLIST_LOCK])

/** At most this many offers per scan (a safety bound; the next scan goes on). */
const MAX_OFFERS = 200

export async function scanWaitlist(pool: Pool, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      await lock(db)
      const calendar = await salonCalendar(db, { consistency: 'committed' })
      const tz = calendar.settings.timezone
      await expireDueOffers(db, now)
      const expired = await expirePastEntries(db, localDayOf(now, tz))
      const { entries: rows, offers: offerRows } = await scanFacts(db)
      const entries = rows.map((r) => ({
        ...r,
        status: 'ACTIVE' as const,
        operator: r.operator_id,
        createdAt: r.created_at,
      }))
      const offers: WaitlistOfferFacts[] = offerRows.map((o) => ({
        entry: o.entry_id,
        dateStart: o.date_start,
        status: o.status,
      }))
      const days = [...new Set(entries.flatMap((e) => daysStillAhead(e, now, tz)))].sort()
      let made = 0
      for (const day of days) {
        while (made < MAX_OFFERS) {
          const line = entriesInLine(entries, day)
          const free = await freeStartsOf(db, day, line, now)
          const pick = nextOffer({
            day,
            entries: line,
            offers,
            timeZone: tz,
            durationOf: (e) => free.get(keyOf(e))?.duration ?? 0,
            freeStarts: (e) => free.get(keyOf(e))?.slots ?? [],
          })
          if (!pick) break
          const { entry } = pick
          const result = await makeOffer(
            db,
            calendar,
            entry,
            { start: new Date(pick.start), operator: entry.operator_id ?? 'any' },
            null,
            now,
          )
          // Held and sent: OPEN. Refused (taken meanwhile): never tried again in this scan.
          offers.push({ entry: entry.id, dateStart: pick.start, status: 'id' in result ? 'OPEN' : 'WITHDRAWN' })
          if ('id' in result) made++
        }
      }
      return { offers: made, expiredEntries: expired }
    }),
  )
}

const keyOf = (e: { services: number[]; operator_id: number | null }) => `${e.services.join(',')}|${e.operator_id}`

/** The free starts of `day` for each distinct (services, operator) of the line, as a customer would see them. */
async function freeStartsOf(
  db: PoolClient,
  day: string,
  line: { services: number[]; operator_id: number | null }[],
  now: Date,
) {
  const out = new Map<string, { duration: number; slots: FreeStart[] }>()
  for (const e of line) {
    const key = keyOf(e)
    if (out.has(key)) continue
    try {
      const q = { date: day, services: e.services, operator: e.operator_id ?? ('any' as const) }
      // Read on the scan's own connection: the holds it wrote a moment ago are busy.
      const a = await dayAvailability(db as unknown as Pool, q, now)
      out.set(key, { duration: a.duration, slots: a.slots })
    } catch (err) {
      // A service or operator gone since the entry was made: nothing to offer it.
      if (err instanceof HttpError && err.status === 400) out.set(key, { duration: 0, slots: [] })
      else throw err
    }
  }
  return out
}

/**
 * `waitlist-offer-expired` at the offer's `expires_at`: not booked by then, the offer is EXPIRED
 * and its draft deleted (the time is free again), then a scan offers it to the next in line.
 */
export async function offerExpired(pool: Pool, offerId: number, now = new Date()) {
  await inTransaction(pool, async (db) => {
    await lock(db)
    await expireOffer(db, offerId, now)
  })
  return scanWaitlist(pool, now)
}
