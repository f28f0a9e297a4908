import { Link } from 'react-router'
import { localDayOf } from '@salon/shared/booking/periods'
import { formatDay, formatDuration, formatPrice } from '../../lib/format'
import { t } from '../../lib/i18n'
import { telHref } from '../../lib/salon'
import { ClockIcon, PhoneIcon } from '../../lib/ui/icons'
import {
  mapsHref,
  populated,
  reserveHref,
  spanningImage,
  squareImage,
  type Banner,
  type CategoryWithServices,
  type Closure,
  type HomeConfig,
  type Holiday,
  type Operator,
} from './api'

/** Price list by category, each service with its own "Prenota" into the wizard. */
export function ServiceMenu({ categories }: { categories: CategoryWithServices[] }) {
  if (categories.length === 0) return <p className="service-menu__state">{t.home.servicesEmpty}</p>
  return (
    <div className="service-menu">
      {categories.map((group) => (
        <section key={group.id ?? 'other'} className="service-group" aria-label={group.name}>
          <h3 className="service-group__title">{group.name}</h3>
          <ul className="service-list">
            {group.services.map((service) => (
              <li key={service.id} className="service">
                <div className="service__main">
                  <p className="service__title">{service.title}</p>
                  {service.description?.trim() ? <p className="service__description">{service.description}</p> : null}
                </div>
                <div className="service__meta">
                  <span className="service__price">{formatPrice(Number(service.price) || 0)}</span>
                  <span className="service__time">
                    <ClockIcon size={14} />
                    {formatDuration(Number(service.time) || 0)}
                  </span>
                  <Link
                    className="btn btn--primary btn--small service__book"
                    to={reserveHref(service.id)}
                    aria-label={`${t.common.book}: ${service.title}`}
                  >
                    {t.common.book}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

const isExternal = (href: string) => /^https?:\/\//i.test(href)

/** The banners the salon shows, in their order; a banner with a link is one big link. */
/** A banner's width in the grid (styles.css `.banners`: one column on phones, auto-fit 18rem+ from md). */
export function bannerSizes(count: number): string {
  const wide = count === 1 ? '61rem' : count === 2 ? '30rem' : '20rem'
  const medium = count === 1 ? 'calc(100vw - 3rem)' : 'calc(50vw - 2rem)'
  return `(min-width: 1024px) ${wide}, (min-width: 768px) ${medium}, calc(100vw - 2rem)`
}

export function Banners({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null
  const sizes = bannerSizes(banners.length)
  return (
    <ul className="banners" aria-label={t.home.bannersLabel}>
      {banners.map((banner) => {
        const image = populated(banner.image)
        const img = image ? spanningImage(image) : null
        const body = (
          <>
            {img ? (
              <img
                className="banner__image"
                src={img.src}
                srcSet={img.srcSet}
                sizes={sizes}
                width={img.width}
                height={img.height}
                alt={banner.alt ?? image?.alt ?? ''}
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <span className="banner__title">{banner.title}</span>
          </>
        )
        const link = banner.link?.trim()
        return (
          <li key={banner.id} className="banner" data-banner-id={banner.id}>
            {!link ? (
              <div className="banner__body">{body}</div>
            ) : isExternal(link) ? (
              <a className="banner__body banner__link" href={link} target="_blank" rel="noopener noreferrer">
                {body}
                <span className="visually-hidden"> ({t.common.newWindow})</span>
              </a>
            ) : (
              <Link className="banner__body banner__link" to={link}>
                {body}
              </Link>
            )}
          </li>
        )
      })}
    </ul>
  )
}

const PHOTO_PX = 96

/** The team, with photos (96 px, 1× and 2×, cropped square by the image endpoint). */
export function Operators({ operators, workingToday }: { operators: Operator[]; workingToday?: number[] }) {
  if (operators.length === 0) return null
  return (
    <ul className="team">
      {operators.map((op) => {
        const image = populated(op.image)
        const img = image ? squareImage(image, PHOTO_PX) : null
        const name = [op.name, op.surname].filter(Boolean).join(' ')
        return (
          <li key={op.id} className="team__member">
            {img ? (
              <img
                className="team__photo"
                src={img.src}
                srcSet={img.srcSet}
                width={img.width}
                height={img.height}
                alt=""
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="team__photo team__photo--initial" aria-hidden="true">
                {op.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <p className="team__name">{name}</p>
            {workingToday?.includes(Number(op.id)) ? <p className="team__today">{t.home.inTodayLabel}</p> : null}
            {op.description?.trim() ? <p className="team__description">{op.description}</p> : null}
          </li>
        )
      })}
    </ul>
  )
}

const dayIn = (iso: string, timeZone: string) => localDayOf(new Date(iso), timeZone)

/** Closures and holidays listed at once; the rest behind "Mostra altre N chiusure" (a year of holidays is long). */
export const CLOSURES_SHOWN = 4

/**
 * Upcoming closures (ranges) and public holidays (single days), in the salon's calendar, soonest
 * first; the first CLOSURES_SHOWN in view, the others in a native `<details>` (works without JS).
 */
export function Closures({
  closures,
  holidays,
  timeZone,
}: {
  closures: Closure[]
  holidays: Holiday[]
  timeZone: string
}) {
  if (closures.length === 0 && holidays.length === 0) return null
  const items = [
    ...closures.map((c) => {
      const from = dayIn(c.start_date, timeZone)
      const to = c.end_date ? dayIn(c.end_date, timeZone) : from
      return {
        key: `c${c.id}`,
        day: from,
        node: (
          <>
            <strong>{c.name}</strong>:{' '}
            {from === to ? formatDay(from) : t.home.closedFromTo(formatDay(from), formatDay(to))}
          </>
        ),
      }
    }),
    ...holidays.map((h) => {
      const day = dayIn(h.date, timeZone)
      return {
        key: `h${h.id}`,
        day,
        node: (
          <>
            <strong>{h.name}</strong>: {formatDay(day)}
            {h.recurring_yearly ? ` (${t.home.everyYear})` : null}
          </>
        ),
      }
    }),
  ].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)) // ISO days; no Intl collator on first load
  const list = (rows: typeof items) => (
    <ul className="closures__list">
      {rows.map((r) => (
        <li key={r.key}>{r.node}</li>
      ))}
    </ul>
  )
  const more = items.slice(CLOSURES_SHOWN)
  return (
    <div className="closures">
      <h3 className="closures__title">{t.home.closuresTitle}</h3>
      {list(items.slice(0, CLOSURES_SHOWN))}
      {more.length > 0 ? (
        <details className="closures__more">
          <summary>{t.home.moreClosures(more.length)}</summary>
          {list(more)}
        </details>
      ) : null}
    </div>
  )
}

/** Address with a map link, tap-to-call, e-mail. */
export function Contacts({ config }: { config: HomeConfig | null }) {
  const address = config?.address?.trim()
  const phone = config?.phone?.trim()
  const email = config?.email?.trim()
  if (!address && !phone && !email) return null
  return (
    <address className="contacts">
      {address ? (
        <p>
          {address}
          <br />
          <a href={mapsHref(address)} target="_blank" rel="noopener noreferrer">
            {t.home.openMap}
            <span className="visually-hidden"> ({t.common.newWindow})</span>
          </a>
        </p>
      ) : null}
      {phone ? (
        <p>
          <a className="btn btn--secondary contacts__call" href={telHref(phone)}>
            <PhoneIcon size={18} />
            {t.home.call(phone)}
          </a>
        </p>
      ) : null}
      {email ? (
        <p>
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      ) : null}
    </address>
  )
}
