import { useState, type FormEvent } from 'react'
import { phoneBody } from '@salon/shared/schemas/phone'
import { isSmsCode } from '@salon/shared/auth/phoneCode'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18nPersonal'
import { FormAlert } from '../../lib/ui/Field'
import { FactorCodeField, PhoneNumberField, smsFailure, useFactorCodeForm } from '../../lib/factorCode'
import { fieldErrors } from '../../lib/validation'
import { challengeFactor, deleteFactor, enrollPhoneFactor, verifyFactor, type Factor } from './api'

/** Sends a phone factor's code; tells the form what went wrong (429: wait; a network error). */
function useSender() {
  const [sendError, setSendError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  async function sendTo(factorId: Factor['id']) {
    setSendError(null)
    setSending(true)
    try {
      return (await challengeFactor(factorId)).challenge_id
    } catch (error) {
      setSendError(smsFailure(error, 'channel', t.mfa.sendFailed).form ?? t.mfa.sendFailed)
      return null
    } finally {
      setSending(false)
    }
  }
  return { sendError, sending, sendTo }
}

/**
 * "SMS al tuo numero": the number (the profile's, when there is one) → the factor and a first code
 * by SMS → the code makes it active; the recovery codes follow as for the app.
 */
export function PhoneEnrollPanel({
  onVerified,
  onCancel,
}: {
  onVerified: (factor: Factor, recoveryCodes: string[]) => void
  onCancel: () => void
}) {
  const { user } = useAuth()
  const [pending, setPending] = useState<{ factor: Factor; challengeId: string } | null>(null)
  const [phoneError, setPhoneError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { sendError, sending, sendTo } = useSender()
  const {
    codeError,
    formError: codeFormError,
    submitting,
    onSubmit,
  } = useFactorCodeForm(async (code) => {
    if (!pending) return
    const res = await verifyFactor(pending.factor.id, code, pending.challengeId)
    onVerified(res.factor ?? { ...pending.factor, status: 'verified' }, res.recovery_codes ?? [])
  }, t.mfa.enrollFailed)

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '').trim()
    const invalid = fieldErrors<'phone'>(phoneBody, { phone }).phone
    setPhoneError(invalid)
    setFormError(null)
    if (invalid) return
    setBusy(true)
    try {
      const factor = await enrollPhoneFactor(phone)
      const challengeId = await sendTo(factor.id)
      if (challengeId) setPending({ factor, challengeId })
    } catch (error) {
      const failure = smsFailure(error, 'phone', t.mfa.enrollFailed)
      setPhoneError(failure.field)
      setFormError(failure.form ?? null)
    } finally {
      setBusy(false)
    }
  }

  async function resend() {
    if (!pending) return
    const challengeId = await sendTo(pending.factor.id)
    if (challengeId) setPending({ ...pending, challengeId })
  }

  if (!pending)
    return (
      <form key="number" className="form form--narrow" onSubmit={(event) => void start(event)} noValidate>
        <p>{t.mfa.smsNumberHint}</p>
        <FormAlert>{formError ?? sendError}</FormAlert>
        <PhoneNumberField defaultValue={user?.phone_number ?? ''} error={phoneError} />
        <div className="mfa__actions">
          <button type="submit" className="btn btn--primary" disabled={busy || sending} aria-busy={busy || sending}>
            {t.mfa.smsSendFirst}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
            {t.mfa.cancel}
          </button>
        </div>
      </form>
    )

  return (
    <form key="code" className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>{t.mfa.smsSent(pending.factor.phone ?? '')}</p>
      <FormAlert>{codeFormError ?? sendError}</FormAlert>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the code field replaces the number form just sent */}
      <FactorCodeField autoFocus hint={t.mfa.smsCodeHint} error={codeError} />
      <div className="mfa__actions">
        <button type="submit" className="btn btn--primary" disabled={submitting} aria-busy={submitting}>
          {t.mfa.confirm}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => void resend()} disabled={sending}>
          {t.mfa.smsResend}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={submitting}>
          {t.mfa.cancel}
        </button>
      </div>
    </form>
  )
}

/** Turning a phone factor off: a code sent now by SMS, or a recovery code. */
export function PhoneDisableForm({ factor, onDisabled }: { factor: Factor; onDisabled: () => void }) {
  const [challengeId, setChallengeId] = useState<string | null>(null)
  const { sendError, sending, sendTo } = useSender()
  const { codeError, formError, submitting, onSubmit } = useFactorCodeForm(async (code) => {
    // Six digits after "Inviami il codice" are the SMS's; anything else is a recovery code.
    await deleteFactor(factor.id, code, challengeId && isSmsCode(code) ? challengeId : undefined)
    onDisabled()
  }, t.mfa.disableFailed)

  return (
    <form className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>{challengeId ? t.mfa.smsSent(factor.phone ?? '') : t.mfa.disableSmsHint}</p>
      <FormAlert>{formError ?? sendError}</FormAlert>
      <div>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void sendTo(factor.id).then((id) => id && setChallengeId(id))}
          disabled={sending}
          aria-busy={sending}
        >
          {challengeId ? t.mfa.smsResend : t.mfa.smsSendFirst}
        </button>
      </div>
      <FactorCodeField error={codeError} />
      <div>
        <button type="submit" className="btn btn--secondary" disabled={submitting} aria-busy={submitting}>
          {t.mfa.disable}
        </button>
      </div>
    </form>
  )
}
