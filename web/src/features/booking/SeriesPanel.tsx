import { useId } from 'react'
import { Link } from 'react-router'
import { SERIES_EVERY_WEEKS_MAX, SERIES_OCCURRENCES_MAX, type SeriesOccurrence } from '@salon/shared/schemas/series'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { statusLabelIt } from '@salon/shared/glossary'
import { localDayOf } from '@salon/shared/booking/periods'
import { formatDateTime, formatTime } from '../../lib/format'
import { t } from '../../lib/i18n'
import { codeWords } from '../../lib/refusals'
import { Field, FormAlert } from '../../lib/ui/Field'
import { CalendarIcon, CheckIcon, RepeatIcon } from '../../lib/ui/icons'
import type { Series } from './useSeries'

const S = t.series
const EVERY_CHIPS = [2, 3, 4, 6, 8] as const

/**
 * "Ripeti" on the summary (only when the salon lets customers book a series): every how many
 * weeks (chips 2/3/4/6/8, or another number 1–12) and how many times (2–26), "Controlla le date",
 * then the dates with, for each one not free, its nearby alternatives or "Salta". The booking
 * itself is the sticky bar's "Prenota N appuntamenti" (ReservePage).
 */
export function SeriesPanel({ series, timeZone }: { series: Series; timeZone: string }) {
  const id = useId()
  const custom = !EVERY_CHIPS.includes(series.every as (typeof EVERY_CHIPS)[number])
  return (
    <section className="series card" aria-labelledby={`${id}-title`}>
      <div className="series__toggle">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={series.on}
          aria-describedby={`${id}-hint`}
          onChange={(e) => series.setOn(e.target.checked)}
        />
        <label id={`${id}-title`} htmlFor={`${id}-on`} className="series__label">
          <RepeatIcon size={18} />
          {S.repeat}
        </label>
      </div>
      <p id={`${id}-hint`} className="field__hint series__hint">
        {S.repeatHint}
      </p>
      {series.on ? (
        <div className="series__body">
          <fieldset className="waitlist-join__group">
            <legend className="field__label">{S.every}</legend>
            <div className="chips">
              {EVERY_CHIPS.map((n) => (
                <label key={n} className="chip chip--radio">
                  <input
                    type="radio"
                    name={`${id}-every`}
                    checked={series.every === n}
                    onChange={() => series.setEvery(n)}
                  />
                  {S.weeksChip(n)}
                </label>
              ))}
              <label className="chip chip--radio">
                <input type="radio" name={`${id}-every`} checked={custom} onChange={() => series.setEvery(1)} />
                {S.otherWeeks}
              </label>
            </div>
            {custom ? (
              <Field
                label={S.weeks}
                name="every_weeks"
                type="number"
                inputMode="numeric"
                min={1}
                max={SERIES_EVERY_WEEKS_MAX}
                value={String(series.every)}
                onChange={(e) => series.setEvery(Number(e.target.value))}
                error={series.errors.every_weeks}
              />
            ) : series.errors.every_weeks ? (
              <p className="field__error">{series.errors.every_weeks}</p>
            ) : null}
          </fieldset>
          <Field
            label={S.count}
            name="count"
            type="number"
            inputMode="numeric"
            min={2}
            max={SERIES_OCCURRENCES_MAX}
            value={String(series.count)}
            onChange={(e) => series.setCount(Number(e.target.value))}
            error={series.errors.count}
            hint={S.everyWeeks(series.every)}
          />
          <FormAlert>{series.error}</FormAlert>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void series.check()}
            disabled={!!series.busy}
            aria-busy={series.busy === 'checking' || undefined}
          >
            {series.busy === 'checking' ? S.checking : S.check}
          </button>
          {series.occurrences ? <Occurrences series={series} timeZone={timeZone} /> : null}
        </div>
      ) : null}
    </section>
  )
}

function Occurrences({ series, timeZone }: { series: Series; timeZone: string }) {
  return (
    <div className="series__dates" aria-live="polite">
      <h3 className="series__dates-title">{S.dates}</h3>
      {series.unresolved ? <p className="notice">{S.resolveFirst}</p> : null}
      <ol className="series__list">
        {series.occurrences!.map((o) => (
          <li key={o.index} className={o.available ? 'series__item' : 'series__item series__item--conflict'}>
            <p className="series__when">
              <span>{formatDateTime(o.date_start, timeZone)}</span>
              {o.available ? (
                <span className="badge badge--confirmed">
                  <CheckIcon size={14} /> {S.free}
                </span>
              ) : null}
            </p>
            {o.available ? null : <Conflict occurrence={o} series={series} timeZone={timeZone} />}
          </li>
        ))}
      </ol>
    </div>
  )
}

function Conflict({
  occurrence: o,
  series,
  timeZone,
}: {
  occurrence: SeriesOccurrence
  series: Series
  timeZone: string
}) {
  const name = `series-pick-${o.index}`
  const chosen = series.picks[o.index]
  const day = (iso: string) => localDayOf(new Date(iso), timeZone)
  const sameDay = (iso: string) => day(iso) === day(o.date_start)
  return (
    <fieldset className="series__conflict">
      <legend className="series__reason">{o.reason ? codeWords(o.reason, {}, S.taken) : S.taken}</legend>
      {o.alternatives.length ? <p className="series__alt-title">{S.alternatives}</p> : <p>{S.noAlternatives}</p>}
      <div className="chips">
        {o.alternatives.map((alt) => (
          <label key={`${alt.date_start}-${alt.operator}`} className="chip chip--radio">
            <input
              type="radio"
              name={name}
              checked={
                chosen !== undefined &&
                chosen !== 'skip' &&
                chosen.date_start === alt.date_start &&
                chosen.operator === alt.operator
              }
              onChange={() => series.pick(o.index, alt)}
            />
            {sameDay(alt.date_start) ? formatTime(alt.date_start, timeZone) : formatDateTime(alt.date_start, timeZone)}
          </label>
        ))}
        <label className="chip chip--radio">
          <input type="radio" name={name} checked={chosen === 'skip'} onChange={() => series.pick(o.index, 'skip')} />
          {S.skip}
        </label>
      </div>
    </fieldset>
  )
}

/** After "Prenota N appuntamenti": the dates booked, each with its calendar file. */
export function SeriesThanks({ created, timeZone }: { created: NonNullable<Series['created']>; timeZone: string }) {
  return (
    <article className="thanks">
      <span className="thanks__icon" aria-hidden="true">
        <CheckIcon size={32} />
      </span>
      <h1 className="thanks__title">{S.thanksTitle}</h1>
      <p className="thanks__lead">{S.thanksText(created.reservations.length)}</p>
      <ol className="series__list series__list--done">
        {[...created.reservations]
          .sort((a, b) => a.date_start.localeCompare(b.date_start))
          .map((r) => (
            <li key={r.id} className="series__item">
              <p className="series__when">
                <span>{formatDateTime(r.date_start, timeZone)}</span>
                <span className={`badge badge--${r.status.toLowerCase()}`}>{statusLabelIt(r.status)}</span>
              </p>
              <a className="series__ics" href={`/api/reservations/${r.id}/ics`} download>
                <CalendarIcon size={16} />
                {t.booking.addToCalendar}
                <span className="visually-hidden"> {formatDateTime(r.date_start, timeZone)}</span>
              </a>
            </li>
          ))}
      </ol>
      <div className="thanks__actions">
        <Link to={ROUTE_NAMES.reservedArea} className="btn btn--primary btn--block">
          {t.booking.goToMyBookings}
        </Link>
      </div>
    </article>
  )
}
