import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { landingFor } from '@salon/shared/routing/landing'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { useAuth, type LoginFactor, type User } from '../../lib/auth'
import { clearPendingSignIn, readPendingSignIn } from '../../lib/externalSignIn'
import { t } from '../../lib/i18nPersonal'
import { useNavigateTo } from '../../lib/navigation'
import { safeRedirectPath } from '../../lib/paths'
import { clearAttemptedPath, readAttemptedPath } from '../../lib/redirectCookie'
import { Spinner } from '../../lib/ui/Spinner'
import { useDocumentTitle } from '../../lib/title'
import { SecondFactorStep } from './SecondFactorStep'

type Step =
  | { kind: 'working' }
  | { kind: 'second-factor'; challenge: string; factors: LoginFactor[] }
  | { kind: 'failed'; message: string }

/**
 * `/login/callback?code=…`: back from the provider. The one-time code and this tab's PKCE verifier
 * become a session (`POST /api/auth/token?grant_type=pkce`), then the visitor goes where they were
 * headed — the booking wizard's summary, say — or to their usual place. An account with a second
 * factor asks for its code first. The code is used once: the URL is cleaned straight away.
 */
export function ExternalCallbackPage() {
  useDocumentTitle(t.external.callbackTitle)
  const auth = useAuth()
  const navigateTo = useNavigateTo()
  const [params] = useSearchParams()
  // What came back, read once: the code in the address and this tab's pending sign-in.
  const [arrival] = useState(() => ({ code: params.get('code'), pending: readPendingSignIn() }))
  const [step, setStep] = useState<Step>(() =>
    arrival.code && arrival.pending ? { kind: 'working' } : { kind: 'failed', message: t.external.callbackExpired },
  )
  const started = useRef(false)
  const next = useRef<string | null>(arrival.pending?.next ?? null)

  function goOn(user: User) {
    const requested = safeRedirectPath(next.current) ?? readAttemptedPath()
    clearAttemptedPath()
    navigateTo(landingFor(user.user_role, requested), { replace: true })
  }

  useEffect(() => {
    if (started.current) return
    started.current = true
    const { code, pending } = arrival
    clearPendingSignIn()
    // The code is not left in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname)
    if (!code || !pending) return
    auth
      .exchangeCode(code, pending.verifier)
      .then((result) => {
        if (result.mfaRequired) setStep({ kind: 'second-factor', challenge: result.challenge, factors: result.factors })
        else goOn(result.user)
      })
      .catch((error: unknown) => {
        const expired = error instanceof ApiError && error.status === 400
        setStep({ kind: 'failed', message: expired ? t.external.callbackExpired : t.external.callbackFailed })
      })
    // Once per visit of this screen: the code is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (step.kind === 'second-factor')
    return (
      <SecondFactorStep
        challenge={step.challenge}
        factors={step.factors}
        onVerified={goOn}
        onCancel={() => navigateTo(ROUTE_NAMES.login, { replace: true })}
        onExpired={() => setStep({ kind: 'failed', message: t.mfa.expired })}
      />
    )

  return (
    <div className="auth-card">
      {step.kind === 'working' ? (
        <>
          <h1 className="auth-card__title">{t.external.callbackTitle}</h1>
          <p className="auth-card__intro">{t.external.callbackWorking}</p>
          <Spinner />
        </>
      ) : (
        <>
          <h1 className="auth-card__title">{t.external.callbackFailedTitle}</h1>
          <p className="notice notice--error" role="alert">
            {step.message}
          </p>
          <div className="auth-card__links">
            <Link className="btn btn--primary" to={ROUTE_NAMES.login}>
              {t.external.backToLogin}
            </Link>
          </div>
        </>
      )}
    </div>
  )
}
