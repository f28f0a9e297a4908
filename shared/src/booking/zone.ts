/**
 * Time-zone arithmetic on epoch milliseconds, independent of the process time zone.
 *
 * A "wall clock" value is the local date-time of a zone written as if it were UTC
 * (`Date.UTC(y, m, d, h, min)`), the same "floating" convention the rrule library uses.
 *
 * Why not TZDate: it resolves a repeated local time (the autumn 02:00–03:00 hour) differently
 * depending on the process time zone, so the same code gave different slots under TZ=UTC and
 * TZ=Europe/Rome. One cached Intl formatter per zone costs ~1.5 µs per offset lookup; an offset already read
 * (same zone, same second) is a Map lookup.
 */

const DAY_MS = 86_400_000
const formatters = new Map<string, Intl.DateTimeFormat>()
/** Offsets already read, per zone and epoch second (bounded: emptied when full). */
const offsets = new Map<string, Map<number, number>>()
const OFFSETS_PER_ZONE = 20_000
const PARTS = /(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)/

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/**
 * A zone's offsets over [from, to), read once where Intl is cheap (the server) and handed to a
 * place where it is not (a phone's first page load: the first Intl call of a page sets up ICU,
 * 40–50 ms on this machine, 4× that on Lighthouse's phone). `changes[i]` is `[instant, offset]`:
 * the offset in ms from that instant on; `changes[0][0]` is `from`. All epoch ms.
 */
export interface ZoneOffsets {
  timeZone: string
  from: number
  to: number
  changes: [number, number][]
}

/** Tables learned by `learnZoneOffsets`, per zone. */
const tables = new Map<string, ZoneOffsets>()
/** The longest table learned (a bad or hostile one cannot make lookups slow). */
const CHANGES_MAX = 64

/** The offset of `timeZone` read by Intl (remembered per zone and epoch second). */
function intlOffsetMs(instant: number, timeZone: string): number {
  // The offset depends only on the whole second: remembered per zone and second, so the same few
  // instants a check asks for again and again (a day's bounds, opening times) skip Intl.
  const second = Math.floor(instant / 1000)
  let known = offsets.get(timeZone)
  if (!known) offsets.set(timeZone, (known = new Map()))
  const hit = known.get(second)
  if (hit !== undefined) return hit
  const m = PARTS.exec(formatterOf(timeZone).format(instant))
  if (!m) throw new RangeError(`Cannot read the time in ${timeZone}`)
  const offset = Date.UTC(+m[3]!, +m[1]! - 1, +m[2]!, +m[4]!, +m[5]!, +m[6]!) - second * 1000
  if (known.size >= OFFSETS_PER_ZONE) known.clear()
  known.set(second, offset)
  return offset
}

/** The offset of `timeZone` from UTC at `instant`, in ms (wall clock = instant + offset). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  if (!Number.isFinite(instant)) return Number.NaN
  const table = tables.get(timeZone)
  if (table && instant >= table.from && instant < table.to) {
    const { changes } = table
    let i = changes.length - 1
    while (i > 0 && changes[i]![0] > instant) i--
    return changes[i]![1]
  }
  return intlOffsetMs(instant, timeZone)
}

/**
 * The offsets of `timeZone` over [from, to), read with Intl: where the zone changes its offset
 * (daylight saving), found to the second. Two changes less than `STEP_MS` apart would be missed;
 * no zone has had them since 1970.
 */
export function zoneOffsetsBetween(timeZone: string, from: number, to: number): ZoneOffsets {
  const STEP_MS = 6 * 3_600_000
  const changes: [number, number][] = [[from, intlOffsetMs(from, timeZone)]]
  for (let at = from; at < to;) {
    const next = Math.min(at + STEP_MS, to)
    const offset = intlOffsetMs(next, timeZone)
    if (offset !== changes[changes.length - 1]![1]) {
      // The first second of the new offset, between `at` (old) and `next` (new).
      let lo = Math.floor(at / 1000)
      let hi = Math.floor(next / 1000)
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2)
        if (intlOffsetMs(mid * 1000, timeZone) === offset) hi = mid
        else lo = mid
      }
      if (hi * 1000 < to) changes.push([hi * 1000, offset])
    }
    at = next
  }
  return { timeZone, from, to, changes }
}

const isMs = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/**
 * Takes a table made by `zoneOffsetsBetween` (elsewhere: it came over the network, so it is
 * checked) for `zoneOffsetMs` to use within its range, Intl outside it. False when it is not
 * one: the zone then stays on Intl.
 */
export function learnZoneOffsets(table: unknown): boolean {
  if (!table || typeof table !== 'object') return false
  const { timeZone, from, to, changes } = table as Partial<ZoneOffsets>
  if (typeof timeZone !== 'string' || !isMs(from) || !isMs(to) || from >= to || !Array.isArray(changes)) return false
  if (changes.length < 1 || changes.length > CHANGES_MAX) return false
  let previous = Number.NEGATIVE_INFINITY
  for (const change of changes as unknown[]) {
    if (!Array.isArray(change) || change.length !== 2 || !isMs(change[0]) || !isMs(change[1])) return false
    if (change[0] <= previous || Math.abs(change[1]) > 86_400_000) return false
    previous = change[0]
  }
  if (changes[0]![0] !== from || previous >= to) return false
  tables.set(timeZone, { timeZone, from, to, changes: changes.map(([at, offset]) => [at, offset]) })
  return true
}

/** Forgets the learned tables (tests). */
export function forgetZoneOffsets() {
  tables.clear()
}

/** The wall-clock value (see above) of an instant in `timeZone`. */
export function instantToWallClock(instant: number, timeZone: string): number {
  return instant + zoneOffsetMs(instant, timeZone)
}

/**
 * The first instant at which the clocks of `timeZone` read `wall` or later:
 * - an ordinary local time has exactly one instant;
 * - a repeated local time (autumn) resolves to its first occurrence;
 * - a skipped local time (spring, e.g. 02:30 in Rome on the last Sunday of March) resolves to the
 *   moment the clocks jump (03:00 local), so a range whose bound falls in the gap neither grows
 *   nor invents a time that never showed on a clock.
 */
export function wallClockToInstant(wall: number, timeZone: string): number {
  if (!Number.isFinite(wall)) return Number.NaN
  const before = zoneOffsetMs(wall - DAY_MS, timeZone)
  const after = zoneOffsetMs(wall + DAY_MS, timeZone)
  let best = Number.POSITIVE_INFINITY
  for (const offset of before === after ? [before] : [before, after]) {
    const t = wall - offset
    if (zoneOffsetMs(t, timeZone) === offset && t < best) best = t
  }
  if (best !== Number.POSITIVE_INFINITY) return best
  if (before === after) return wall - before // two changes within two days: not worth more
  // In a gap: find the transition, the first instant whose wall clock is >= `wall`.
  let lo = wall - Math.max(before, after) // its wall clock is before `wall`
  let hi = wall - Math.min(before, after) // its wall clock is after `wall`
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (mid + zoneOffsetMs(mid, timeZone) >= wall) hi = mid
    else lo = mid
  }
  return hi
}

/** Epoch ms of a Date, epoch ms or ISO string (NaN when unreadable). */
export function toEpochMs(t: Date | number | string): number {
  return typeof t === 'number' ? t : typeof t === 'string' ? Date.parse(t) : t.getTime()
}

const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/

/**
 * Epoch ms of an ISO-8601 string. With an offset or `Z` it is that instant; without one (a bare
 * date or date-time) it is read as wall-clock time in `timeZone` — never in the process zone,
 * which is what `Date.parse` would do. NaN when unreadable.
 */
export function parseInstant(iso: string | null | undefined, timeZone: string): number {
  if (typeof iso !== 'string') return Number.NaN
  const utc = canonicalUtc(iso)
  if (utc !== undefined) return utc
  const m = ZONELESS.exec(iso.trim())
  if (!m) return Date.parse(iso)
  const wall = Date.UTC(
    +m[1]!,
    +m[2]! - 1,
    +m[3]!,
    +(m[4] ?? 0),
    +(m[5] ?? 0),
    +(m[6] ?? 0),
    +(m[7] ?? '0').padEnd(3, '0'),
  )
  return wallClockToInstant(wall, timeZone)
}

/** The two decimal digits of `s` at `i`, or -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48
  const b = s.charCodeAt(i + 1) - 48
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

/**
 * The instant of `YYYY-MM-DDTHH:mm:ssZ` or `YYYY-MM-DDTHH:mm:ss.sssZ` — what `toISOString` and the
 * database driver write, every instant the engine reads — without a regular expression or
 * `Date.parse` (the engine reads thousands per query: bookings, busy ranges, station uses); the
 * same value `Date.parse` gives. Undefined for any other form.
 */
function canonicalUtc(s: string): number | undefined {
  const n = s.length
  if (n !== 20 && n !== 24) return undefined
  // '-' 45, 'T' 84, ':' 58, '.' 46, 'Z' 90
  if (s.charCodeAt(n - 1) !== 90 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return undefined
  if (s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return undefined
  let ms = 0
  if (n === 24) {
    const a = twoDigits(s, 20)
    const b = s.charCodeAt(22) - 48
    if (s.charCodeAt(19) !== 46 || a < 0 || !(b >= 0 && b <= 9)) return undefined
    ms = a * 10 + b
  }
  const century = twoDigits(s, 0)
  const year = twoDigits(s, 2)
  const month = twoDigits(s, 5)
  const day = twoDigits(s, 8)
  const hour = twoDigits(s, 11)
  const minute = twoDigits(s, 14)
  const second = twoDigits(s, 17)
  if (century < 0 || year < 0 || month < 1 || month > 12 || day < 1 || day > 31) return undefined
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined
  return daysFromCivil(century * 100 + year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + ms
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`); a day past
 * the month's end rolls over into the next month, as `Date.UTC` and `Date.parse` do.
 */
function daysFromCivil(y: number, m: number, d: number): number {
  const year = m <= 2 ? y - 1 : y
  const era = Math.floor(year / 400)
  const yearOfEra = year - era * 400
  const dayOfYear = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468
}

/**
 * The calendar day ('YYYY-MM-DD') a stored date stands for: the UTC date part of an instant
 * (date-only fields are stored at 12:00Z), or the literal date of a string without offset.
 */
export function calendarDayOf(iso: string | null | undefined): string | null {
  if (typeof iso !== 'string') return null
  const m = ZONELESS.exec(iso.trim())
  if (m) return `${m[1]}-${m[2]}-${m[3]}`
  const t = Date.parse(iso)
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10)
}
