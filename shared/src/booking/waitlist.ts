import { addCalendarDays, localDayOf, localInstant } from './periods'
import { toEpochMs } from './zone'

/**
 * The waitlist's rules (issue 27, PRODUCT.md "Waitlist"): which entry fits a start, who is in line
 * for a day, which days a new entry may ask for, when an entry expires, and who gets a freed time.
 * Pure: `now` and the salon's time zone are parameters. The server's queue (cms/src/waitlist) reads
 * the rows and the engine's free starts, and asks `nextOffer` whom to offer what.
 */

/** An entry as the rules read it. */
export interface WaitlistEntryFacts {
  id: number
  status: 'ACTIVE' | 'BOOKED' | 'EXPIRED' | 'REMOVED'
  /** Local days `YYYY-MM-DD`. */
  days: readonly string[]
  /** Local wall-clock window `HH:mm`: from ≤ start, start + duration ≤ to. */
  from: string
  to: string
  /** An operator id, or null for anyone. */
  operator: number | null
  createdAt: Date | string
}

/** An offer as the rules read it (any status). */
export interface WaitlistOfferFacts {
  entry: number
  /** ISO instant of the offered start. */
  dateStart: Date | string
  status: 'OPEN' | 'TAKEN' | 'EXPIRED' | 'WITHDRAWN'
}

/** A free start the engine found (its `Slot`): ISO start and the operators free for it. */
export interface FreeStart {
  start: string
  operators: readonly number[]
}

/**
 * Whether a booking of `durationMinutes` starting at `start` fits the entry: its local day is one of
 * the entry's days, the start is not before `from` and the end not after `to` (salon wall clock, so a
 * DST day keeps its meaning: 09:00–12:00 is the clock the customer reads), and the operator is the
 * one asked for (or the entry takes anyone).
 */
export function entryFits(
  entry: Pick<WaitlistEntryFacts, 'days' | 'from' | 'to' | 'operator'>,
  start: Date | string,
  durationMinutes: number,
  timeZone: string,
  operators?: readonly number[],
): boolean {
  const at = toEpochMs(start)
  if (!Number.isFinite(at)) return false
  const day = localDayOf(new Date(at), timeZone)
  if (!entry.days.includes(day)) return false
  const from = localInstant(day, entry.from, timeZone).getTime()
  const to = localInstant(day, entry.to, timeZone).getTime()
  if (at < from || at + durationMinutes * 60_000 > to) return false
  if (entry.operator !== null && operators && !operators.includes(entry.operator)) return false
  return true
}

const byLine = (a: WaitlistEntryFacts, b: WaitlistEntryFacts) =>
  toEpochMs(a.createdAt) - toEpochMs(b.createdAt) || a.id - b.id

/** The entries in line for `day`: ACTIVE, asking for that day, first come first served (created_at, id). */
export function entriesInLine<E extends WaitlistEntryFacts>(entries: readonly E[], day: string): E[] {
  return entries.filter((e) => e.status === 'ACTIVE' && e.days.includes(day)).sort(byLine)
}

/** The days a new entry may ask for: today … today + horizon, local. */
export function waitlistDaysWindow(now: Date, timeZone: string, horizonDays: number) {
  const first = localDayOf(now, timeZone)
  return { first, last: addCalendarDays(first, Math.max(0, Math.floor(horizonDays) || 0)) }
}

/** The days of a new entry outside today … horizon (the field error WAITLIST_DAY_PAST names them). */
export function invalidWaitlistDays(days: readonly string[], now: Date, timeZone: string, horizonDays: number) {
  const { first, last } = waitlistDaysWindow(now, timeZone, horizonDays)
  return days.filter((d) => d < first || d > last)
}

/** An entry has expired when every one of its days is before today (local). */
export function isEntryExpired(entry: Pick<WaitlistEntryFacts, 'days'>, now: Date, timeZone: string): boolean {
  const today = localDayOf(now, timeZone)
  return entry.days.every((d) => d < today)
}

/** The entry's days from today on, sorted (the ones the queue still looks at). */
export function daysStillAhead(entry: Pick<WaitlistEntryFacts, 'days'>, now: Date, timeZone: string): string[] {
  const today = localDayOf(now, timeZone)
  return entry.days.filter((d) => d >= today).sort()
}

/** Whether the entry was ever offered exactly this start (one person never gets two offers for one time). */
export function offeredBefore(entryId: number, start: Date | string, offers: readonly WaitlistOfferFacts[]) {
  const at = toEpochMs(start)
  return offers.some((o) => o.entry === entryId && toEpochMs(o.dateStart) === at)
}

/** Whether the entry holds an OPEN offer now (then it waits for its answer). */
export const hasOpenOffer = (entryId: number, offers: readonly WaitlistOfferFacts[]) =>
  offers.some((o) => o.entry === entryId && o.status === 'OPEN')

/**
 * Who gets a freed time on `day`: the first entry in line (ACTIVE, created_at, id) with no OPEN
 * offer, whose free starts (`freeStarts(entry)`: the engine's for its services and operator) include
 * one that fits it and that it was never offered before — the earliest such start. Null: nobody.
 */
export function nextOffer<E extends WaitlistEntryFacts>(input: {
  day: string
  entries: readonly E[]
  offers: readonly WaitlistOfferFacts[]
  timeZone: string
  durationOf: (entry: E) => number
  freeStarts: (entry: E) => readonly FreeStart[]
}): { entry: E; start: string; operators: readonly number[] } | null {
  const { day, offers, timeZone } = input
  for (const entry of entriesInLine(input.entries, day)) {
    if (hasOpenOffer(entry.id, offers)) continue
    const duration = input.durationOf(entry)
    const starts = [...input.freeStarts(entry)].sort((a, b) => toEpochMs(a.start) - toEpochMs(b.start))
    for (const slot of starts) {
      if (!entryFits({ ...entry, days: [day] }, slot.start, duration, timeZone, slot.operators)) continue
      if (offeredBefore(entry.id, slot.start, offers)) continue
      return { entry, start: slot.start, operators: slot.operators }
    }
  }
  return null
}
