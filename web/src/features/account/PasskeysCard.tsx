import { useId, useState, type FormEvent } from 'react'
import { passkeyRenameBody } from '@salon/shared/schemas/passkeys'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18nPersonal'
import {
  addPasskey,
  browserRefusal,
  listPasskeys,
  passkeysSupported,
  removePasskey,
  renamePasskey,
  type PasskeySummary,
} from '../../lib/passkeys'
import { useToast } from '../../lib/toast'
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog'
import { KeyIcon } from '../../lib/ui/KeyIcon'
import { Field, FormAlert } from '../../lib/ui/Field'
import { LoadError } from '../../lib/ui/LoadError'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fieldErrors } from '../../lib/validation'

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso))

/** The words of a failed request: the network, the server's refusal by its code, or `fallback`. */
const problemOf = (error: unknown, fallback: string) =>
  error instanceof ApiError
    ? error.isNetworkError
      ? t.common.networkError
      : error.status === 429 || error.status === 409
        ? error.message
        : fallback
    : fallback

/**
 * "Passkey (accesso senza password)" on the settings screen, for customers and staff alike: the
 * person's passkeys (name, when added, last sign-in), "Aggiungi una passkey" (the browser's own
 * prompt), rename, remove after a confirmation. Not shown when the browser has no WebAuthn.
 */
export function PasskeysCard() {
  const [supported] = useState(passkeysSupported)
  return supported ? <Passkeys /> : null
}

function Passkeys() {
  const titleId = useId()
  const { toast } = useToast()
  const loaded = useResource(listPasskeys)
  /** What the last change left on the server; `null` → what `loaded` says. */
  const [changed, setChanged] = useState<PasskeySummary[] | null>(null)
  const [adding, setAdding] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [renaming, setRenaming] = useState<number | null>(null)
  const [removing, setRemoving] = useState<PasskeySummary | null>(null)
  const [removeBusy, setRemoveBusy] = useState(false)

  const passkeys = changed ?? (loaded.status === 'success' ? loaded.data : null)

  async function add() {
    setFormError(null)
    setAdding(true)
    try {
      const passkey = await addPasskey()
      setChanged([...(passkeys ?? []), passkey])
      toast({ title: t.passkey.addedToast, variant: 'success' })
    } catch (error) {
      const refusal = browserRefusal(error)
      setFormError(
        refusal === 'cancelled'
          ? t.passkey.cancelled
          : refusal === 'already'
            ? t.passkey.already
            : error instanceof ApiError && error.errors.length
              ? error.message || t.passkey.addFailed
              : problemOf(error, t.passkey.addFailed),
      )
    } finally {
      setAdding(false)
    }
  }

  async function remove() {
    if (!removing) return
    setRemoveBusy(true)
    try {
      await removePasskey(removing.id)
    } catch (error) {
      // Already gone (another tab, another device): the list shows what is left either way.
      if (!(error instanceof ApiError && error.status === 404)) {
        setRemoveBusy(false)
        setRemoving(null)
        setFormError(problemOf(error, t.passkey.removeFailed))
        return
      }
    }
    setChanged((passkeys ?? []).filter((p) => p.id !== removing.id))
    setRemoveBusy(false)
    setRemoving(null)
    toast({ title: t.passkey.removedToast, variant: 'success' })
  }

  let list
  if (!passkeys) {
    list =
      loaded.status === 'error' ? (
        <LoadError className="mfa__state" message={t.passkey.loadFailed} error={loaded.error} onRetry={loaded.reload} />
      ) : (
        <div className="mfa__state">
          <Spinner />
        </div>
      )
  } else if (passkeys.length === 0) {
    list = <p className="passkeys__none">{t.passkey.none}</p>
  } else {
    list = (
      <ul className="passkeys" aria-label={t.passkey.listLabel}>
        {passkeys.map((passkey) =>
          renaming === passkey.id ? (
            <li key={passkey.id} className="passkeys__item">
              <RenameForm
                passkey={passkey}
                onDone={(renamed) => {
                  setRenaming(null)
                  if (!renamed) return
                  setChanged(passkeys.map((p) => (p.id === renamed.id ? renamed : p)))
                  toast({ title: t.passkey.renamedToast, variant: 'success' })
                }}
              />
            </li>
          ) : (
            <li key={passkey.id} className="passkeys__item">
              <div className="passkeys__info">
                <p className="passkeys__name">
                  <KeyIcon />
                  <span>{passkey.name}</span>
                </p>
                <p className="passkeys__meta">
                  {t.passkey.added(dateOf(passkey.created_at))},{' '}
                  {passkey.last_used_at ? t.passkey.lastUsed(dateOf(passkey.last_used_at)) : t.passkey.neverUsed}
                </p>
                {passkey.device_type === 'multiDevice' ? <p className="passkeys__meta">{t.passkey.synced}</p> : null}
              </div>
              <div className="passkeys__actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-label={t.passkey.renameOf(passkey.name)}
                  onClick={() => setRenaming(passkey.id)}
                >
                  {t.passkey.rename}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-label={t.passkey.removeOf(passkey.name)}
                  onClick={() => setRemoving(passkey)}
                >
                  {t.passkey.remove}
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
    )
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.passkey.title}
      </h2>
      <p>{t.passkey.intro}</p>
      {list}
      <FormAlert>{formError}</FormAlert>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void add()}
        disabled={adding || !passkeys}
        aria-busy={adding}
      >
        {t.passkey.add}
      </button>
      <ConfirmDialog
        open={!!removing}
        title={t.passkey.removeTitle}
        confirmLabel={t.passkey.remove}
        cancelLabel={t.passkey.cancel}
        busy={removeBusy}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing ? t.passkey.removeText(removing.name) : null}</p>
      </ConfirmDialog>
    </section>
  )
}

/** The name, editable in place: validated with the shared schema, then `PATCH /api/auth/passkeys/:id`. */
function RenameForm({
  passkey,
  onDone,
}: {
  passkey: PasskeySummary
  onDone: (renamed: PasskeySummary | null) => void
}) {
  const [error, setError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '')
    const problem = fieldErrors<'name'>(passkeyRenameBody, { name }).name
    setError(problem)
    setFormError(null)
    if (problem) return
    setSaving(true)
    try {
      onDone(await renamePasskey(passkey.id, name.trim()))
    } catch (err) {
      setSaving(false)
      if (err instanceof ApiError && err.fieldErrors.name) setError(err.fieldErrors.name)
      else if (err instanceof ApiError && err.status === 404) onDone(null)
      else setFormError(problemOf(err, t.passkey.renameFailed))
    }
  }

  return (
    <form className="form passkeys__rename" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert>{formError}</FormAlert>
      <Field
        label={t.passkey.nameLabel}
        name="name"
        defaultValue={passkey.name}
        maxLength={60}
        autoComplete="off"
        required
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the field replaced the name the person chose to edit
        autoFocus
        error={error}
      />
      <div className="mfa__actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={saving} aria-busy={saving}>
          {t.passkey.save}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => onDone(null)} disabled={saving}>
          {t.passkey.cancel}
        </button>
      </div>
    </form>
  )
}
