import { useEffect, type ReactNode } from 'react'
import { RouterProvider, type createBrowserRouter } from 'react-router'
import { setUnauthorizedHandler } from '../lib/api'
import { AuthProvider, useAuth } from '../lib/auth'
import { loginHref } from '../lib/paths'
import { ToastProvider } from '../lib/toast'
import { PwaUpdater } from './PwaUpdater'

type BrowserRouter = ReturnType<typeof createBrowserRouter>

/** What the providers need of the router: a way to go to login (absent on the server). */
export interface AppNavigator {
  navigate: (to: string, options: { replace: boolean }) => unknown
}

/** An API 401 means the session is gone: forget the user and go to login, inside the SPA. */
function SessionExpiryBridge({ router }: { router: AppNavigator | null }) {
  const { clear } = useAuth()
  useEffect(
    () =>
      setUnauthorizedHandler((redirectTo) => {
        clear()
        void router?.navigate(loginHref(redirectTo), { replace: true })
      }),
    [clear, router],
  )
  return null
}

/**
 * Everything around the routes, the same in the browser and in the server's render
 * (entry-server.tsx), so the HTML the server wrote is the tree the browser hydrates.
 */
export function AppProviders({ router, children }: { router: AppNavigator | null; children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider>
        <SessionExpiryBridge router={router} />
        <PwaUpdater />
        {children}
      </AuthProvider>
    </ToastProvider>
  )
}

export function App({ router }: { router: BrowserRouter }) {
  // `<html data-hydrated>`: React has taken the page over (the server's HTML is live from here on);
  // tests prove a tap happened before this (e2e/reserve-ssr.spec.ts).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <AppProviders router={router}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
