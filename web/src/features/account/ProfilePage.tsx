import { useId, useRef, useState, type FormEvent } from 'react'
import { changeEmailBody, updateMeBody } from '@salon/shared/schemas/index'
import { ApiError } from '../../lib/api'
import { useAuth, type User } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'
import { useToast } from '../../lib/toast'
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog'
import { Field, FormAlert } from '../../lib/ui/Field'
import { fieldErrors, hasErrors, type Errors } from '../../lib/validation'
import { changeEmail, updateProfile } from './api'
import { AvatarCard } from './AvatarCard'

type ProfileField = 'name' | 'surname' | 'phone_number'

/** `/reserved-area/profile`: name, surname and phone, checked with the server's own schema (`PUT /api/auth/me`). */
export function ProfilePage() {
  useDocumentTitle(t.account.profileTitle)
  const { user } = useAuth()
  if (!user) return null
  return (
    <>
      <header className="page-heading">
        <h1>{t.account.profileTitle}</h1>
      </header>
      <AvatarCard user={user} />
      {/* A new form per saved user, so the fields start from what the server holds. */}
      <ProfileForm key={user.updatedAt ?? String(user.id)} user={user} />
      <ChangeEmailForm email={user.email} />
      <DevicesCard />
    </>
  )
}

/** "Esci da tutti i dispositivi" (`POST /api/auth/logout-all`), after a confirmation. */
export function DevicesCard() {
  const { logoutAll } = useAuth()
  const titleId = useId()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function onConfirm() {
    setBusy(true)
    setError(null)
    try {
      // Signed out: the guard of the reserved area sends the visitor to /login.
      await logoutAll()
    } catch (err) {
      setError(err instanceof ApiError && err.isNetworkError ? t.common.networkError : t.account.logoutAllFailed)
      setBusy(false)
      setOpen(false)
    }
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.account.devicesTitle}
      </h2>
      <p>{t.account.devicesIntro}</p>
      <FormAlert>{error}</FormAlert>
      <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
        {t.account.logoutAll}
      </button>
      <ConfirmDialog
        open={open}
        title={t.account.logoutAllConfirmTitle}
        confirmLabel={t.account.logoutAllConfirm}
        cancelLabel={t.account.logoutAllCancel}
        busy={busy}
        danger
        onConfirm={() => void onConfirm()}
        onCancel={() => setOpen(false)}
      >
        <p>{t.account.logoutAllConfirmText}</p>
      </ConfirmDialog>
    </section>
  )
}

function ProfileForm({ user }: { user: User }) {
  const auth = useAuth()
  const { toast } = useToast()
  const titleId = useId()
  const [errors, setErrors] = useState<Errors<ProfileField>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const body = {
      name: String(data.get('name') ?? '').trim(),
      surname: String(data.get('surname') ?? '').trim(),
      phone_number: String(data.get('phone_number') ?? '').trim(),
    }
    const next = fieldErrors<ProfileField>(updateMeBody, body)
    setErrors(next)
    setFormError(null)
    if (hasErrors(next)) return
    setSubmitting(true)
    try {
      await updateProfile(body)
      await auth.refresh().catch(() => null)
      toast({ title: t.account.profileSaved, variant: 'success' })
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        setErrors(error.fieldErrors as Errors<ProfileField>)
      } else {
        setFormError(
          error instanceof ApiError && error.isNetworkError ? t.common.networkError : t.account.profileFailed,
        )
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.account.profileDetails}
      </h2>
      <form className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        <div className="form__row">
          <Field
            label={t.auth.name}
            name="name"
            autoComplete="given-name"
            defaultValue={user.name ?? ''}
            required
            error={errors.name}
          />
          <Field
            label={t.auth.surname}
            name="surname"
            autoComplete="family-name"
            defaultValue={user.surname ?? ''}
            required
            error={errors.surname}
          />
        </div>
        <Field
          label={t.auth.phone}
          name="phone_number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={user.phone_number ?? ''}
          required
          error={errors.phone_number}
        />
        <dl className="details">
          <div className="details__row">
            <dt>{t.auth.email}</dt>
            <dd>
              {user.email}
              <span className="field__hint">{t.account.emailHint}</span>
            </dd>
          </div>
        </dl>
        <button type="submit" className="btn btn--primary" disabled={submitting} aria-busy={submitting}>
          {t.account.profileSave}
        </button>
      </form>
    </section>
  )
}

type ChangeEmailField = 'password' | 'email'

/** `POST /api/auth/change_email { password, email }`: the new address must be confirmed again. */
export function ChangeEmailForm({ email }: { email: string }) {
  const auth = useAuth()
  const { toast } = useToast()
  const titleId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<Errors<ChangeEmailField>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const body = { password: String(data.get('password') ?? ''), email: String(data.get('email') ?? '').trim() }
    const next = fieldErrors<ChangeEmailField>(changeEmailBody, body)
    setErrors(next)
    setFormError(null)
    if (hasErrors(next)) return
    setSubmitting(true)
    try {
      await changeEmail(body)
    } catch (error) {
      setSubmitting(false)
      // A 401 (session gone) is handled by the API client: it sends the visitor to login and back.
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length) {
        const fields = error.fieldErrors
        const mapped: Errors<ChangeEmailField> = {
          password: fields.password ? t.password.currentWrong : undefined,
          email: fields.email,
        }
        if (hasErrors(mapped)) setErrors(mapped)
        else setFormError(`${t.account.changeEmailFailed} (${error.message})`)
      } else if (error instanceof ApiError && error.isNetworkError) setFormError(t.common.networkError)
      else if (error instanceof ApiError && error.status === 429) setFormError(error.message)
      else setFormError(t.account.changeEmailFailed)
      return
    }
    setSubmitting(false)
    setErrors({})
    formRef.current?.reset()
    toast({ title: t.account.changeEmailDone(body.email.toLowerCase()), variant: 'success' })
    await auth.refresh().catch(() => null)
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.account.changeEmailTitle}
      </h2>
      <p className="field__hint">{t.account.changeEmailIntro}</p>
      <form ref={formRef} className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        {/* For password managers: which account the password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          label={t.account.newEmail}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <Field
          label={t.password.current}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div>
          <button type="submit" className="btn btn--primary" disabled={submitting} aria-busy={submitting}>
            {t.account.changeEmailSubmit}
          </button>
        </div>
      </form>
    </section>
  )
}
