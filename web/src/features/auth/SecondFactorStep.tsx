import { useState } from 'react'
import { ApiError } from '../../lib/api'
import { useAuth, type LoginFactor, type User } from '../../lib/auth'
import { t } from '../../lib/i18nPersonal'
import { FormAlert } from '../../lib/ui/Field'
import { FactorCodeField, smsFailure, useFactorCodeForm } from '../../lib/factorCode'
import { sendLoginCode } from './api'
import { PasskeyChoice, PasskeySignIn } from './PasskeySignIn'

interface SecondFactorStepProps {
  challenge: string
  /** The account's verified factors (a phone one offers "Inviami il codice via SMS"). */
  factors: LoginFactor[]
  onVerified: (user: User) => void
  onCancel: () => void
  /** The challenge is older than 5 minutes (or unreadable): the login starts again. */
  onExpired: () => void
}

/**
 * Second step of a login: `POST /api/auth/login/verify { challenge, code, challenge_id? }`. With a
 * phone factor the step starts on SMS ("Inviami il codice via SMS", `POST /api/auth/login/challenge`)
 * and "Usa un'app / un codice di recupero" switches to the code field alone (the authenticator
 * app's 6 digits or a recovery code `AB12C-3DE45`); with the app only, it is that field.
 */
export function SecondFactorStep({ challenge, factors, onVerified, onCancel, onExpired }: SecondFactorStepProps) {
  const auth = useAuth()
  const phone = factors.find((f) => f.factor_type === 'phone')
  const hasApp = factors.some((f) => f.factor_type === 'totp')
  const [mode, setMode] = useState<'sms' | 'app'>(phone && !hasApp ? 'sms' : 'app')
  const [challengeId, setChallengeId] = useState<string | null>(null)
  const [sendError, setSendError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [passkeyError, setPasskeyError] = useState<string | null>(null)
  const expired = (fields: Record<string, string>) => {
    if (!fields.challenge) return false
    onExpired()
    return true
  }
  const { codeError, formError, submitting, onSubmit } = useFactorCodeForm(
    async (code) => {
      onVerified(await auth.verifyLogin(challenge, code, mode === 'sms' ? (challengeId ?? undefined) : undefined))
    },
    t.mfa.verifyFailed,
    (error) => expired(error.fieldErrors),
  )

  async function send() {
    if (!phone) return
    setSendError(null)
    setSending(true)
    try {
      setChallengeId((await sendLoginCode(challenge, phone.id)).challenge_id)
    } catch (error) {
      if (error instanceof ApiError && expired(error.fieldErrors)) return
      setSendError(smsFailure(error, 'factor_id', t.mfa.sendFailed).form ?? t.mfa.sendFailed)
    } finally {
      setSending(false)
    }
  }

  const waitingForSms = mode === 'sms' && !challengeId
  let intro: string = hasApp ? t.mfa.loginIntro : t.mfa.recoveryIntro
  if (mode === 'sms')
    intro = challengeId ? t.mfa.smsSent(phone?.phone_hint ?? '') : t.mfa.loginSmsIntro(phone?.phone_hint ?? '')

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.mfa.title}</h1>
      <p className="auth-card__intro">{intro}</p>

      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert>{formError ?? sendError ?? passkeyError}</FormAlert>
        {waitingForSms ? (
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => void send()}
            disabled={sending}
            aria-busy={sending}
          >
            {t.mfa.loginSmsSend}
          </button>
        ) : (
          <>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the password form (or the SMS button): focus goes to its one field */}
            <FactorCodeField autoFocus error={codeError} hint={mode === 'sms' ? t.mfa.smsCodeHint : undefined} />
            <button type="submit" className="btn btn--primary btn--block" disabled={submitting} aria-busy={submitting}>
              {t.mfa.verify}
            </button>
            {mode === 'sms' ? (
              <button
                type="button"
                className="btn btn--secondary btn--block"
                onClick={() => void send()}
                disabled={sending}
              >
                {t.mfa.smsResend}
              </button>
            ) : null}
          </>
        )}
        {phone ? (
          <button
            type="button"
            className="btn btn--ghost btn--block mfa__switch"
            onClick={() => setMode(mode === 'sms' ? 'app' : 'sms')}
          >
            {mode === 'sms' ? (hasApp ? t.mfa.useAppOrRecovery : t.mfa.useRecovery) : t.mfa.useSms}
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost btn--block" onClick={onCancel} disabled={submitting}>
          {t.mfa.cancel}
        </button>
      </form>

      {/* A passkey of this same person is a second factor by itself: no code needed. */}
      <PasskeyChoice>
        <PasskeySignIn
          label={t.passkey.useOnSecondStep}
          mfaChallenge={challenge}
          onSignedIn={onVerified}
          onProblem={setPasskeyError}
          onMfaExpired={onExpired}
          disabled={submitting}
        />
      </PasskeyChoice>
    </div>
  )
}
