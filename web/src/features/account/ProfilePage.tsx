import { useId, useState, type FormEvent } from 'react'
import { updateMeBody } from '@salon/shared/schemas/index'
import { ApiError } from '../../lib/api'
import { useAuth, type User } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'
import { useToast } from '../../lib/toast'
import { Field, FormAlert } from '../../lib/ui/Field'
import { fieldErrors, hasErrors, type Errors } from '../../lib/validation'
import { updateProfile } from './api'
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
    </>
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
