import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { landingFor } from '@salon/shared/routing/landing'
import { ApiError } from '../../lib/api'
import { useAuth, type LoginFactor, type User } from '../../lib/auth'
import { t } from '../../lib/i18nPersonal'
import { useNavigateTo } from '../../lib/navigation'
import { registerHref, safeRedirectPath } from '../../lib/paths'
import { clearAttemptedPath, readAttemptedPath } from '../../lib/redirectCookie'
import { useDocumentTitle } from '../../lib/title'
import { useToast } from '../../lib/toast'
import { Field, FormAlert } from '../../lib/ui/Field'
import type { Errors } from '../../lib/validation'
import { PasskeyChoice, PasskeySignIn, usePasskeyAutofill } from './PasskeySignIn'
import { ExternalButtons } from '../../lib/ui/ExternalButtons'
import type { ExternalError } from '@salon/shared/schemas/external'
import { clearPendingSignIn, loadProviders, readPendingSignIn } from '../../lib/externalSignIn'

type LoginField = 'email' | 'password'

/*
 * What the form does not need to paint (issue 28: /login Lighthouse ≥ 98 on a phone): the shared
 * schemas and zod (~25 KiB gzip) are fetched when the form is sent (`checkLogin`), the code step
 * when the password was right, and the waiting booking only when a booking is waiting.
 */
const loadSecondFactorStep = () => import('./SecondFactorStep')
const SecondFactorStep = lazy(() => loadSecondFactorStep().then((m) => ({ default: m.SecondFactorStep })))
const WaitingBooking = lazy(() => import('./WaitingBooking').then((m) => ({ default: m.WaitingBooking })))

/**
 * The login form's own check — the shared `loginBody`, the first message per field as
 * `lib/validation`'s `fieldErrors` gives it — with the schemas and zod fetched on the first submit.
 * Only the schema module is imported dynamically: importing `lib/validation` so split the site's
 * shared chunk that `/` and `/reserve` load into five (+2 KiB gzip on each; docs/benchmarks.md).
 */
async function checkLogin(values: { email: string; password: string }): Promise<Errors<LoginField>> {
  const { loginBody } = await import('@salon/shared/schemas/index')
  const result = loginBody.safeParse(values)
  const errors: Errors<LoginField> = {}
  for (const issue of result.success ? [] : result.error.issues) {
    const key = issue.path[0] as LoginField | undefined
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

const noSubscription = () => () => {}
const inBrowserSnapshot = () => true
const notInBrowser = () => false

/** One of the codes the callback sends back (`?external_error=`), read from the site's own words. */
const isExternalError = (code: string | null): code is ExternalError =>
  code !== null && Object.prototype.hasOwnProperty.call(t.external.errors, code)

export function LoginPage() {
  useDocumentTitle(t.auth.loginTitle)
  // The waiting booking is a lazy chunk with data: the server's render (README "/login rendered by
  // the server") leaves it out, and it joins the page once hydrated (renderToString has no Suspense).
  const inBrowser = useSyncExternalStore(noSubscription, inBrowserSnapshot, notInBrowser)
  const auth = useAuth()
  const { toast } = useToast()
  const navigateTo = useNavigateTo()
  const [params] = useSearchParams()
  const [errors, setErrors] = useState<Errors<LoginField>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  /** Set when the password was right and the account has a second factor: the code step shows. */
  const [challenge, setChallenge] = useState<{ challenge: string; factors: LoginFactor[] } | null>(null)
  /** The e-mail typed, kept for the password form when it comes back (Annulla, expired code). */
  const [typedEmail, setTypedEmail] = useState('')

  // The dashboard sends visitors here with reason=admin (spec §2/§8); say it once per visit.
  const reason = params.get('reason')
  const toasted = useRef(false)
  useEffect(() => {
    if (reason === 'admin' && !toasted.current) {
      toasted.current = true
      toast({ title: t.auth.unauthorizedTitle, description: t.auth.unauthorizedText, variant: 'error' })
    }
  }, [reason, toast])

  // Back from a provider: an account with its e-mail exists (join after the password), or a refusal.
  const linkToken = params.get('link')
  const providerLabel = useProviderLabel(params.get('provider'))
  const externalError = params.get('external_error')
  useEffect(() => {
    if (externalError) clearPendingSignIn()
  }, [externalError])

  /** Where a signed-in visitor goes next, after the password or the second-factor step. */
  function goOn(user: User) {
    if (linkToken) {
      toast({ title: t.external.linkedToast(providerLabel), variant: 'success' })
      const pending = readPendingSignIn()
      clearPendingSignIn()
      const requested = safeRedirectPath(params.get('redirectTo')) ?? safeRedirectPath(pending?.next)
      if (requested) {
        clearAttemptedPath()
        navigateTo(landingFor(user.user_role, requested), { replace: true })
        return
      }
    }
    // An explicit redirectTo first, then the page the redirect guard remembered (spec §2), when
    // it is somewhere this role may go; else the role's place: an admin the dashboard, an operator
    // their agenda, a customer their bookings (`landingFor`). The cookie is used once either way.
    // The dashboard (another SPA) is loaded, not routed to.
    const requested = safeRedirectPath(params.get('redirectTo')) ?? readAttemptedPath()
    clearAttemptedPath()
    navigateTo(landingFor(user.user_role, requested), { replace: true })
  }

  // The e-mail field offers the passkeys this device holds, while the password form shows.
  usePasskeyAutofill(!challenge && !submitting, goOn, setFormError)

  function backToPassword(message: string | null) {
    setChallenge(null)
    setErrors({})
    setFormError(message)
  }

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep
          challenge={challenge.challenge}
          factors={challenge.factors}
          onVerified={goOn}
          onCancel={() => backToPassword(null)}
          onExpired={() => backToPassword(t.mfa.expired)}
        />
      </Suspense>
    )
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const email = String(data.get('email') ?? '').trim()
    const password = String(data.get('password') ?? '')
    void loadSecondFactorStep().catch(() => {}) // while the password is checked: no wait at the code step
    let next: Errors<LoginField>
    try {
      next = await checkLogin({ email, password })
    } catch {
      setFormError(t.common.networkError) // the check's code could not be fetched: offline
      return
    }
    setErrors(next)
    setFormError(null)
    if (Object.values(next).some(Boolean)) return

    setSubmitting(true)
    setTypedEmail(email)
    try {
      const result = await auth.login(email, password, linkToken)
      if (result.mfaRequired) {
        setSubmitting(false)
        setChallenge({ challenge: result.challenge, factors: result.factors ?? [] })
        return
      }
      goOn(result.user)
    } catch (error) {
      setSubmitting(false)
      if (error instanceof ApiError) {
        if (error.status === 401) setFormError(t.auth.wrongCredentials)
        else if (error.fieldErrors.link_token) setFormError(t.external.linkExpired)
        else if (Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors as Errors<LoginField>)
        else setFormError(error.isNetworkError ? t.common.networkError : `${t.auth.loginFailed} (${error.message})`)
      } else setFormError(t.auth.loginFailed)
    }
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.loginTitle}</h1>
      <p className="auth-card__intro">{t.auth.loginIntro}</p>

      {inBrowser && safeRedirectPath(params.get('redirectTo')) ? (
        <Suspense fallback={null}>
          <WaitingBooking redirectTo={safeRedirectPath(params.get('redirectTo'))} after={t.auth.waitingAfterLogin} />
        </Suspense>
      ) : null}

      {linkToken ? <p className="notice">{t.external.linkNotice(providerLabel)}</p> : null}
      {isExternalError(externalError) ? (
        <p className="notice notice--error" role="alert">
          {t.external.errors[externalError]}
        </p>
      ) : null}

      {params.get('registered') === '1' ? (
        <p className="notice notice--success">{t.auth.registeredButLoginFailed}</p>
      ) : null}

      {auth.status === 'authenticated' && auth.user ? (
        <p className="notice">
          {t.auth.alreadyLoggedIn(auth.user.email)}{' '}
          {auth.user.user_role === 'ADMIN' ? (
            // Another SPA: a full page load.
            <a href={ROUTE_NAMES.dashboard}>{t.account.goToDashboard}</a>
          ) : (
            <Link to={ROUTE_NAMES.reservedArea}>{t.auth.goToReservedArea}</Link>
          )}
        </p>
      ) : null}

      {/* POST: a submit before the app's scripts have started never puts the password in the address;
          boot.ts holds it and replays it once the page has hydrated (web/README.md). */}
      <form method="post" className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        <Field
          label={t.auth.email}
          name="email"
          type="email"
          // "webauthn": the passkeys join the saved logins in this field's autofill (usePasskeyAutofill).
          autoComplete="username webauthn"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          defaultValue={typedEmail}
          error={errors.email}
        />
        <Field
          label={t.auth.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          // Back from the code step: the e-mail is there, the password is what to type.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the step that replaced the form, not a page load
          autoFocus={!!typedEmail}
          error={errors.password}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting} aria-busy={submitting}>
          {t.auth.submitLogin}
        </button>
      </form>

      <PasskeyChoice>
        <PasskeySignIn label={t.passkey.signIn} onSignedIn={goOn} onProblem={setFormError} disabled={submitting} />
      </PasskeyChoice>
      {linkToken ? null : <ExternalButtons next={safeRedirectPath(params.get('redirectTo'))} />}

      <div className="auth-card__links">
        <Link to={ROUTE_NAMES.passwordRecovery}>{t.auth.forgotPassword}</Link>
        <p>
          {t.auth.noAccount}{' '}
          <Link to={registerHref(safeRedirectPath(params.get('redirectTo')))}>{t.auth.createAccount}</Link>
        </p>
      </div>
    </div>
  )
}

/** The label of a configured provider ("Google"), or words for "the service" while unknown. */
function useProviderLabel(id: string | null) {
  const [label, setLabel] = useState<string | null>(null)
  useEffect(() => {
    if (!id) return
    let live = true
    void loadProviders().then((list) => live && setLabel(list.find((p) => p.id === id)?.label ?? null))
    return () => {
      live = false
    }
  }, [id])
  return label ?? t.external.aService
}
