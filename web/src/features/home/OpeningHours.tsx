import { Fragment, useCallback, useSyncExternalStore } from 'react'
import { DAYS_OF_WEEK } from '@salon/shared/enums/index'
import { localDayOf, weekdayIndex } from '@salon/shared/booking/periods'
import { t } from '../../lib/i18n'
import type { OpeningDay } from './api'

const hhmm = (time: string) => time.slice(0, 5)

const systemNow = () => new Date()
const noSubscription = () => () => {}

/**
 * Today's index into DAYS_OF_WEEK (0 = Monday) in the salon's zone; `null` on a server render, so
 * a prerendered page hydrates without a mismatch and marks today on the client.
 */
export function useTodayIndex(timeZone: string, now: () => Date = systemNow): number | null {
  const today = useCallback(() => weekdayIndex(localDayOf(now(), timeZone)), [now, timeZone])
  return useSyncExternalStore(noSubscription, today, () => null)
}

/** The week's opening hours, Monday first, today marked in the salon's time zone. */
export function OpeningHours({ days, timeZone, now }: { days: OpeningDay[]; timeZone: string; now?: () => Date }) {
  const today = useTodayIndex(timeZone, now)
  const byDay = new Map(days.map((d) => [d.day_of_week, d]))
  return (
    <table className="hours">
      <caption className="visually-hidden">{t.home.hoursTitle}</caption>
      <tbody>
        {DAYS_OF_WEEK.map((key, i) => {
          const day = byDay.get(key)
          const open = day && !day.is_closed && day.intervals.length > 0
          const isToday = i === today
          return (
            <tr
              key={key}
              className={isToday ? 'hours__row hours__row--today' : 'hours__row'}
              aria-current={isToday ? 'date' : undefined}
            >
              <th scope="row">
                {t.home.weekdays[i]}
                {isToday ? <span className="hours__today">{t.home.today}</span> : null}
              </th>
              <td>
                {open
                  ? day.intervals.map((iv, n) => (
                      // The comma ends the interval before it, so a narrow screen wraps after it.
                      <Fragment key={n}>
                        {n > 0 ? ' ' : null}
                        <span className="hours__interval">
                          {hhmm(iv.opening_time)}–{hhmm(iv.closing_time)}
                          {n < day.intervals.length - 1 ? ',' : null}
                        </span>
                      </Fragment>
                    ))
                  : t.home.closed}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
