import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { useAuth } from '../lib/auth'
import { loginHref } from '../lib/paths'
import { PageLoader } from '../lib/ui/Spinner'

/** Routes marked `auth: 'user'` in the route table: visitors go to login, then come back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, endedByLogout } = useAuth()
  const { pathname, search } = useLocation()
  if (status === 'loading') return <PageLoader />
  if (status === 'anonymous') {
    return <Navigate to={endedByLogout ? ROUTE_NAMES.login : loginHref(pathname + search)} replace />
  }
  return <>{children}</>
}
