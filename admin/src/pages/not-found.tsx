import { useLocation } from 'react-router'
import { notFoundMessage } from '@salon/shared/routes'
import { ErrorScreen } from '../components/error-screen'
import { DASHBOARD_BASE } from '../resources'

/** Any dashboard path without a screen: spec §2's 404, "Not Found" and `Page Not Found: {path}`. */
export default function NotFound() {
  const { pathname } = useLocation()
  const path = pathname === '/' ? DASHBOARD_BASE : `${DASHBOARD_BASE}${pathname}`
  return <ErrorScreen statusCode={404} message={notFoundMessage(path)} />
}
