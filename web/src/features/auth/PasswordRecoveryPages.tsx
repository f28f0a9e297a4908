import { useCallback, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'
import { Field, FormAlert, NewPasswordFields } from '../../lib/ui/Field'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { checkEmail, checkNewPassword, checkPasswordConfirmation, hasErrors, type Errors } from '../../lib/validation'
import { checkRecoveryToken, RECOVERY_LINK_TTL_MINUTES, requestPasswordRecovery, resetPassword } from './api'

/*
 * Password recovery (spec §2): ask for a link by e-mail → "check your mail" → the link opens
 * /password-recovery/:code/:email, checked before the form is shown → new password → done.
 * The server answers the request the same way for known and unknown addresses, and so do we.
 */

const RECOVERY_OK = `${ROUTE_NAMES.passwordRecovery}/ok`
const RECOVERY_DONE = `${ROUTE_NAMES.passwordRecovery}/successfully`

/** The message of an API error for the whole form; 429 shows the server's own words (rate limit). */
function formMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (error.isNetworkError) return t.common.networkError
  const serverMessage = error.errors.find((e) => e.message)?.message
  if (error.status === 429) return serverMessage || t.auth.recoveryTooMany
  return serverMessage ? `${fallback} (${serverMessage})` : fallback
}

function BackToLogin() {
  return (
    <div className="auth-card__links">
      <Link to={ROUTE_NAMES.login}>{t.auth.backToLogin}</Link>
    </div>
  )
}

/** `/password-recovery`: the e-mail to send the link to. */
export function PasswordRecoveryPage() {
  useDocumentTitle(t.auth.recoveryTitle)
  const navigate = useNavigate()
  const [error, setError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '')
      .trim()
      .toLowerCase()
    const invalid = checkEmail(email)
    setError(invalid)
    setFormError(null)
    if (invalid) return

    setSubmitting(true)
    try {
      await requestPasswordRecovery(email)
      void navigate(RECOVERY_OK, { state: { email } })
    } catch (err) {
      setSubmitting(false)
      if (err instanceof ApiError && err.status === 400 && err.fieldErrors.email) setError(err.fieldErrors.email)
      else setFormError(formMessage(err, t.auth.recoveryFailed))
    }
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoveryTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoveryIntro}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        <Field
          label={t.auth.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={error}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting} aria-busy={submitting}>
          {t.auth.recoverySubmit}
        </button>
      </form>
      <BackToLogin />
    </div>
  )
}

/** `/password-recovery/ok`: the same answer whether or not the address has an account. */
export function PasswordRecoveryOkPage() {
  useDocumentTitle(t.auth.recoveryOkTitle)
  const { state } = useLocation()
  const email =
    typeof (state as { email?: unknown } | null)?.email === 'string' ? (state as { email: string }).email : null
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoveryOkTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoveryOkText(email, RECOVERY_LINK_TTL_MINUTES)}</p>
      <p className="notice">{t.auth.recoveryOkSpam}</p>
      <div className="auth-card__links">
        <Link to={ROUTE_NAMES.passwordRecovery}>{t.auth.recoveryAgain}</Link>
        <Link to={ROUTE_NAMES.login}>{t.auth.backToLogin}</Link>
      </div>
    </div>
  )
}

/** `/password-recovery/successfully`. */
export function PasswordRecoverySuccessPage() {
  useDocumentTitle(t.auth.recoverySuccessTitle)
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoverySuccessTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoverySuccessText}</p>
      <Link to={ROUTE_NAMES.login} className="btn btn--primary btn--block">
        {t.auth.recoverySuccessLogin}
      </Link>
    </div>
  )
}

function InvalidLink() {
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoveryInvalidTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoveryInvalidText(RECOVERY_LINK_TTL_MINUTES)}</p>
      <Link to={ROUTE_NAMES.passwordRecovery} className="btn btn--primary btn--block">
        {t.auth.recoveryAgain}
      </Link>
      <BackToLogin />
    </div>
  )
}

/** The check answers 400 (naming `token`, or `email` when the link's address is malformed) for a bad link. */
const isRejectedByCheck = (error: unknown) => error instanceof ApiError && error.status === 400

/** change_password: a 400 naming the token (or the link's e-mail) means the link is no longer good. */
const namesTheLink = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && ('token' in error.fieldErrors || 'email' in error.fieldErrors)

type NewPasswordField = 'password' | 'confirm'

/** `/password-recovery/:code/:email`: the link from the e-mail. */
export function PasswordRecoveryCodePage() {
  useDocumentTitle(t.auth.recoveryCodeTitle)
  const { code = '', email = '' } = useParams()
  const auth = useAuth()
  const navigate = useNavigate()
  const check = useResource(
    useCallback((signal: AbortSignal) => checkRecoveryToken(code, email, signal), [code, email]),
  )
  // Set when saving is refused because of the link (used meanwhile, expired): per link, not per screen.
  const linkKey = `${code}\n${email}`
  const [rejectedLink, setRejectedLink] = useState<string | null>(null)
  const [errors, setErrors] = useState<Errors<NewPasswordField>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const password = String(data.get('password') ?? '')
    const confirm = String(data.get('confirm') ?? '')
    const next: Errors<NewPasswordField> = {
      password: checkNewPassword(password, email),
      confirm: checkPasswordConfirmation(password, confirm),
    }
    setErrors(next)
    setFormError(null)
    if (hasErrors(next)) return

    setSubmitting(true)
    try {
      await resetPassword({ token: code, email, password })
    } catch (err) {
      setSubmitting(false)
      if (namesTheLink(err)) setRejectedLink(linkKey)
      else if (err instanceof ApiError && err.status === 400 && err.fieldErrors.password) {
        setErrors({ password: err.fieldErrors.password })
      } else setFormError(formMessage(err, t.auth.recoverySaveFailed))
      return
    }
    // Every session of the account has just ended: if this browser had one, let the app know.
    if (auth.status === 'authenticated') auth.refresh().catch(() => {})
    void navigate(RECOVERY_DONE, { replace: true })
  }

  if (check.status === 'loading') {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{t.auth.recoveryCodeTitle}</h1>
        <div className="page-loader">
          <Spinner label={t.auth.recoveryChecking} />
        </div>
      </div>
    )
  }

  if (
    rejectedLink === linkKey ||
    (check.status === 'success' && check.data?.valid === false) ||
    (check.status === 'error' && isRejectedByCheck(check.error))
  ) {
    return <InvalidLink />
  }

  if (check.status === 'error') {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{t.auth.recoveryCodeTitle}</h1>
        <FormAlert>{formMessage(check.error, t.auth.recoveryCheckFailed)}</FormAlert>
        <button type="button" className="btn btn--primary btn--block" onClick={check.reload}>
          {t.common.retry}
        </button>
        <BackToLogin />
      </div>
    )
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoveryCodeTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoveryCodeText(email)}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        {/* For password managers: which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields errors={errors} />
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting} aria-busy={submitting}>
          {t.auth.recoverySave}
        </button>
      </form>
      <BackToLogin />
    </div>
  )
}
