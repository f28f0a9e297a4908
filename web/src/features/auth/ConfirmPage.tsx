import { useCallback, useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { loginHref } from '../../lib/paths'
import { SALON_PHONE, telHref } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'
import { FormAlert } from '../../lib/ui/Field'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { CONFIRM_LINK_TTL_DAYS, confirmEmail } from './api'

/*
 * `/confirm?token=…`: the link of the registration e-mail. The token is sent once when the page
 * opens; the server answers 200 also when the address was already confirmed, and 400 (naming
 * `token`) when the link is not valid or has expired.
 */

/** The only input is the token, so any 400 means the link itself is no good. */
const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 400

/** The alert for a failure that may pass: no connection, 5xx, rate limit, … */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t.auth.confirmFailed
  if (error.isNetworkError) return t.common.networkError
  const serverMessage = error.errors.find((e) => e.message)?.message
  if (error.status === 429 && serverMessage) return serverMessage
  return t.auth.confirmFailed
}

function HomeLink() {
  return (
    <div className="auth-card__links">
      <Link to={ROUTE_NAMES.home}>{t.auth.confirmHome}</Link>
    </div>
  )
}

export function ConfirmPage() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  return token ? <ConfirmToken key={token} token={token} /> : <NothingToConfirm />
}

/** Opened without a token (typed by hand, or a link cut short). */
function NothingToConfirm() {
  useDocumentTitle(t.auth.confirmTitle)
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.confirmTitle}</h1>
      <p className="auth-card__intro">{t.auth.confirmNoToken}</p>
      <Link to={ROUTE_NAMES.home} className="btn btn--primary btn--block">
        {t.auth.confirmHome}
      </Link>
    </div>
  )
}

function ConfirmToken({ token }: { token: string }) {
  const auth = useAuth()
  const result = useResource(useCallback(() => confirmEmail(token), [token]))
  const confirmed = result.status === 'success'

  useDocumentTitle(
    confirmed
      ? t.auth.confirmDoneTitle
      : result.status === 'error' && isInvalidLink(result.error)
        ? t.auth.confirmInvalidTitle
        : t.auth.confirmTitle,
  )

  // A signed-in visitor's account has just changed: let the app read it again, once per confirmation.
  const { status: authStatus, refresh } = auth
  const refreshed = useRef(false)
  useEffect(() => {
    if (!confirmed || authStatus !== 'authenticated' || refreshed.current) return
    refreshed.current = true
    refresh().catch(() => {})
  }, [confirmed, authStatus, refresh])

  if (result.status === 'loading') {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{t.auth.confirmTitle}</h1>
        <div className="page-loader">
          <Spinner label={t.auth.confirmChecking} />
        </div>
      </div>
    )
  }

  if (result.status === 'success') {
    const email = typeof result.data?.email === 'string' && result.data.email ? result.data.email : null
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{t.auth.confirmDoneTitle}</h1>
        <p className="auth-card__intro">{t.auth.confirmDoneText(email)}</p>
        <Link to={ROUTE_NAMES.reserve} className="btn btn--primary btn--block">
          {t.auth.confirmBook}
        </Link>
        {auth.status === 'anonymous' ? (
          <div className="auth-card__links">
            <Link to={ROUTE_NAMES.login}>{t.auth.confirmLogin}</Link>
          </div>
        ) : null}
      </div>
    )
  }

  if (isInvalidLink(result.error)) {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{t.auth.confirmInvalidTitle}</h1>
        <p className="auth-card__intro">{t.auth.confirmInvalidText(CONFIRM_LINK_TTL_DAYS)}</p>
        {auth.status === 'authenticated' ? (
          <Link to={ROUTE_NAMES.reservedArea} className="btn btn--primary btn--block">
            {t.auth.goToReservedArea}
          </Link>
        ) : (
          <Link to={loginHref(ROUTE_NAMES.reservedArea)} className="btn btn--primary btn--block">
            {t.auth.confirmLogin}
          </Link>
        )}
        <div className="auth-card__links">
          <p>
            {t.auth.confirmContactSalon} <a href={telHref(SALON_PHONE)}>{SALON_PHONE}</a>
          </p>
          <Link to={ROUTE_NAMES.home}>{t.auth.confirmHome}</Link>
        </div>
      </div>
    )
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.confirmTitle}</h1>
      <FormAlert>{failureMessage(result.error)}</FormAlert>
      <button type="button" className="btn btn--primary btn--block" onClick={result.reload}>
        {t.common.retry}
      </button>
      <HomeLink />
    </div>
  )
}
