import { addCalendarDays, localInstant, weekdayIndex } from '@salon/shared/booking/periods'
import { LEAVE_KIND_LABELS_IT } from '@salon/shared/glossary'
import type { ScheduleResponse } from '@salon/shared/schemas/rota'
import { formatDuration, formatTime } from '../../lib/format'
import { t } from '../../lib/i18nPersonal'

/**
 * "I miei turni" (issue 23): an operator's resolved working time (`GET /api/rota/mine`, the
 * shared `scheduleResponse`) → weeks of days in words, as the card shows them. Pure: the card only
 * renders this. Times are the salon's clock (`timezone` of the answer), days are calendar days.
 */

export type ShiftDayKind = 'work' | 'off' | 'leave' | 'closed'

export interface ShiftDay {
  date: string
  /** "mar 1 dic" (what the eye reads). */
  short: string
  /** "martedì 1 dicembre" (what a screen reader reads). */
  long: string
  today: boolean
  kind: ShiftDayKind
  /** The working time in words: "09:00–13:00, 14:30–19:30", "Riposo", "Ferie", "Salone chiuso". */
  text: string
  /** A working day's intervals, each "09:00–13:00" (empty on other days). */
  hours: string[]
  /** Leave in part of a working day: "Permesso 09:00–11:00" (empty otherwise). */
  leave: string[]
  minutes: number
}

export interface ShiftWeek {
  /** The Monday of the week. */
  monday: string
  /** "Questa settimana", "La prossima settimana", "Settimana dal 14 dicembre". */
  title: string
  minutes: number
  days: ShiftDay[]
}

const UTC_NOON = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d, 12))
}
const shortDay = new Intl.DateTimeFormat('it-IT', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
const longDay = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
const dayMonth = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'UTC' })

const span = (start: string | number, end: string | number, timeZone: string) =>
  `${formatTime(new Date(start), timeZone)}–${formatTime(new Date(end), timeZone)}`

/** One day of the schedule in words: what they work, or why not (leave, a day off, the salon closed). */
export function shiftDay(
  day: ScheduleResponse['days'][number],
  leave: ScheduleResponse['leave'],
  timeZone: string,
  today: string,
): ShiftDay {
  const dayStart = localInstant(day.date, '00:00', timeZone).getTime()
  const dayEnd = localInstant(addCalendarDays(day.date, 1), '00:00', timeZone).getTime()
  const leaveWords: string[] = []
  for (const l of leave) {
    const from = Math.max(Date.parse(l.start), dayStart)
    const to = Math.min(Date.parse(l.end), dayEnd)
    if (to <= from) continue
    const label = LEAVE_KIND_LABELS_IT[l.kind]
    // A whole day says only its kind; part of a day says when.
    leaveWords.push(from === dayStart && to === dayEnd ? label : `${label} ${span(from, to, timeZone)}`)
  }
  const minutes = day.intervals.reduce((sum, i) => sum + (Date.parse(i.end) - Date.parse(i.start)) / 60_000, 0)
  const base = {
    date: day.date,
    short: shortDay.format(UTC_NOON(day.date)),
    long: longDay.format(UTC_NOON(day.date)),
    today: day.date === today,
    minutes: Math.round(minutes),
  }
  if (day.intervals.length) {
    const hours = day.intervals.map((i) => span(i.start, i.end, timeZone))
    return { ...base, kind: 'work', text: hours.join(', '), hours, leave: leaveWords }
  }
  const none = { ...base, hours: [], leave: [] }
  if (leaveWords.length) return { ...none, kind: 'leave', text: leaveWords.join(', ') }
  // A shift written for the day that the salon's closure or holiday took away.
  if (day.shift.length) return { ...none, kind: 'closed', text: t.shifts.closed }
  return { ...none, kind: 'off', text: t.shifts.off }
}

/** The schedule by week (Monday to Sunday, as the salon's week), each with its hours. */
export function shiftWeeks(schedule: ScheduleResponse, today: string): ShiftWeek[] {
  const thisMonday = addCalendarDays(today, -weekdayIndex(today))
  const weeks = new Map<string, ShiftWeek>()
  for (const d of [...schedule.days].sort((a, b) => a.date.localeCompare(b.date))) {
    const monday = addCalendarDays(d.date, -weekdayIndex(d.date))
    let week = weeks.get(monday)
    if (!week) {
      week = {
        monday,
        title:
          monday === thisMonday
            ? t.shifts.thisWeek
            : monday === addCalendarDays(thisMonday, 7)
              ? t.shifts.nextWeek
              : t.shifts.weekFrom(dayMonth.format(UTC_NOON(monday))),
        minutes: 0,
        days: [],
      }
      weeks.set(monday, week)
    }
    const day = shiftDay(d, schedule.leave, schedule.timezone, today)
    week.days.push(day)
    week.minutes += day.minutes
  }
  return [...weeks.values()]
}

/** "32 h 30 min di lavoro", or nothing for a week without work. */
export const weekHours = (minutes: number) => (minutes > 0 ? t.shifts.hours(formatDuration(minutes)) : t.shifts.noWork)
