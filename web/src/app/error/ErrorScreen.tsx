import { useEffect } from 'react'
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { notFoundMessage } from '@salon/shared/routes'
import { t } from '../../lib/i18n'
import { HTTP_STATUS_TEXT } from '@salon/shared/errorScreen'
import { useDocumentTitle } from '../../lib/title'
import { canReloadForNewBuild, reloadForNewBuild, ScreenLoadError } from '../lazyScreen'
import { HomeIcon } from '../../lib/ui/icons'
import { LostMirrorIllustration } from './Illustration'

interface ErrorScreenProps {
  status: number
  statusText?: string
  message: string
}

/** Spec §2: "{status} error", the status message, the error message, an apology and the way home. */
export function ErrorScreen({ status, statusText, message }: ErrorScreenProps) {
  const title = `${status} error`
  useDocumentTitle(title)
  return (
    <main id="main" className="error-screen">
      <div className="error-screen__inner">
        <LostMirrorIllustration />
        <h1 className="error-screen__title">{title}</h1>
        <p className="error-screen__status">{statusText || HTTP_STATUS_TEXT[status] || 'Error'}</p>
        <p className="error-screen__message">{message}</p>
        <p className="error-screen__apology">{status === 404 ? t.error.apology : t.error.fatalApology}</p>
        <Link to="/" className="btn btn--primary btn--large" reloadDocument={status >= 500}>
          <HomeIcon size={20} />
          {t.error.backHome}
        </Link>
      </div>
    </main>
  )
}

/** Any path that is not in PUBLIC_ROUTES (the server answers it with HTTP 404 too). */
export function NotFoundScreen() {
  const { pathname } = useLocation()
  return <ErrorScreen status={404} message={notFoundMessage(pathname)} />
}

/**
 * Router error boundary: thrown responses keep their status, anything else is a fatal 500. A
 * screen whose code could not be fetched (usually a deploy since this page loaded) first reloads
 * the page once — blank meanwhile, no error flash — and shows the error only if that did not help.
 */
export function RouteErrorScreen() {
  const error = useRouteError()
  const { pathname } = useLocation()
  const reload = error instanceof ScreenLoadError && canReloadForNewBuild()
  useEffect(() => {
    if (reload) reloadForNewBuild()
  }, [reload])
  if (reload) return null
  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === 'string' && error.data
        ? error.data
        : error.status === 404
          ? notFoundMessage(pathname)
          : error.statusText
    return <ErrorScreen status={error.status} statusText={error.statusText} message={message} />
  }
  if (import.meta.env.DEV) console.error(error)
  const message = error instanceof Error ? error.message : String(error ?? 'Unknown error')
  return <ErrorScreen status={500} message={message} />
}
