/**
 * A closure as the lists write it: dates as dates, never instants. A whole-day closure is its days
 * (`30 dic 2026`, `30 dic 2026 – 2 gen 2027`), part of a day its day and hours on the salon's clock
 * (`30 dic 2026, 13:00–19:30`), a recurring one its hours, when it starts and how it repeats in
 * words (`13:00–19:30 · ogni settimana: lunedì e giovedì, fino al 30 giu 2027 · dal 7 gen 2027`).
 */
import { RRULE_WEEKDAYS, fromRRule, type RecurrenceChoice, type RRuleWeekday } from '@salon/shared'
import { localDayOf } from '@salon/shared/booking/periods'
import { INTL_LOCALE, type Locale } from '../../i18n/locale'
import { tr } from '../../i18n/translate'
import { formatCalendarDay, formatClock } from '../../lib/format'

export interface ClosureRow {
  closure_type?: string | null
  start_date?: string | null
  end_date?: string | null
  recurring_rule?: string | null
}

const FULL: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' }

/** `30 dic 2026`; `30 nov – 2 dic 2026` in one year; `30 dic 2026 – 2 gen 2027` across two. */
export function formatDayRange(from: string, to: string, locale: Locale): string {
  const intl = INTL_LOCALE[locale]
  if (!to || to === from) return formatCalendarDay(from, intl, FULL)
  const sameYear = from.slice(0, 4) === to.slice(0, 4)
  return `${formatCalendarDay(from, intl, sameYear ? DAY_MONTH : FULL)} – ${formatCalendarDay(to, intl, FULL)}`
}

/** 1 January 2024 was a Monday: `MO` → its calendar day in that week, to name it in any language. */
const weekdayName = (d: RRuleWeekday, locale: Locale) =>
  formatCalendarDay(`2024-01-0${RRULE_WEEKDAYS.indexOf(d) + 1}`, INTL_LOCALE[locale], WEEKDAY)

const list = (items: string[], locale: Locale) =>
  new Intl.ListFormat(INTL_LOCALE[locale], { type: 'conjunction' }).format(items)

/** How a recurrence repeats, in words: "every 2 weeks: Monday and Thursday, until 30 Jun 2027". */
export function describeRecurrence(choice: RecurrenceChoice, firstDay: string, locale: Locale): string {
  const n = choice.interval
  const unit = { WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[choice.freq] as 'week' | 'month' | 'year'
  const every = n > 1 ? tr(`closure.repeat.${unit}s`, { n }, locale) : tr(`closure.repeat.${unit}`, undefined, locale)
  let on: string
  if (choice.freq === 'WEEKLY') {
    const days = choice.byDay.length
      ? RRULE_WEEKDAYS.filter((d) => choice.byDay.includes(d))
      : // None chosen: the first time's weekday (Monday = 0).
        [RRULE_WEEKDAYS[(new Date(`${firstDay}T00:00:00Z`).getUTCDay() + 6) % 7]!]
    on = list(
      days.map((d) => weekdayName(d, locale)),
      locale,
    )
  } else if (choice.freq === 'MONTHLY') {
    const days = choice.byMonthDay.length
      ? [...choice.byMonthDay].sort((a, b) => a - b)
      : [Number(firstDay.slice(8, 10))]
    on = tr(
      days.length > 1 ? 'closure.repeat.monthDays' : 'closure.repeat.monthDay',
      { days: list(days.map(String), locale) },
      locale,
    )
  } else {
    on = formatCalendarDay(firstDay, INTL_LOCALE[locale], DAY_MONTH)
  }
  const end =
    choice.end.kind === 'until'
      ? tr('closure.repeat.until', { date: formatCalendarDay(choice.end.date, INTL_LOCALE[locale], FULL) }, locale)
      : choice.end.kind === 'count'
        ? tr('closure.repeat.count', { count: choice.end.count }, locale)
        : ''
  return `${every}: ${on}${end}`
}

/** The closure's dates and hours as one line of the list (see the file's comment). */
export function describeClosureWhen(c: ClosureRow, locale: Locale, timeZone: string): string {
  const start = c.start_date ?? ''
  const end = c.end_date ?? ''
  if (!start) return '—'
  const intl = INTL_LOCALE[locale]
  if (c.closure_type === 'FULL_DAY') {
    // Whole days are stored at noon UTC of each day (closure form): the calendar day is the date part.
    return formatDayRange(start.slice(0, 10), (end || start).slice(0, 10), locale)
  }
  const startDay = localDayOf(new Date(start), timeZone)
  const endDay = end ? localDayOf(new Date(end), timeZone) : startDay
  const hours = end
    ? `${formatClock(start, intl, timeZone)}–${formatClock(end, intl, timeZone)}`
    : formatClock(start, intl, timeZone)
  if (c.closure_type === 'PARTIAL_DAY') {
    if (endDay !== startDay)
      return `${formatCalendarDay(startDay, intl, FULL)}, ${formatClock(start, intl, timeZone)} – ${formatCalendarDay(endDay, intl, FULL)}, ${formatClock(end, intl, timeZone)}`
    return `${formatCalendarDay(startDay, intl, FULL)}, ${hours}`
  }
  const choice = fromRRule(c.recurring_rule)
  const repeat = choice
    ? describeRecurrence(choice, startDay, locale)
    : tr('closure.rule', { rule: c.recurring_rule ?? '' }, locale)
  return `${hours} · ${repeat} · ${tr('closure.repeat.since', { date: formatCalendarDay(startDay, intl, FULL) }, locale)}`
}
