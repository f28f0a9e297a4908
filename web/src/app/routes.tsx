import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { PUBLIC_ROUTES, type Layout } from '@salon/shared/routes'
import { ReservedAreaPage } from '../features/account/ReservedAreaPage'
import { ProfilePage } from '../features/account/ProfilePage'
import { SettingsPage } from '../features/account/SettingsPage'
import { ConfirmPage } from '../features/auth/ConfirmPage'
import { LoginPage } from '../features/auth/LoginPage'
import {
  PasswordRecoveryCodePage,
  PasswordRecoveryOkPage,
  PasswordRecoveryPage,
  PasswordRecoverySuccessPage,
} from '../features/auth/PasswordRecoveryPages'
import { RegisterPage } from '../features/auth/RegisterPage'
import { ReservePage } from '../features/booking/ReservePage'
import { ThankYouPage } from '../features/booking/ThankYouPage'
import { HomePage } from '../features/home/HomePage'
import { PrivacyPage } from '../features/info/PrivacyPage'
import { SiteMapPage } from '../features/info/SiteMapPage'
import { TermsPage } from '../features/info/TermsPage'
import { NotFoundScreen, RouteErrorScreen } from './error/ErrorScreen'
import { BlankLayout } from './layouts/BlankLayout'
import { DefaultLayout } from './layouts/DefaultLayout'
import { PersonalAreaLayout } from './layouts/PersonalAreaLayout'
import { SimpleLayout } from './layouts/SimpleLayout'
import { RequireAuth } from './RequireAuth'
import { RootRoute } from './RootRoute'

export type PublicRouteName = (typeof PUBLIC_ROUTES)[number]['name']

/**
 * One screen per route of the shared table. Typed as a complete record: a route added to
 * shared/src/routes.ts does not compile here until it has a screen.
 */
const SCREENS: Record<PublicRouteName, ComponentType> = {
  home: HomePage,
  login: LoginPage,
  register: RegisterPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  'map-site': SiteMapPage,
  confirm: ConfirmPage,
  'password-recovery': PasswordRecoveryPage,
  'password-recovery-ok': PasswordRecoveryOkPage,
  'password-recovery-successfully': PasswordRecoverySuccessPage,
  'password-recovery-code': PasswordRecoveryCodePage,
  'reserved-area': ReservedAreaPage,
  'reserved-area-profile': ProfilePage,
  'reserved-area-settings': SettingsPage,
  reserve: ReservePage,
  'reserve-thankyou': ThankYouPage,
}

type PublicLayout = Exclude<Layout, 'dashboard'>

const LAYOUTS: Record<PublicLayout, ComponentType> = {
  blank: BlankLayout,
  simple: SimpleLayout,
  default: DefaultLayout,
  'personal-area': PersonalAreaLayout,
}

/** The table grouped into layout routes; matching is case-sensitive, like the server's 404 check. */
export function buildRoutes(): RouteObject[] {
  const byLayout = new Map<PublicLayout, RouteObject[]>()
  for (const route of PUBLIC_ROUTES) {
    const Screen = SCREENS[route.name]
    const screen = <Screen />
    const children = byLayout.get(route.layout) ?? []
    children.push({
      id: route.name,
      path: route.path,
      caseSensitive: true,
      element: 'auth' in route && route.auth === 'user' ? <RequireAuth>{screen}</RequireAuth> : screen,
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
      children: [...groups, { id: 'not-found', path: '*', element: <NotFoundScreen /> }],
    },
  ]
}

export const router = createBrowserRouter(buildRoutes())
