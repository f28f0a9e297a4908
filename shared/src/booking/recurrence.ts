import * as rruleModule from 'rrule'

/**
 * RFC 5545 recurrences for recurring closures, evaluated in "floating" wall-clock time (see
 * zone.ts): DTSTART is the closure's local start, occurrences come back as local wall-clock
 * values, and the caller turns each into an instant in the salon zone. That keeps a Sunday
 * 10:00–12:00 closure at 10:00–12:00 local on both sides of a DST change.
 *
 * Accepted text: one RRULE (with or without the `RRULE:` prefix), optionally EXDATE / RDATE
 * lines (read as salon-local times; a date-only EXDATE removes the occurrences of that day).
 * DTSTART lines are ignored: the closure's start_date is the DTSTART. FREQ must be YEARLY,
 * MONTHLY, WEEKLY or DAILY. Anything else is invalid and the caller skips the closure.
 */

type RRuleModule = typeof rruleModule
// rrule ships CommonJS with an ESM "module" field: bundlers see named exports, plain Node
// (payload CLI via tsx) only a default export. Accept both.
const { RRule } = ((rruleModule as unknown as { default?: RRuleModule }).default ?? rruleModule) as RRuleModule
type RRuleInstance = InstanceType<RRuleModule['RRule']>

const DAY_MS = 86_400_000
/** The shortest length of each period, so that period counts are over- not under-estimated. */
const FREQ_DAYS: Record<string, number> = { YEARLY: 365, MONTHLY: 28, WEEKLY: 7, DAILY: 1 }

const int =
  (min: number, max: number, nonZero = false) =>
  (v: string) =>
    v
      .split(',')
      .every(
        (x) =>
          /^[+-]?\d{1,4}$/.test(x) && Math.abs(Number(x)) <= max && Number(x) >= min && (!nonZero || Number(x) !== 0),
      )

/** The RRULE parts we accept and how each value must look (rrule itself loops forever on INTERVAL=abc). */
const PARTS: Record<string, (v: string) => boolean> = {
  FREQ: (v) => Object.hasOwn(FREQ_DAYS, v),
  INTERVAL: (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1,
  COUNT: (v) => /^\d{1,5}$/.test(v) && Number(v) >= 1,
  UNTIL: (v) => /^\d{8}(T\d{6}Z?)?$/.test(v),
  WKST: (v) => /^(MO|TU|WE|TH|FR|SA|SU)$/.test(v),
  BYDAY: (v) => v.split(',').every((x) => /^([+-]?([1-9]|[1-4]\d|5[0-3]))?(MO|TU|WE|TH|FR|SA|SU)$/.test(x)),
  BYMONTH: int(1, 12),
  BYMONTHDAY: int(-31, 31, true),
  BYYEARDAY: int(-366, 366, true),
  BYWEEKNO: int(-53, 53, true),
  BYSETPOS: int(-366, 366, true),
  BYHOUR: int(0, 23),
  BYMINUTE: int(0, 59),
  BYSECOND: int(0, 59),
}

const DATE_VALUE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/

function wallOf(value: string, defaultTimeOfDay: number): { at: number; dateOnly: boolean } | null {
  const m = DATE_VALUE.exec(value)
  if (!m) return null
  const day = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)
  if (m[4] === undefined) return { at: day + defaultTimeOfDay, dateOnly: true }
  return { at: day + ((+m[4]! * 60 + +m[5]!) * 60 + +m[6]!) * 1000, dateOnly: false }
}

function floatingStamp(wall: number): string {
  return new Date(wall).toISOString().replace(/[-:]/g, '').slice(0, 15) // YYYYMMDDTHHMMSS
}

export interface Recurrence {
  freq: string
  dtstart: number
  rule: RRuleInstance
  exdates: Set<number>
  exdays: Set<number>
  rdates: number[]
  /** Occurrences (wall-clock ms) from DTSTART up to `coveredUntil`, sorted. */
  occurrences: number[]
  coveredUntil: number
}

/** Parses once; null when the text is not an acceptable recurrence. Never throws. */
export function parseRecurrence(text: string, dtstartWall: number): Recurrence | null {
  try {
    let rrule: string | null = null
    const exdates = new Set<number>()
    const exdays = new Set<number>()
    const rdates: number[] = []
    const timeOfDay = ((dtstartWall % DAY_MS) + DAY_MS) % DAY_MS
    // One property per line; spaces inside a line are typing slips ("FREQ=WEEKLY; BYDAY=SU").
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.replace(/\s+/g, '')
      if (!line) continue
      const colon = line.indexOf(':')
      const head = colon < 0 ? 'RRULE' : line.slice(0, colon).toUpperCase()
      const name = head.split(';')[0]
      const value = colon < 0 ? line : line.slice(colon + 1)
      if (name === 'DTSTART') continue
      if (name === 'RRULE') {
        if (rrule !== null || head !== 'RRULE') return null
        rrule = value.toUpperCase()
      } else if (name === 'EXDATE' || name === 'RDATE') {
        for (const v of value.split(',')) {
          const w = wallOf(v, timeOfDay)
          if (!w) return null
          if (name === 'RDATE') rdates.push(w.at)
          else if (w.dateOnly) exdays.add(w.at - timeOfDay)
          else exdates.add(w.at)
        }
      } else return null
    }
    if (rrule === null) return null
    const seen = new Set<string>()
    let freq = ''
    for (const part of rrule.split(';')) {
      const [key, value, extra] = part.split('=')
      if (!key || value === undefined || extra !== undefined || seen.has(key)) return null
      if (!Object.hasOwn(PARTS, key) || !PARTS[key]!(value)) return null
      seen.add(key)
      if (key === 'FREQ') freq = value
    }
    if (!freq || (seen.has('COUNT') && seen.has('UNTIL'))) return null
    // A date-only UNTIL — what the dashboard's "Fino al" writes — means up to the end of that day,
    // as calendar apps read it; rrule would stop at its midnight and drop that day's occurrence.
    rrule = rrule.replace(/(^|;)UNTIL=(\d{8})(?=;|$)/, '$1UNTIL=$2T235959')
    const options = RRule.parseString(`DTSTART:${floatingStamp(dtstartWall)}\nRRULE:${rrule}`)
    const rule = new RRule({ ...options, dtstart: new Date(dtstartWall), tzid: null }, true)
    return {
      freq,
      dtstart: dtstartWall,
      rule,
      exdates,
      exdays,
      rdates,
      occurrences: [],
      coveredUntil: Number.NEGATIVE_INFINITY,
    }
  } catch {
    return null
  }
}

/**
 * Runs rrule with a bounded number of periods. rrule only stops on an occurrence past the limit
 * or in year 9999, so a rule that can never match (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) would
 * scan ~3 million days (4.5 s measured). Every period reads `options.interval` (rrule 2.8.x);
 * answering 0 ends the scan cleanly. The budget covers every period up to `until` with a wide
 * margin, so results up to `until` are complete.
 */
function occurrencesUntil(r: Recurrence, until: number): number[] {
  const periods = Math.ceil((until - r.dtstart) / (FREQ_DAYS[r.freq]! * DAY_MS)) + 2
  let reads = 0
  const budget = 4 * Math.max(periods, 0) + 64
  const options = r.rule.options as unknown as Record<string, unknown>
  const interval = options.interval
  Object.defineProperty(options, 'interval', {
    configurable: true,
    enumerable: true,
    get: () => (++reads > budget ? 0 : interval),
  })
  let found: Date[]
  try {
    found = r.rule.all((d) => d.getTime() <= until)
  } finally {
    Object.defineProperty(options, 'interval', {
      value: interval,
      writable: true,
      configurable: true,
      enumerable: true,
    })
  }
  const excluded = (t: number) => r.exdates.has(t) || r.exdays.has(t - (((t % DAY_MS) + DAY_MS) % DAY_MS))
  const out = found.map((d) => d.getTime()).filter((t) => t <= until)
  for (const t of r.rdates) if (t <= until && !out.includes(t)) out.push(t)
  return out.filter((t) => !excluded(t)).sort((a, b) => a - b)
}

/** Occurrence starts (wall-clock ms) in [from, to], served from what earlier calls computed. */
export function occurrencesBetween(r: Recurrence, from: number, to: number): number[] {
  if (to > r.coveredUntil) {
    const until = to + 400 * DAY_MS // compute ahead: the next days and months come for free
    try {
      r.occurrences = occurrencesUntil(r, until)
      r.coveredUntil = until
    } catch {
      return []
    }
  }
  const list = r.occurrences
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list[mid]! < from) lo = mid + 1
    else hi = mid
  }
  const out: number[] = []
  for (let i = lo; i < list.length && list[i]! <= to; i++) out.push(list[i]!)
  return out
}

/**
 * Parsed recurrences are memoised by text and DTSTART: an endpoint asks for the same closures on
 * every request, and a DAILY rule set years ago costs ~1.6 µs per elapsed day to replay. The
 * cache only ever returns what parsing would, so results do not depend on it.
 */
const cache = new Map<string, Recurrence | null>()
const CACHE_LIMIT = 256

export function recurrenceOf(text: string, dtstartWall: number): Recurrence | null {
  const key = `${dtstartWall}|${text}`
  if (cache.has(key)) return cache.get(key)!
  const r = parseRecurrence(text, dtstartWall)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(key, r)
  return r
}

/** Whether `rule` is a recurrence the engine accepts (for validating the closure form). */
export function isValidRecurringRule(rule: string): boolean {
  return parseRecurrence(rule, Date.UTC(2026, 0, 1, 9)) !== null
}
