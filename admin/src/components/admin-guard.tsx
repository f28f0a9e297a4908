import { useEffect, type ReactNode } from 'react'
import { Button } from '@mantine/core'
import { Authenticated, useIsAuthenticated } from '@refinedev/core'
import { IconRefresh } from '@tabler/icons-react'
import { leaveApp } from '../providers/navigation'
import { statusOf } from '../providers/http-error'
import { ErrorScreen } from './error-screen'
import { useT } from '../i18n/use-t'
import { PageLoader } from './page-loader'

/**
 * Spec §2 dashboard guard. The auth provider's `check` decides (ADMIN in; non-admin → `/`;
 * visitor → `/login?redirectTo=…&reason=admin`); the way out is a full page load, because login
 * and home are pages of the public site, outside this router's /dashboard basename.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  return (
    <Authenticated key="dashboard" fallback={<LeaveDashboard />} loading={<PageLoader fullScreen />}>
      {children}
    </Authenticated>
  )
}

function LeaveDashboard() {
  const { data } = useIsAuthenticated()
  const t = useT()
  const redirectTo = data?.redirectTo

  useEffect(() => {
    if (redirectTo) leaveApp(redirectTo)
  }, [redirectTo])

  if (redirectTo || !data) return <PageLoader fullScreen />
  // The user could not be fetched (API down): say so, do not pretend the admin is logged out.
  return (
    <ErrorScreen
      statusCode={statusOf(data.error) || 503}
      statusMessage={data.error?.name ?? 'Error'}
      message={data.error?.message ?? t('error.userFetch')}
      actions={
        <Button variant="default" leftIcon={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  )
}
