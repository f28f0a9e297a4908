import type { BusinessClosureType } from '../enums/index'
import type { ClosureRule } from './types'
import { buildClosureIndex } from './closures'
import { addCalendarDays } from './periods'
import { isValidRecurringRule } from './recurrence'

/** The weekdays in RRULE's words, Monday first (the Italian week). */
export const RRULE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type RRuleWeekday = (typeof RRULE_WEEKDAYS)[number]

/**
 * What the dashboard's recurrence builder lets the owner choose — frequency, every N, which
 * weekdays or days of the month, and an end — turned into the RRULE text the engine evaluates
 * (recurrence.ts), and read back from it for editing.
 */
export interface RecurrenceChoice {
  freq: 'WEEKLY' | 'MONTHLY' | 'YEARLY'
  interval: number
  /** WEEKLY: the weekdays (none = the start's weekday). */
  byDay: RRuleWeekday[]
  /** MONTHLY: days of the month (none = the start's day). */
  byMonthDay: number[]
  end: { kind: 'never' } | { kind: 'until'; date: string } | { kind: 'count'; count: number }
}

export const FREQ_OF_TYPE: Partial<Record<BusinessClosureType, RecurrenceChoice['freq']>> = {
  RECURRING_WEEKLY: 'WEEKLY',
  RECURRING_MONTHLY: 'MONTHLY',
  RECURRING_YEARLY: 'YEARLY',
}

export const defaultRecurrence = (freq: RecurrenceChoice['freq']): RecurrenceChoice => ({
  freq,
  interval: 1,
  byDay: [],
  byMonthDay: [],
  end: { kind: 'never' },
})

/** The RRULE of a choice (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270630`). */
export function toRRule(c: RecurrenceChoice): string {
  const parts = [`FREQ=${c.freq}`]
  if (c.interval > 1) parts.push(`INTERVAL=${Math.floor(c.interval)}`)
  if (c.freq === 'WEEKLY' && c.byDay.length)
    parts.push(`BYDAY=${RRULE_WEEKDAYS.filter((d) => c.byDay.includes(d)).join(',')}`)
  if (c.freq === 'MONTHLY' && c.byMonthDay.length)
    parts.push(`BYMONTHDAY=${[...c.byMonthDay].sort((a, b) => a - b).join(',')}`)
  if (c.end.kind === 'until') parts.push(`UNTIL=${c.end.date.replaceAll('-', '')}`)
  if (c.end.kind === 'count') parts.push(`COUNT=${Math.floor(c.end.count)}`)
  return parts.join(';')
}

/** A stored RRULE as a choice, or null when it uses parts the builder does not offer (edit it as text). */
export function fromRRule(text: string | null | undefined): RecurrenceChoice | null {
  if (!text || !isValidRecurringRule(text)) return null
  const fields = new Map<string, string>()
  for (const part of text
    .replace(/^RRULE:/i, '')
    .trim()
    .split(';')) {
    const [k, v] = part.split('=')
    if (k && v) fields.set(k.toUpperCase(), v.toUpperCase())
  }
  const freq = fields.get('FREQ')
  if (freq !== 'WEEKLY' && freq !== 'MONTHLY' && freq !== 'YEARLY') return null
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'UNTIL', 'COUNT'])
  if ([...fields.keys()].some((k) => !known.has(k))) return null
  const byDay = (fields.get('BYDAY')?.split(',') ?? []) as RRuleWeekday[]
  if (byDay.some((d) => !RRULE_WEEKDAYS.includes(d))) return null
  const until = fields.get('UNTIL')
  const count = fields.get('COUNT')
  return {
    freq,
    interval: Number(fields.get('INTERVAL') ?? 1),
    byDay,
    byMonthDay: fields.get('BYMONTHDAY')?.split(',').map(Number) ?? [],
    end: until
      ? { kind: 'until', date: `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` }
      : count
        ? { kind: 'count', count: Number(count) }
        : { kind: 'never' },
  }
}

export interface ClosedPeriod {
  /** Local day `YYYY-MM-DD`. */
  day: string
  /** The salon is closed all day (a full-day closure), or these instant ranges of it. */
  allDay: boolean
  ranges: { start: string; end: string }[]
}

/**
 * The next times a closure (as the form holds it) closes the salon, computed by the same index
 * the availability uses: from `fromDay`, up to `max` days with a closure, looking `days` ahead.
 */
export function closurePreview(
  closure: ClosureRule,
  timeZone: string,
  fromDay: string,
  max = 6,
  days = 400,
): ClosedPeriod[] {
  const toDay = addCalendarDays(fromDay, days)
  const index = buildClosureIndex([{ ...closure, is_active: true }], [], timeZone, fromDay, toDay)
  const out: ClosedPeriod[] = []
  for (let day = fromDay; day <= toDay && out.length < max; day = addCalendarDays(day, 1)) {
    if (index.isDayClosed(day)) {
      out.push({ day, allDay: true, ranges: [] })
      continue
    }
    const ranges = index.rangesOf(day)
    if (ranges.length)
      out.push({
        day,
        allDay: false,
        ranges: ranges.map((r) => ({ start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() })),
      })
  }
  return out
}
