import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { PASSWORD_MIN_LENGTH } from '@salon/shared/constants'
import { landingFor } from '@salon/shared/routing/landing'
import { ApiError } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'
import { CheckboxField, Field, FormAlert } from '../../lib/ui/Field'
import { loginHref, safeRedirectPath } from '../../lib/paths'
import { registerCustomer, type RegisterBody } from './api'
import { registerBody } from '@salon/shared/schemas/index'
import { fieldErrors, hasErrors, type Errors } from '../../lib/validation'
import { WaitingBooking } from './WaitingBooking'
import { ExternalButtons } from '../../lib/ui/ExternalButtons'

type RegisterField = keyof RegisterBody

/** Login after a registration whose automatic sign-in did not happen, still going back where asked. */
const registeredLogin = (redirectTo: string | null) => {
  const href = loginHref(redirectTo)
  return `${href}${href.includes('?') ? '&' : '?'}registered=1`
}

export function RegisterPage() {
  useDocumentTitle(t.auth.registerTitle)
  const auth = useAuth()
  const navigate = useNavigate()
  // Back where the visitor came from (e.g. the booking summary), as after a login.
  const [params] = useSearchParams()
  const redirectTo = safeRedirectPath(params.get('redirectTo'))
  const [errors, setErrors] = useState<Errors<RegisterField>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    // Unticked, the box sends nothing: `false` is what the shared schema refuses, naming the field.
    const body: Omit<RegisterBody, 'privacy_accepted'> & { privacy_accepted: boolean } = {
      name: String(data.get('name') ?? '').trim(),
      surname: String(data.get('surname') ?? '').trim(),
      email: String(data.get('email') ?? '')
        .trim()
        .toLowerCase(),
      phone_number: String(data.get('phone_number') ?? '').trim(),
      password: String(data.get('password') ?? ''),
      privacy_accepted: data.get('privacy_accepted') === 'on',
    }
    const next = fieldErrors<RegisterField>(registerBody, body)
    setErrors(next)
    setFormError(null)
    if (hasErrors(next)) return

    setSubmitting(true)
    try {
      await registerCustomer(body as RegisterBody)
    } catch (error) {
      setSubmitting(false)
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        const fields = { ...error.fieldErrors } as Errors<RegisterField>
        // A taken e-mail, by its code (Payload's unique check): the site's own words with the way out.
        const emailCode = error.errors[0]?.data?.errors?.find((f) => f.path === 'email')?.code
        if (emailCode === 'EMAIL_REGISTERED' || emailCode === 'VALUE_TAKEN') fields.email = t.auth.emailTaken
        setErrors(fields)
        setFormError(t.auth.checkFields)
      } else if (error instanceof ApiError && error.isNetworkError) setFormError(t.common.networkError)
      // Too many registrations from this connection: the server's message says when to retry.
      else if (error instanceof ApiError && error.status === 429 && error.message) setFormError(error.message)
      else
        setFormError(
          error instanceof ApiError && error.message
            ? `${t.auth.registerFailed} (${error.message})`
            : t.auth.registerFailed,
        )
      return
    }

    try {
      const result = await auth.login(body.email, body.password)
      // A new account has no second factor; should it ever ask for one, the login page does it.
      if (result.mfaRequired) void navigate(registeredLogin(redirectTo), { replace: true })
      // Back to the booking waiting at its summary, or where asked; else the new customer's area.
      else void navigate(landingFor('USER', redirectTo), { replace: true })
    } catch {
      // The account exists: let them sign in by hand rather than registering twice.
      void navigate(registeredLogin(redirectTo), { replace: true })
    }
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.registerTitle}</h1>
      <p className="auth-card__intro">{t.auth.registerIntro}</p>
      <WaitingBooking redirectTo={redirectTo} after={t.auth.waitingAfterRegister} />
      <ExternalButtons next={redirectTo} divider="after" />

      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        <div className="form__row">
          <Field label={t.auth.name} name="name" autoComplete="given-name" required error={errors.name} />
          <Field label={t.auth.surname} name="surname" autoComplete="family-name" required error={errors.surname} />
        </div>
        <Field
          label={t.auth.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.email}
        />
        <Field
          label={t.auth.phone}
          name="phone_number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          error={errors.phone_number}
        />
        <Field
          label={t.auth.password}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          required
          hint={t.auth.passwordHint(PASSWORD_MIN_LENGTH)}
          error={errors.password}
        />
        <CheckboxField
          name="privacy_accepted"
          required
          error={errors.privacy_accepted}
          label={
            <>
              {t.auth.privacyConsentBefore}
              {/* A new tab: the form keeps what was typed. */}
              <a href="/privacy" target="_blank" rel="noopener noreferrer">
                {t.auth.privacyConsentLink}
                <span className="visually-hidden"> ({t.common.newWindow})</span>
              </a>
            </>
          }
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting} aria-busy={submitting}>
          {t.auth.submitRegister}
        </button>
      </form>

      <div className="auth-card__links">
        <p>
          {t.auth.haveAccount} <Link to={loginHref(redirectTo)}>{t.common.login}</Link>
        </p>
      </div>
    </div>
  )
}
