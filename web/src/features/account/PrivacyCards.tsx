import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { deleteMeBody } from '@salon/shared/schemas/clients'
import { ApiError } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useToast } from '../../lib/toast'
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog'
import { Field, FormAlert } from '../../lib/ui/Field'
import { fieldErrors } from '../../lib/validation'
import { deleteMyAccount, fetchMyData } from './api'

/** The export's file name, as the server names it too (`Content-Disposition`). */
export const MY_DATA_FILE = 'i-miei-dati.json'

/** Hands `data` to the browser as a JSON file download (no page change). */
export function saveJson(filename: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a little later: some browsers start reading the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.isNetworkError
    ? t.common.networkError
    : error instanceof ApiError && (error.status === 429 || error.status === 409)
      ? error.message
      : fallback

/**
 * "I tuoi dati" in Impostazioni (GDPR art. 15 and 20): a copy of everything the salon holds about
 * the person, through the API client (a lapsed session is renewed first), saved as a file.
 */
export function MyDataCard() {
  const titleId = useId()
  const { toast } = useToast()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function download() {
    setBusy(true)
    setError(null)
    try {
      saveJson(MY_DATA_FILE, await fetchMyData())
      toast({ title: t.account.myDataDownloaded, variant: 'success' })
    } catch (err) {
      setError(failure(err, t.account.myDataFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.account.myDataTitle}
      </h2>
      <p>{t.account.myDataIntro}</p>
      <FormAlert>{error}</FormAlert>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {t.account.myDataDownload}
      </button>
    </section>
  )
}

/**
 * "Elimina il mio account" (GDPR art. 17): a confirmation that says what happens and asks the
 * password (checked with the shared `deleteMeBody`, then by the server: its refusal shows under the
 * field). Done, the person is signed out on the home page and told so.
 */
export function DeleteAccountCard() {
  const titleId = useId()
  const formId = useId()
  const navigate = useNavigate()
  const { logout } = useAuth()
  const { toast } = useToast()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [password, setPassword] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)

  function close() {
    setOpen(false)
    setPassword('')
    setFieldError(undefined)
    setFormError(null)
  }

  async function confirm(event?: FormEvent) {
    event?.preventDefault()
    if (busy) return
    const checked = fieldErrors<'password'>(deleteMeBody, { password }).password
    setFieldError(checked)
    setFormError(null)
    if (checked) return
    setBusy(true)
    try {
      await deleteMyAccount(password)
    } catch (err) {
      setBusy(false)
      if (err instanceof ApiError && err.status === 400 && err.fieldErrors.password)
        setFieldError(err.fieldErrors.password)
      else setFormError(failure(err, t.account.deleteFailed))
      return
    }
    // The server has cleared the session already: leave the reserved area, then forget the user here.
    await navigate('/', { replace: true })
    await logout()
    toast({ title: t.account.deleteDone, description: t.account.deleteDoneText, variant: 'success', duration: 10_000 })
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.account.deleteTitle}
      </h2>
      <p>{t.account.deleteIntro}</p>
      <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
        {t.account.deleteOpen}
      </button>
      <ConfirmDialog
        open={open}
        title={t.account.deleteConfirmTitle}
        confirmLabel={t.account.deleteConfirm}
        cancelLabel={t.account.deleteCancel}
        busy={busy}
        danger
        onConfirm={() => void confirm()}
        onCancel={close}
      >
        <p>{t.account.deleteWhatHappens}</p>
        <ul className="dialog__list">
          <li>{t.account.deleteUpcoming}</li>
          <li>{t.account.deleteErased}</li>
          <li>{t.account.deleteKept}</li>
        </ul>
        <p>{t.account.deleteFinal}</p>
        <form id={formId} className="form" onSubmit={(event) => void confirm(event)} noValidate>
          <FormAlert>{formError}</FormAlert>
          <Field
            label={t.account.deletePassword}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldError}
          />
        </form>
      </ConfirmDialog>
    </section>
  )
}
