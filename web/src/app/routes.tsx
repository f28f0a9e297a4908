import type { ComponentType } from 'react'
import type { LoaderFunction, RouteObject } from 'react-router'
import { PUBLIC_ROUTES, type Layout } from '@salon/shared/routes'
import { reserveLoader } from '../features/booking/seed'
import { homeLoader } from '../features/home/api'
import { HomePage } from '../features/home/HomePage'
import { NotFoundScreen, RouteErrorScreen } from './error/ErrorScreen'
import { BlankLayout } from './layouts/BlankLayout'
import { DefaultLayout } from './layouts/DefaultLayout'
import { PersonalAreaLayout } from './layouts/PersonalAreaLayout'
import { SimpleLayout } from './layouts/SimpleLayout'
import { lazyScreen, type LazyScreen } from './lazyScreen'
import { RouteGuard } from './RequireAuth'
import { RootRoute } from './RootRoute'
import { InitialRouteFallback } from './RouteLoading'
import { InstallButton } from './PwaPrompts'

export type PublicRouteName = (typeof PUBLIC_ROUTES)[number]['name']

/** The home, with the app's install button among its calls to action (features do not import app/). */
const Home = () => <HomePage actions={<InstallButton />} />

const passwordRecovery = () => import('../features/auth/PasswordRecoveryPages')

/**
 * One screen per route of the shared table. Typed as a complete record: a route added to
 * shared/src/routes.ts does not compile here until it has a screen.
 *
 * Only the home is in the entry bundle (it is the first paint of most visits); every other screen
 * is its own chunk, fetched when its route is first visited (docs/architecture.md "Delivery").
 */
export const SCREENS: Record<PublicRouteName, ComponentType | LazyScreen> = {
  home: Home,
  login: lazyScreen(() => import('../features/auth/LoginPage'), 'LoginPage'),
  'login-callback': lazyScreen(() => import('../features/auth/ExternalCallbackPage'), 'ExternalCallbackPage'),
  register: lazyScreen(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
  terms: lazyScreen(() => import('../features/info/TermsPage'), 'TermsPage'),
  privacy: lazyScreen(() => import('../features/info/PrivacyPage'), 'PrivacyPage'),
  'map-site': lazyScreen(() => import('../features/info/SiteMapPage'), 'SiteMapPage'),
  confirm: lazyScreen(() => import('../features/auth/ConfirmPage'), 'ConfirmPage'),
  'password-recovery': lazyScreen(passwordRecovery, 'PasswordRecoveryPage'),
  'password-recovery-ok': lazyScreen(passwordRecovery, 'PasswordRecoveryOkPage'),
  'password-recovery-successfully': lazyScreen(passwordRecovery, 'PasswordRecoverySuccessPage'),
  'password-recovery-code': lazyScreen(passwordRecovery, 'PasswordRecoveryCodePage'),
  'reserved-area': lazyScreen(() => import('../features/account/ReservedAreaPage'), 'ReservedAreaPage'),
  'reserved-area-profile': lazyScreen(() => import('../features/account/ProfilePage'), 'ProfilePage'),
  'reserved-area-settings': lazyScreen(() => import('../features/account/SettingsPage'), 'SettingsPage'),
  reserve: lazyScreen(() => import('../features/booking/ReservePage'), 'ReservePage'),
  'reserve-thankyou': lazyScreen(() => import('../features/booking/ThankYouPage'), 'ThankYouPage'),
  'reserve-offer': lazyScreen(() => import('../features/booking/OfferPage'), 'OfferPage'),
  attendance: lazyScreen(() => import('../features/attendance/AttendancePage'), 'AttendancePage'),
}

/**
 * Data a screen renders from, loaded before it shows: on the server (prerender, the render of `/`
 * in cms/server.ts) it comes in the loader's `context`, so it is in the HTML (entry-server.tsx).
 */
const LOADERS: Partial<Record<PublicRouteName, LoaderFunction>> = {
  home: homeLoader,
  // The server's render of `/reserve` brings the catalogue and the first free times; a client
  // navigation starts the same requests beside the wizard's code (features/booking/seed.ts).
  reserve: reserveLoader,
}

/** Loaders that run once per visit of their route: the wizard's own changes of the query must not run them again. */
const ONCE_PER_VISIT: Partial<Record<PublicRouteName, true>> = { reserve: true }

/** Every screen goes through the general redirect guard (REDIRECT_GUARD in the shared route table). */
function withRouteGuard(Screen: ComponentType): ComponentType {
  return function Guarded() {
    return (
      <RouteGuard>
        <Screen />
      </RouteGuard>
    )
  }
}

type PublicLayout = Exclude<Layout, 'dashboard'>

const LAYOUTS: Record<PublicLayout, ComponentType> = {
  blank: BlankLayout,
  simple: SimpleLayout,
  default: DefaultLayout,
  'personal-area': PersonalAreaLayout,
}

/**
 * The table grouped into layout routes; matching is case-sensitive, like the server's 404 check.
 * A function, not a router: main.tsx makes the browser's router from it and entry-server.tsx the
 * server's (createBrowserRouter cannot run in Node).
 */
export function buildRoutes(): RouteObject[] {
  const byLayout = new Map<PublicLayout, RouteObject[]>()
  for (const route of PUBLIC_ROUTES) {
    const screen = SCREENS[route.name]
    const guard = withRouteGuard
    const children = byLayout.get(route.layout) ?? []
    children.push({
      id: route.name,
      path: route.path,
      caseSensitive: true,
      ...(LOADERS[route.name] ? { loader: LOADERS[route.name] } : {}),
      ...(ONCE_PER_VISIT[route.name] ? { shouldRevalidate: () => false } : {}),
      // react-router's lazy: a client navigation keeps the current screen until the chunk is in.
      ...('load' in screen
        ? { lazy: async () => ({ Component: guard(await screen.load()) }) }
        : { Component: guard(screen) }),
    })
    byLayout.set(route.layout, children)
  }
  const groups: RouteObject[] = [...byLayout].map(([layout, children]) => {
    const LayoutComponent = LAYOUTS[layout]
    return { id: `layout-${layout}`, element: <LayoutComponent />, children }
  })

  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteErrorScreen />,
      // Direct load of a lazy route: shown until its chunk is in (blank, then a spinner).
      hydrateFallbackElement: <InitialRouteFallback />,
      children: [...groups, { id: 'not-found', path: '*', element: <NotFoundScreen /> }],
    },
  ]
}
