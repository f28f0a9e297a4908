import { useId } from 'react'
import { localDayOf } from '@salon/shared/booking/periods'
import { t } from '../../lib/i18nPersonal'
import { LoadError } from '../../lib/ui/LoadError'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchMyRota, type ScheduleResponse } from './api'
import { shiftWeeks, weekHours } from './shifts'

/**
 * "I miei turni" in an operator's reserved area (issue 23): when they work in the coming four
 * weeks (`GET /api/rota/mine`), week by week — "mar 1 dic · 09:00–13:00, 14:30–19:30", "Riposo",
 * leave by its kind ("Ferie", "Permesso 09:00–11:00"), "Salone chiuso" when a closure or holiday
 * takes a shift away — with each week's hours and today marked. Read only: the salon writes the
 * rota (dashboard). One card per operator record linked to the account (usually one); none when
 * the account has no operator record.
 */
export function MyShiftsCards() {
  const rota = useResource(fetchMyRota)
  if (rota.status === 'success') {
    return (
      <>
        {rota.data.map((schedule) => (
          <MyShiftsCard key={schedule.operator} schedule={schedule} />
        ))}
      </>
    )
  }
  return (
    <section className="card shifts-card" aria-label={t.shifts.title} aria-busy={rota.status === 'loading'}>
      <h2 className="card__title">{t.shifts.title}</h2>
      {rota.status === 'loading' ? (
        <Spinner />
      ) : (
        <LoadError message={t.shifts.loadError} error={rota.error} onRetry={rota.reload} />
      )}
    </section>
  )
}

export function MyShiftsCard({ schedule, now = new Date() }: { schedule: ScheduleResponse; now?: Date }) {
  const id = useId()
  const weeks = shiftWeeks(schedule, localDayOf(now, schedule.timezone))
  return (
    <section className="card shifts-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t.shifts.title}
      </h2>
      <p className="muted shifts-card__intro">{t.shifts.intro}</p>
      {weeks.length === 0 ? <p>{t.shifts.empty}</p> : null}
      {/* One column on a phone; two weeks side by side on a wide screen. */}
      <div className="shifts-weeks">
        {weeks.map((week) => (
          <section key={week.monday} className="shifts-week" aria-labelledby={`${id}-${week.monday}`}>
            <h3 id={`${id}-${week.monday}`} className="shifts-week__title">
              {week.title}
              <span className="visually-hidden">, </span>
              <span className="shifts-week__hours">{weekHours(week.minutes)}</span>
            </h3>
            <ul className="shifts-list">
              {week.days.map((day) => (
                <li
                  key={day.date}
                  className={`shifts-day shifts-day--${day.kind}${day.today ? ' shifts-day--today' : ''}`}
                  aria-current={day.today ? 'date' : undefined}
                >
                  <span className="shifts-day__date">
                    {/* "mar 1 dic" for the eye, "martedì 1 dicembre" for a screen reader. */}
                    <span aria-hidden="true">{day.short}</span>
                    <span className="visually-hidden">{day.long}</span>
                    {day.today ? <span className="shifts-day__today">{t.shifts.today}</span> : null}
                  </span>
                  <span className="visually-hidden">: </span>
                  <span className="shifts-day__hours">
                    {day.hours.length
                      ? // One interval a line on a phone (the comma is then only read), in a row from `sm` up.
                        day.hours.map((h, i) => (
                          <span key={h}>
                            {i > 0 ? <span className="shifts-day__sep">, </span> : null}
                            <span className="shifts-day__interval">{h}</span>
                          </span>
                        ))
                      : day.text}
                    {day.leave.length ? (
                      <span className="shifts-day__leave">
                        <span className="visually-hidden">, </span>
                        {day.leave.join(', ')}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  )
}
