import { useId, useRef, useState, type ChangeEvent } from 'react'
import { ApiError } from '../../lib/api'
import { useAuth, type User } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useToast } from '../../lib/toast'
import { FormAlert } from '../../lib/ui/Field'
import { removeAvatar, uploadAvatar } from './api'

/** The server's own limit (upload collection): larger files are refused before they are sent. */
const MAX_BYTES = 10 * 1024 * 1024

const initials = (user: User) =>
  [user.name, user.surname]
    .filter(Boolean)
    .map((s) => s!.trim()[0]?.toUpperCase())
    .join('') || user.email[0]!.toUpperCase()

/** The profile photo: shown round, changed with the phone's camera or gallery, removable. */
export function AvatarCard({ user }: { user: User }) {
  const auth = useAuth()
  const { toast } = useToast()
  const titleId = useId()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true)
    setError(null)
    try {
      await action()
      await auth.refresh().catch(() => null)
      toast({ title: done, variant: 'success' })
    } catch (err) {
      setError(
        err instanceof ApiError
          ? err.fieldErrors.file || (err.isNetworkError ? t.common.networkError : err.message)
          : t.account.photoFailed,
      )
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (!file) return
    if (!file.type.startsWith('image/')) return setError(t.account.photoNotImage)
    if (file.size > MAX_BYTES) return setError(t.account.photoTooBig)
    void run(() => uploadAvatar(file), t.account.photoSaved)
  }

  return (
    <section className="card avatar-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.account.photoTitle}
      </h2>
      <div className="avatar-card__row">
        {user.avatarUrl ? (
          <img className="avatar avatar--large" src={user.avatarUrl} alt={t.account.photoAlt} width={96} height={96} />
        ) : (
          <span className="avatar avatar--large avatar--initials" aria-hidden="true">
            {initials(user)}
          </span>
        )}
        <div className="avatar-card__actions">
          <input
            ref={input}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            onChange={onFile}
            disabled={busy}
          />
          <label htmlFor={inputId} className={`btn btn--secondary btn--small${busy ? ' is-busy' : ''}`}>
            {user.avatarUrl ? t.account.photoChange : t.account.photoAdd}
          </label>
          {user.avatarUrl ? (
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={busy}
              onClick={() => void run(removeAvatar, t.account.photoRemoved)}
            >
              {t.account.photoRemove}
            </button>
          ) : null}
        </div>
      </div>
      <FormAlert>{error}</FormAlert>
    </section>
  )
}
