import type { ReactNode } from 'react'
import { Link, useLoaderData, useRevalidator } from 'react-router'
import { HOME_SECTIONS, ROUTE_NAMES } from '@salon/shared/routes'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { BRAND, learnSalonZone } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'
import { SiteFooter } from '../../lib/ui/SiteFooter'
import { SiteHeader } from '../../lib/ui/SiteHeader'
import { Spinner } from '../../lib/ui/Spinner'
import { CalendarIcon } from '../../lib/ui/icons'
import type { HomeState } from './api'
import { Carousel } from './Carousel'
import { Banners, Closures, Contacts, Operators, ServiceMenu } from './HomeSections'
import { OpeningHours } from './OpeningHours'

const DEFAULT_ZONE = 'Europe/Rome'

/**
 * `/` (blank layout), from one call to `GET /api/pages/home` (the route's loader, `homeLoader`):
 * hero with "Prenota", the carousel, the banners, the price list, the team, hours and closures,
 * contacts. The price list, the team and the contacts carry the ids of `HOME_SECTIONS`, so a banner
 * or a page can link to `/#contatti` (scroll-margin clears the sticky header). The server renders it with the current data (cms/server.ts), so all of it is in the
 * first paint; the build-time prerender has no data (`pending`) and shows the hero and a spinner
 * until the browser has fetched it.
 * `actions` is where the app puts what the home cannot know about (the install button): in the
 * closing band, not in the hero, because the browser offers installation only after the service
 * worker is running — a button appearing in the hero then pushed the carousel (CLS 0.038).
 */
export function HomePage({ actions }: { actions?: ReactNode }) {
  const state = useLoaderData() as HomeState
  const revalidator = useRevalidator()
  const data = state.status === 'ready' ? state.data : null
  learnSalonZone(data?.config)
  const brand = data?.config?.businessName?.trim() || BRAND
  useDocumentTitle(t.home.title, brand)
  const { status, user } = useAuth()
  const loading = state.status === 'pending' || (!data && revalidator.state === 'loading')
  const timeZone = data?.config?.timezone || DEFAULT_ZONE

  return (
    <div className="page page--home">
      <SiteHeader />
      <main id="main">
        <section className="hero">
          <div className="container hero__inner">
            <div className="hero__copy">
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
            {data && data.carousel.length > 0 ? (
              <div className="hero__media">
                <Carousel images={data.carousel} label={t.home.carousel.label(brand)} />
              </div>
            ) : loading ? (
              // The carousel's usual room (16:9 + controls) while the data is on its way: no jump.
              <div className="hero__media" aria-hidden="true">
                <div className="carousel__placeholder" />
              </div>
            ) : null}
          </div>
        </section>

        {loading ? (
          <div className="container home__state">
            <Spinner />
          </div>
        ) : !data ? (
          <div className="container home__state" role="alert">
            <p>
              {t.home.loadError} {state.status === 'error' && state.network ? t.common.networkError : null}
            </p>
            <button type="button" className="btn btn--secondary" onClick={() => void revalidator.revalidate()}>
              {t.common.retry}
            </button>
          </div>
        ) : (
          <>
            {data.banners.length > 0 ? (
              <section className="container section section--tight" aria-label={t.home.bannersLabel}>
                <Banners banners={data.banners} />
              </section>
            ) : null}

            <section id={HOME_SECTIONS.services} className="container section" aria-labelledby="services-title">
              <h2 id="services-title" className="section__title">
                {t.home.servicesTitle}
              </h2>
              <ServiceMenu categories={data.categories} />
            </section>

            {data.operators.length > 0 ? (
              <section id={HOME_SECTIONS.team} className="section section--surface" aria-labelledby="team-title">
                <div className="container">
                  <h2 id="team-title" className="section__title">
                    {t.home.teamTitle}
                  </h2>
                  <p className="section__lead">{t.home.teamText}</p>
                  <Operators operators={data.operators} workingToday={data.workingToday} />
                </div>
              </section>
            ) : null}

            <section className="container section home__visit" aria-labelledby="visit-title">
              <h2 id="visit-title" className="section__title">
                {t.home.visitTitle}
              </h2>
              <div className="home__visit-grid">
                <div>
                  <h3 className="home__subtitle">{t.home.hoursTitle}</h3>
                  <OpeningHours days={data.openingHours} timeZone={timeZone} />
                  <Closures closures={data.closures} holidays={data.holidays ?? []} timeZone={timeZone} />
                </div>
                {/* `/#contatti` lands here, not on the hours above: on a phone the list is long. */}
                <div id={HOME_SECTIONS.contacts}>
                  <h3 className="home__subtitle">{t.home.contactsTitle}</h3>
                  <p className="home__brand">{brand}</p>
                  <Contacts config={data.config} />
                </div>
              </div>
            </section>

            <section className="home__cta" aria-labelledby="cta-title">
              <div className="container home__cta-inner">
                <h2 id="cta-title" className="home__cta-title">
                  {t.home.ctaTitle}
                </h2>
                <p className="home__cta-text">{t.home.ctaText}</p>
                <div className="home__cta-actions">
                  <Link to={ROUTE_NAMES.reserve} className="btn btn--inverse btn--large">
                    <CalendarIcon size={20} />
                    {t.home.ctaButton}
                  </Link>
                  {actions}
                </div>
              </div>
            </section>
          </>
        )}
      </main>
      <SiteFooter />
    </div>
  )
}
