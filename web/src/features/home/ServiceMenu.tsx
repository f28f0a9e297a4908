import { Link } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { formatDuration, formatPrice } from '../../lib/format'
import { t } from '../../lib/i18n'
import { ClockIcon } from '../../lib/ui/icons'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchServiceMenu, type ServiceGroup } from './api'

/** The salon's price list, grouped by category. */
export function ServiceMenu() {
  const menu = useResource(fetchServiceMenu)

  if (menu.status === 'loading') {
    return (
      <div className="service-menu__state service-menu__state--loading">
        <Spinner />
      </div>
    )
  }
  if (menu.status === 'error') {
    return (
      <div className="service-menu__state" role="alert">
        <p>
          {t.home.servicesLoadError}{' '}
          {menu.error instanceof ApiError && menu.error.isNetworkError ? t.common.networkError : null}
        </p>
        <button type="button" className="btn btn--secondary" onClick={menu.reload}>
          {t.common.retry}
        </button>
      </div>
    )
  }
  if (menu.data.length === 0) {
    return <p className="service-menu__state">{t.home.servicesEmpty}</p>
  }
  return (
    <div className="service-menu">
      {menu.data.map((group) => (
        <ServiceGroupCard key={group.category?.id ?? 'other'} group={group} />
      ))}
    </div>
  )
}

function ServiceGroupCard({ group }: { group: ServiceGroup }) {
  const title = group.category?.name ?? t.home.otherServices
  return (
    <section className="service-group" aria-label={title}>
      <h3 className="service-group__title">{title}</h3>
      <ul className="service-list">
        {group.services.map((service) => (
          <li key={service.id} className="service">
            <div className="service__main">
              <p className="service__title">{service.title}</p>
              {typeof service.description === 'string' && service.description.trim() ? (
                <p className="service__description">{service.description}</p>
              ) : null}
            </div>
            <div className="service__meta">
              <span className="service__price">{formatPrice(Number(service.price) || 0)}</span>
              <span className="service__time">
                <ClockIcon size={14} />
                {formatDuration(Number(service.time) || 0)}
              </span>
              <Link
                className="btn btn--primary btn--small service__book"
                to={`${ROUTE_NAMES.reserve}?services=${service.id}`}
                aria-label={`${t.common.book}: ${service.title}`}
              >
                {t.common.book}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
