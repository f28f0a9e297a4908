import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDateTime, formatDuration, formatPrice } from '../../lib/format'
import { t } from '../../lib/i18n'

type Part = 'services' | 'operator' | 'when'

/**
 * A booking as a customer reads it — when, services, with whom, total — on the summary (with
 * "Modifica" links back to each step) and on the thank-you page (with the status).
 */
export function BookingDetails({
  services,
  operatorName,
  start,
  timeZone,
  totals,
  changeHref,
  extra,
}: {
  services: { id: number; title: string; time: number; price?: number }[]
  operatorName: string
  start: string
  timeZone: string
  totals: { duration: number; total_price: number }
  /** Where "Modifica" leads for each part; no link for a part it leaves out. */
  changeHref?: Partial<Record<Part, string>>
  /** Rows after "Con chi" (e.g. the status). */
  extra?: { label: string; value: ReactNode }[]
}) {
  const change = (part: Part, label: string) =>
    changeHref?.[part] ? (
      <Link className="summary__change" to={changeHref[part]}>
        {t.booking.change}
        <span className="visually-hidden"> {label}</span>
      </Link>
    ) : null
  return (
    <dl className="summary__list">
      <div className="summary__row">
        <dt>{t.booking.when}</dt>
        <dd>
          <span className="summary__when">{formatDateTime(start, timeZone)}</span>
          {change('when', t.booking.when)}
        </dd>
      </div>
      <div className="summary__row">
        <dt>{t.booking.services}</dt>
        <dd>
          <ul className="summary__services">
            {services.map((s) => (
              <li key={s.id}>
                <span>{s.title}</span>
                <span className="muted">
                  {formatDuration(s.time)}
                  {s.price === undefined ? '' : ` · ${formatPrice(s.price)}`}
                </span>
              </li>
            ))}
          </ul>
          {change('services', t.booking.services)}
        </dd>
      </div>
      <div className="summary__row">
        <dt>{t.booking.operator}</dt>
        <dd>
          {operatorName}
          {change('operator', t.booking.operator)}
        </dd>
      </div>
      {(extra ?? []).map((row) => (
        <div key={row.label} className="summary__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      <div className="summary__row summary__row--total">
        <dt>{t.booking.total}</dt>
        <dd>
          <strong>{formatPrice(totals.total_price)}</strong>
          <span className="muted"> · {formatDuration(totals.duration)}</span>
        </dd>
      </div>
    </dl>
  )
}
