import { useCallback, useId, useState } from 'react'
import { Link } from 'react-router'
import type { LinkedIdentity } from '@salon/shared/schemas/external'
import { ApiError } from '../../lib/api'
import { loadIdentities, removeIdentity } from '../../lib/externalSignIn'

type Identities = Awaited<ReturnType<typeof loadIdentities>>
import { t } from '../../lib/i18nPersonal'
import { useToast } from '../../lib/toast'
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog'
import { FormAlert } from '../../lib/ui/Field'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource, type Resource } from '../../lib/useResource'

const day = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' })

/**
 * "Accesso con altri servizi" on the settings screen: the providers linked to the account
 * (`GET /api/auth/identities`), each with "Scollega" — refused by the server (409
 * LAST_SIGN_IN_METHOD) when it is the only way in, which the card says before anyone tries.
 */
export function LinkedAccountsCard({ loaded }: { loaded: Resource<Identities> }) {
  const titleId = useId()
  const { toast } = useToast()
  const [asking, setAsking] = useState<LinkedIdentity | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (loaded.status === 'success' && !loaded.data.identities.length) return null

  async function remove(identity: LinkedIdentity) {
    setBusy(true)
    setError(null)
    try {
      await removeIdentity(identity.id)
      toast({ title: t.external.removedToast(identity.label), variant: 'success' })
      loaded.reload()
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 409
          ? t.external.lastWayIn
          : err instanceof ApiError && err.isNetworkError
            ? t.common.networkError
            : t.external.removeFailed,
      )
    } finally {
      setBusy(false)
      setAsking(null)
    }
  }

  let body
  if (loaded.status === 'loading') body = <Spinner />
  else if (loaded.status === 'error') body = <p role="alert">{t.external.loadFailed}</p>
  else {
    const { identities, has_password } = loaded.data
    const onlyWayIn = !has_password && identities.length === 1
    body = (
      <>
        <FormAlert>{error}</FormAlert>
        <ul className="linked-list">
          {identities.map((identity) => (
            <li key={identity.id} className="linked-list__item">
              <div>
                <strong>{identity.label}</strong>
                <p className="muted">
                  {t.external.linkedOn(identity.email, day.format(new Date(identity.created_at)))}
                </p>
              </div>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setAsking(identity)}
                disabled={busy || onlyWayIn}
                aria-describedby={onlyWayIn ? `${titleId}-only` : undefined}
              >
                {t.external.remove(identity.label)}
              </button>
            </li>
          ))}
        </ul>
        {onlyWayIn ? (
          <p id={`${titleId}-only`} className="muted">
            {t.external.lastWayIn}
          </p>
        ) : null}
      </>
    )
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.external.cardTitle}
      </h2>
      <p className="muted">{t.external.cardIntro}</p>
      {body}
      <ConfirmDialog
        open={!!asking}
        title={asking ? t.external.removeConfirmTitle(asking.label) : ''}
        confirmLabel={t.external.removeConfirm}
        cancelLabel={t.mfa.cancel}
        busy={busy}
        danger
        onConfirm={() => asking && void remove(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>{t.external.removeConfirmText}</p>
      </ConfirmDialog>
    </section>
  )
}

/** The caller's linked providers and whether they have a password, for the settings screen. */
export function useIdentities() {
  const load = useCallback(() => loadIdentities(), [])
  return useResource(load)
}

/**
 * In place of "Cambia password" for an account a provider created: there is no current password
 * to type — "Password dimenticata?" sends a link to choose one.
 */
export function NoPasswordCard() {
  const titleId = useId()
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.external.noPasswordTitle}
      </h2>
      <p className="muted">{t.external.noPasswordText}</p>
      <Link className="btn btn--ghost" to="/password-recovery">
        {t.external.choosePassword}
      </Link>
    </section>
  )
}
