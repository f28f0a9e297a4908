import { useEffect, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { REDIRECT_GUARD, ROUTE_NAMES } from '@salon/shared/routes'
import { guardDecision, isGuardedPath } from '@salon/shared/routing/guard'
import { useAuth } from '../lib/auth'
import { loginHref } from '../lib/paths'
import { rememberAttemptedPath } from '../lib/redirectCookie'
import { PageLoader } from '../lib/ui/Spinner'

/**
 * The general redirect guard of spec §2 around every screen, run on each route change. Which
 * paths it guards is `REDIRECT_GUARD` beside the route table (today: the routes marked
 * `auth: 'user'`). A path it does not guard renders at once without reading the session, so the
 * public pages (and their prerendered HTML) never wait for it.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation()
  if (!isGuardedPath(pathname, REDIRECT_GUARD)) return <>{children}</>
  return <SignedInOnly fullPath={pathname + search}>{children}</SignedInOnly>
}

/** Visitors go to login (`redirectTo` + the guard's cookie), then come back. */
function SignedInOnly({ fullPath, children }: { fullPath: string; children: ReactNode }) {
  const { status, endedByLogout } = useAuth()
  if (status === 'loading') return <PageLoader />
  const decision = guardDecision(fullPath, status === 'authenticated', REDIRECT_GUARD)
  if (decision.action === 'allow') return <>{children}</>
  // Just signed out here: plain login, nothing to come back to.
  if (endedByLogout) return <RedirectToLogin to={ROUTE_NAMES.login} remember={null} />
  return <RedirectToLogin to={loginHref(fullPath)} remember={decision.remember} />
}

function RedirectToLogin({ to, remember }: { to: string; remember: string | null }) {
  const navigate = useNavigate()
  useEffect(() => {
    if (remember) rememberAttemptedPath(remember)
    void navigate(to, { replace: true })
  }, [navigate, to, remember])
  return null
}
