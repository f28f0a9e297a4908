import { useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'
import { useToast } from '../../lib/toast'
import { Field, FormAlert, NewPasswordFields } from '../../lib/ui/Field'
import { loggedInChangeBody } from '@salon/shared/schemas/index'
import { checkNewPassword, checkPasswordConfirmation, fieldErrors, hasErrors, type Errors } from '../../lib/validation'
import { changePassword } from './api'
import { DeleteAccountCard, MyDataCard } from './PrivacyCards'
import { PhoneCard } from './PhoneCard'
import { PasskeysCard } from './PasskeysCard'
import { SecondFactorCard } from './SecondFactorCard'
import { LinkedAccountsCard, NoPasswordCard, useIdentities } from './LinkedAccountsCard'
import { SmsConsentCard } from './SmsConsentCard'

/**
 * `/reserved-area/settings`: the account's e-mail and role, the phone (verified by SMS), the second
 * factor (app or SMS), the password change, and the person's data — a copy to download, and the
 * account's erasure (PrivacyCards.tsx).
 */
export function SettingsPage() {
  useDocumentTitle(t.account.settingsTitle)
  const { user } = useAuth()
  const identities = useIdentities()
  if (!user) return null
  // An account a provider created has no password anyone knows: no "Cambia password" form.
  const noPassword = identities.status === 'success' && !identities.data.has_password
  return (
    <>
      <header className="page-heading">
        <h1>{t.account.settingsTitle}</h1>
      </header>
      <section className="card">
        <dl className="details">
          <div className="details__row">
            <dt>{t.auth.email}</dt>
            <dd>{user.email}</dd>
          </div>
          <div className="details__row">
            <dt>{t.account.role}</dt>
            <dd>{t.account.roles[user.user_role] ?? user.user_role}</dd>
          </div>
        </dl>
      </section>
      <PhoneCard />
      <SmsConsentCard />
      <PasskeysCard />
      <SecondFactorCard />
      <LinkedAccountsCard loaded={identities} />
      {noPassword ? <NoPasswordCard /> : <ChangePasswordForm email={user.email} />}
      <MyDataCard />
      <DeleteAccountCard />
    </>
  )
}

type ChangePasswordField = 'oldPassword' | 'password' | 'confirm'

/** POST /api/auth/change_password `{ oldPassword, password }`; the server renews the session cookie. */
function ChangePasswordForm({ email }: { email: string }) {
  const { toast } = useToast()
  const titleId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<Errors<ChangePasswordField>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const oldPassword = String(data.get('oldPassword') ?? '')
    const password = String(data.get('password') ?? '')
    const confirm = String(data.get('confirm') ?? '')
    const next: Errors<ChangePasswordField> = {
      oldPassword: fieldErrors<ChangePasswordField>(loggedInChangeBody.pick({ oldPassword: true }), { oldPassword })
        .oldPassword,
      password: checkNewPassword(password, email),
      confirm: checkPasswordConfirmation(password, confirm),
    }
    setErrors(next)
    setFormError(null)
    if (hasErrors(next)) return

    setSubmitting(true)
    try {
      await changePassword({ oldPassword, password })
    } catch (error) {
      setSubmitting(false)
      // A 401 (session gone) is handled by the API client: it sends the visitor to login and back.
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length) {
        const fields = error.fieldErrors
        const mapped: Errors<ChangePasswordField> = {
          oldPassword: fields.oldPassword ? t.password.currentWrong : undefined,
          password: fields.password,
        }
        if (hasErrors(mapped)) setErrors(mapped)
        else setFormError(`${t.account.changePasswordFailed} (${error.message})`)
      } else if (error instanceof ApiError && error.isNetworkError) setFormError(t.common.networkError)
      else if (error instanceof ApiError && error.status === 429) setFormError(error.message)
      else setFormError(t.account.changePasswordFailed)
      return
    }
    setSubmitting(false)
    setErrors({})
    formRef.current?.reset()
    toast({ title: t.account.changePasswordDone, variant: 'success' })
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.account.changePasswordTitle}
      </h2>
      <form ref={formRef} className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        {/* For password managers: which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          label={t.password.current}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.oldPassword}
        />
        <NewPasswordFields errors={errors} />
        <div>
          <button type="submit" className="btn btn--primary" disabled={submitting} aria-busy={submitting}>
            {t.account.changePasswordSubmit}
          </button>
        </div>
      </form>
    </section>
  )
}
