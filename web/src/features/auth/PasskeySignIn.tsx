import { useState } from 'react'
import { ApiError } from '../../lib/api'
import { useAuth, type User } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { browserRefusal, passkeyAssertion, passkeysSupported } from '../../lib/passkeys'
import { KeyIcon } from '../../lib/ui/KeyIcon'

interface PasskeySignInProps {
  /** The button's words: "Accedi con una passkey" on the login form, "Usa una passkey" at the code step. */
  label: string
  /** At the second-factor step: the password login's challenge (only that person's passkeys count). */
  mfaChallenge?: string
  onSignedIn: (user: User) => void
  /** A message for the form's alert; null clears it. */
  onProblem: (message: string | null) => void
  /** The password login's challenge is too old (5 minutes): the login starts again. */
  onMfaExpired?: () => void
  disabled?: boolean
}

/**
 * Sign-in with a passkey: the browser's prompt, then `POST /api/auth/passkeys/login`. Nothing at all
 * when the browser has no WebAuthn (the password form is all there is).
 */
export function PasskeySignIn({
  label,
  mfaChallenge,
  onSignedIn,
  onProblem,
  onMfaExpired,
  disabled,
}: PasskeySignInProps) {
  const auth = useAuth()
  const [busy, setBusy] = useState(false)
  const [supported] = useState(passkeysSupported)
  if (!supported) return null

  async function signIn() {
    onProblem(null)
    setBusy(true)
    try {
      const { challenge, response } = await passkeyAssertion(mfaChallenge)
      const user = await auth.loginWithPasskey(challenge, response)
      onSignedIn(user)
    } catch (error) {
      setBusy(false)
      if (error instanceof ApiError && error.fieldErrors.mfa_challenge && onMfaExpired) onMfaExpired()
      else if (error instanceof ApiError) {
        // The refusal's words by its code (unknown passkey, expired request, too many attempts…).
        onProblem(error.isNetworkError ? t.common.networkError : error.message || t.passkey.signInFailed)
      } else onProblem(browserRefusal(error) === 'cancelled' ? t.passkey.signInCancelled : t.passkey.signInFailed)
    }
  }

  return (
    <button
      type="button"
      className="btn btn--secondary btn--block passkey-signin"
      onClick={() => void signIn()}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      <KeyIcon />
      {label}
    </button>
  )
}
