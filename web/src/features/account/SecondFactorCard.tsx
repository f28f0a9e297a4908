import { useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18nPersonal'
import { useToast } from '../../lib/toast'
import { FormAlert } from '../../lib/ui/Field'
import { LoadError } from '../../lib/ui/LoadError'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { FactorCodeField, useFactorCodeForm } from '../../lib/factorCode'
import { deleteFactor, enrollFactor, listFactors, verifyFactor, type EnrolledFactor, type Factor } from './api'
import { PhoneDisableForm, PhoneEnrollPanel } from './PhoneFactorPanels'

type Panel =
  { kind: 'none' } | { kind: 'enroll'; factor: EnrolledFactor } | { kind: 'phone' } | { kind: 'codes'; codes: string[] }

/**
 * "Verifica in due passaggi" on the settings screen. Not active: "App di autenticazione" starts the
 * TOTP enrolment (QR code + key), "SMS al tuo numero" the phone's (number, then a code by SMS); a
 * first code confirms it and the 10 recovery codes are shown once. Active: each active method is
 * named, and a code (or a recovery code) turns it off; the other method can be added (new
 * recovery codes then replace the old ones). A factor left `unverified` (enrolment
 * abandoned) counts as not active; starting again replaces it on the server.
 */
export function SecondFactorCard() {
  const titleId = useId()
  const { toast } = useToast()
  const loaded = useResource(listFactors)
  /** What the last change left on the server; `null` → what `loaded` says. */
  const [changed, setChanged] = useState<Factor[] | null>(null)
  const [panel, setPanel] = useState<Panel>({ kind: 'none' })
  const [formError, setFormError] = useState<string | null>(null)
  const [starting, setStarting] = useState(false)

  const factors = changed ?? (loaded.status === 'success' ? loaded.data : null)
  const actives = factors?.filter((f) => f.status === 'verified') ?? []
  const active = actives[0]

  async function start() {
    setFormError(null)
    setStarting(true)
    try {
      const factor = await enrollFactor()
      setPanel({ kind: 'enroll', factor })
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Turned on meanwhile (another tab or device): show what the server has now.
        toast({ title: error.message || t.mfa.onText, variant: 'info' })
        setChanged(null)
        loaded.reload()
      } else if (error instanceof ApiError && error.isNetworkError) setFormError(t.common.networkError)
      else if (error instanceof ApiError && error.status === 429) setFormError(error.message)
      else setFormError(t.mfa.enrollFailed)
    } finally {
      setStarting(false)
    }
  }

  function verified(factor: Factor, codes: string[]) {
    setChanged([...(factors ?? []).filter((f) => f.factor_type !== factor.factor_type), factor])
    setPanel({ kind: 'codes', codes })
    toast({ title: t.mfa.enabledToast, variant: 'success' })
  }

  function disabled(factor: Factor) {
    setChanged((factors ?? []).filter((f) => f.id !== factor.id))
    toast({ title: t.mfa.disabledToast, variant: 'success' })
  }

  let body
  if (!factors) {
    body =
      loaded.status === 'error' ? (
        <LoadError className="mfa__state" message={t.mfa.loadFailed} error={loaded.error} onRetry={loaded.reload} />
      ) : (
        <div className="mfa__state">
          <Spinner />
        </div>
      )
  } else if (panel.kind === 'codes') {
    body = <RecoveryCodes codes={panel.codes} onDone={() => setPanel({ kind: 'none' })} />
  } else if (panel.kind === 'phone') {
    body = <PhoneEnrollPanel onVerified={verified} onCancel={() => setPanel({ kind: 'none' })} />
  } else if (panel.kind === 'enroll') {
    body = <EnrollPanel factor={panel.factor} onVerified={verified} onCancel={() => setPanel({ kind: 'none' })} />
  } else if (active) {
    const hasApp = actives.some((f) => f.factor_type === 'totp')
    const hasSms = actives.some((f) => f.factor_type === 'phone')
    body = (
      <>
        <p>{t.mfa.onText}</p>
        {actives.map((factor) => (
          <div key={factor.id} className="mfa__method">
            <h3 className="mfa__method-title">
              {factor.factor_type === 'phone' ? t.mfa.activeSms(factor.phone ?? '') : t.mfa.activeApp}
            </h3>
            {factor.factor_type === 'phone' ? (
              <PhoneDisableForm factor={factor} onDisabled={() => disabled(factor)} />
            ) : (
              <DisableForm factor={factor} onDisabled={() => disabled(factor)} />
            )}
          </div>
        ))}
        {hasApp && hasSms ? null : (
          <div className="mfa__method">
            <p>{t.mfa.addText}</p>
            <FormAlert>{formError}</FormAlert>
            <div className="mfa__actions">
              {hasApp ? null : (
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => void start()}
                  disabled={starting}
                  aria-busy={starting}
                >
                  {t.mfa.addApp}
                </button>
              )}
              {hasSms ? null : (
                <button type="button" className="btn btn--secondary" onClick={() => setPanel({ kind: 'phone' })}>
                  {t.mfa.addSms}
                </button>
              )}
            </div>
          </div>
        )}
      </>
    )
  } else {
    body = (
      <>
        <p>{t.mfa.offText}</p>
        <p>{t.mfa.chooseText}</p>
        <FormAlert>{formError}</FormAlert>
        <div className="mfa__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void start()}
            disabled={starting}
            aria-busy={starting}
          >
            {t.mfa.chooseApp}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => setPanel({ kind: 'phone' })}>
            {t.mfa.chooseSms}
          </button>
        </div>
      </>
    )
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.mfa.title}
      </h2>
      {factors ? (
        <p className="mfa__status">
          {t.mfa.status}:{' '}
          <span className={active ? 'badge badge--on' : 'badge'}>{active ? t.mfa.active : t.mfa.inactive}</span>
        </p>
      ) : null}
      {body}
    </section>
  )
}

/** Turns an API failure of the code forms into a field error or a message for the form. */
function EnrollPanel({
  factor,
  onVerified,
  onCancel,
}: {
  factor: EnrolledFactor
  onVerified: (factor: Factor, recoveryCodes: string[]) => void
  onCancel: () => void
}) {
  const { codeError, formError, submitting, onSubmit } = useFactorCodeForm(async (code) => {
    const res = await verifyFactor(factor.id, code)
    onVerified(res.factor ?? { ...factor, status: 'verified' }, res.recovery_codes ?? [])
  }, t.mfa.enrollFailed)

  return (
    <div className="mfa-enroll">
      <p>{t.mfa.scanQr}</p>
      <img className="mfa-enroll__qr" src={factor.totp.qr_code} alt={t.mfa.qrAlt} width={200} height={200} />
      <p>{t.mfa.manualKey}</p>
      <p>
        <code className="mfa-enroll__secret">{factor.totp.secret}</code>
      </p>
      <form className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        <FactorCodeField hint={t.mfa.enterFirstCode} error={codeError} />
        <div className="mfa__actions">
          <button type="submit" className="btn btn--primary" disabled={submitting} aria-busy={submitting}>
            {t.mfa.confirm}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={submitting}>
            {t.mfa.cancel}
          </button>
        </div>
      </form>
    </div>
  )
}

/** The 10 single-use recovery codes: the server answers them only once, right after activation. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  // Move focus here so that keyboard and screen-reader users land on the codes.
  useEffect(() => ref.current?.focus(), [])

  return (
    <div ref={ref} className="mfa-codes" tabIndex={-1} aria-labelledby={titleId} role="region">
      <h3 id={titleId} className="mfa-codes__title">
        {t.mfa.recoveryTitle}
      </h3>
      <p>{t.mfa.recoveryText}</p>
      <ul className="mfa-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p className="muted">{t.mfa.recoveryHint}</p>
      <button type="button" className="btn btn--primary" onClick={onDone}>
        {t.mfa.recoveryDone}
      </button>
    </div>
  )
}

function DisableForm({ factor, onDisabled }: { factor: Factor; onDisabled: () => void }) {
  const { codeError, formError, submitting, onSubmit } = useFactorCodeForm(async (code) => {
    await deleteFactor(factor.id, code)
    onDisabled()
  }, t.mfa.disableFailed)

  return (
    <>
      <p>{t.mfa.onText}</p>
      <form className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError}</FormAlert>
        <FactorCodeField hint={t.mfa.disableHint} error={codeError} />
        <div>
          <button type="submit" className="btn btn--secondary" disabled={submitting} aria-busy={submitting}>
            {t.mfa.disable}
          </button>
        </div>
      </form>
    </>
  )
}
