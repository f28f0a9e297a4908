import { useId, useState, type FormEvent } from 'react'
import { displayPhone } from '@salon/shared/auth/phoneCode'
import { phoneBody, phoneVerifyBody } from '@salon/shared/schemas/phone'
import { PhoneNumberField, smsFailure } from '../../lib/factorCode'
import { useAuth } from '../../lib/auth'
import { t, unbroken } from '../../lib/i18nPersonal'
import { useToast } from '../../lib/toast'
import { Field, FormAlert } from '../../lib/ui/Field'
import { fieldErrors } from '../../lib/validation'
import { sendPhoneCode, verifyPhone } from './api'

type Sent = { challengeId: string; phone: string }

/**
 * "Telefono" on the settings screen (issue 26): the profile's number and whether it is verified;
 * "Verifica con un SMS" sends a 6-digit code (`POST /api/auth/phone`), the code confirms it
 * (`POST /api/auth/phone/verify`) and the number becomes the profile's, verified.
 */
export function PhoneCard() {
  const titleId = useId()
  const { user, refresh } = useAuth()
  const { toast } = useToast()
  const [sent, setSent] = useState<Sent | null>(null)
  const [editing, setEditing] = useState(false)
  const [phoneError, setPhoneError] = useState<string | undefined>()
  const [codeError, setCodeError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!user) return null
  const verified = !!user.phone_verified && !!user.phone_number

  async function send(phone: string) {
    setFormError(null)
    setBusy(true)
    try {
      const res = await sendPhoneCode(phone)
      setSent({ challengeId: res.challenge_id, phone })
      setCodeError(undefined)
    } catch (error) {
      const failure = smsFailure(error, 'phone', t.mfa.sendFailed)
      setPhoneError(failure.field)
      setFormError(failure.form ?? null)
    } finally {
      setBusy(false)
    }
  }

  function onSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '').trim()
    const invalid = fieldErrors<'phone'>(phoneBody, { phone }).phone
    setPhoneError(invalid)
    if (!invalid) void send(phone)
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!sent) return
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    const invalid = fieldErrors<'code'>(phoneVerifyBody.pick({ code: true }), { code }).code
    setCodeError(invalid)
    setFormError(null)
    if (invalid) return
    setBusy(true)
    try {
      await verifyPhone(sent.challengeId, code)
      await refresh().catch(() => null)
      setSent(null)
      setEditing(false)
      toast({ title: t.phone.doneToast, variant: 'success' })
    } catch (error) {
      const failure = smsFailure(error, 'code', t.phone.failed)
      setCodeError(failure.field)
      setFormError(failure.form ?? null)
    } finally {
      setBusy(false)
    }
  }

  let body
  if (sent) {
    body = (
      // Keyed: the code form is a new one (its field mounts, and takes the focus), not the number form updated.
      <form key="code" className="form form--narrow" onSubmit={(event) => void onConfirm(event)} noValidate>
        <p>{t.phone.sent(displayPhone(sent.phone))}</p>
        <FormAlert>{formError}</FormAlert>
        <Field
          label={t.phone.code}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the code field replaces the number form the person just sent
          autoFocus
          hint={t.phone.codeHint}
          error={codeError}
        />
        <div className="mfa__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
            {t.phone.confirm}
          </button>
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void send(sent.phone)}>
            {t.phone.resend}
          </button>
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setSent(null)}>
            {t.phone.cancel}
          </button>
        </div>
      </form>
    )
  } else if (verified && !editing) {
    body = (
      <div>
        <button type="button" className="btn btn--secondary" onClick={() => setEditing(true)}>
          {t.phone.change}
        </button>
      </div>
    )
  } else {
    body = (
      <form key="number" className="form form--narrow" onSubmit={onSend} noValidate>
        <p>{t.phone.intro}</p>
        <FormAlert>{formError}</FormAlert>
        <PhoneNumberField defaultValue={editing ? '' : (user.phone_number ?? '')} error={phoneError} />
        <div className="mfa__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
            {t.phone.send}
          </button>
          {editing ? (
            <button type="button" className="btn btn--ghost" onClick={() => setEditing(false)}>
              {t.phone.cancel}
            </button>
          ) : null}
        </div>
      </form>
    )
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.phone.title}
      </h2>
      <p className="mfa__status">
        {user.phone_number ? unbroken(displayPhone(user.phone_number)) : t.phone.none}{' '}
        {user.phone_number ? (
          <span className={verified ? 'badge badge--on' : 'badge'}>
            {verified ? t.phone.verified : t.phone.notVerified}
          </span>
        ) : null}
      </p>
      {body}
    </section>
  )
}
