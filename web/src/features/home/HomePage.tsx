import { Link } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'
import { SiteFooter } from '../../lib/ui/SiteFooter'
import { SiteHeader } from '../../lib/ui/SiteHeader'
import { CalendarIcon } from '../../lib/ui/icons'
import { ServiceMenu } from './ServiceMenu'

/** `/` (blank layout): the page composes its own header, hero, price list and footer. */
export function HomePage() {
  useDocumentTitle(t.home.title)
  const { status, user } = useAuth()

  return (
    <div className="page page--home">
      <SiteHeader />
      <main id="main">
        <section className="hero">
          <div className="container hero__inner">
            {status === 'authenticated' && user?.name ? (
              <p className="hero__welcome">{t.home.welcomeBack(user.name)}</p>
            ) : null}
            <h1 className="hero__title">{t.home.heroTitle}</h1>
            <p className="hero__text">{t.home.heroText}</p>
            <div className="hero__actions">
              <Link to={ROUTE_NAMES.reserve} className="btn btn--primary btn--large">
                <CalendarIcon size={20} />
                {t.common.book}
              </Link>
              {/* Kept (invisible) while the session is read, so the hero does not jump for visitors. */}
              {status !== 'authenticated' ? (
                <Link
                  to={ROUTE_NAMES.register}
                  className={`btn btn--ghost btn--large${status === 'loading' ? ' is-placeholder' : ''}`}
                  aria-hidden={status === 'loading' || undefined}
                  tabIndex={status === 'loading' ? -1 : undefined}
                >
                  {t.auth.submitRegister}
                </Link>
              ) : null}
            </div>
          </div>
        </section>

        <section className="container section" aria-labelledby="services-title">
          <h2 id="services-title" className="section__title">
            {t.home.servicesTitle}
          </h2>
          <ServiceMenu />
        </section>
      </main>
      <SiteFooter />
    </div>
  )
}
