import { useEffect } from 'react'
import { RouterProvider } from 'react-router'
import { setUnauthorizedHandler } from '../lib/api'
import { AuthProvider, useAuth } from '../lib/auth'
import { loginHref } from '../lib/paths'
import { ToastProvider } from '../lib/toast'
import { PwaUpdater } from './PwaUpdater'
import { router } from './routes'

/** An API 401 means the session is gone: forget the user and go to login, inside the SPA. */
function SessionExpiryBridge() {
  const { clear } = useAuth()
  useEffect(
    () =>
      setUnauthorizedHandler((redirectTo) => {
        clear()
        void router.navigate(loginHref(redirectTo), { replace: true })
      }),
    [clear],
  )
  return null
}

export function App() {
  return (
    <ToastProvider>
      <AuthProvider>
        <SessionExpiryBridge />
        <PwaUpdater />
        <RouterProvider router={router} />
      </AuthProvider>
    </ToastProvider>
  )
}
