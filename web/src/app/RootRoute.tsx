import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { findRoute, PUBLIC_ROUTES } from '@salon/shared/routes'
import { useAuth } from '../lib/auth'
import { NotFoundScreen } from './error/ErrorScreen'
import { HeadManager } from './HeadManager'
import { NavigationProgress } from './RouteLoading'

/**
 * Wraps every screen: the throttled user refresh on navigation (spec §4), scroll restoration, the
 * head of the page (HeadManager) and the progress bar of a navigation that waits for a screen's code.
 * A path the shared table does not know renders the 404 screen even where react-router's own
 * matching would be more lenient (odd encodings), so the SPA and the server's 404 always agree.
 */
export function RootRoute() {
  const { pathname } = useLocation()
  const { revalidate } = useAuth()
  useEffect(() => {
    revalidate()
  }, [pathname, revalidate])

  return (
    <>
      <NavigationProgress />
      <a className="skip-link" href="#main">
        Vai al contenuto
      </a>
      {findRoute(pathname, PUBLIC_ROUTES) ? <Outlet /> : <NotFoundScreen />}
      <ScrollRestoration />
      <HeadManager />
    </>
  )
}
