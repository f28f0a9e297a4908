import { Link, NavLink } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { useAuth } from '../auth'
import { t } from '../i18n'
import { BrandLink } from './BrandLink'

/** Top bar of the public pages: brand, and either the login links or the way to the reserved area. */
export function SiteHeader() {
  const { status } = useAuth()
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <BrandLink />
        <nav aria-label={t.nav.main} className="site-header__nav">
          {status === 'authenticated' ? (
            <NavLink to={ROUTE_NAMES.reservedArea} className="nav-link">
              {t.common.reservedArea}
            </NavLink>
          ) : status === 'anonymous' ? (
            <>
              <NavLink to={ROUTE_NAMES.login} className="nav-link">
                {t.common.login}
              </NavLink>
              <Link to={ROUTE_NAMES.register} className="btn btn--primary btn--small">
                {t.common.register}
              </Link>
            </>
          ) : null}
        </nav>
      </div>
    </header>
  )
}
