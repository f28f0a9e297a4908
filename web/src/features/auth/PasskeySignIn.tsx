import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { ApiError } from '../../lib/api'
import { useAuth, type User } from '../../lib/auth'
import { t } from '../../lib/i18nPersonal'
import {
  browserRefusal,
  cancelPasskeyPrompt,
  passkeyAssertion,
  passkeyAutofillSupported,
  passkeysSupported,
} from '../../lib/passkeys'
import { KeyIcon } from '../../lib/ui/KeyIcon'

const noSubscription = () => () => {}
/**
 * Whether the browser has WebAuthn. `/login` is rendered by the server (README "/login rendered by
 * the server"), which assumes it does (nearly every browser today): the button is in the first
 * paint, nothing moves when the page hydrates, and a browser without it drops the button then.
 */
function usePasskeysSupported() {
  return useSyncExternalStore(noSubscription, passkeysSupported, () => true)
}

/** Prompts asked with a button: an autofill prompt still on its way gives way to them. */
let promptsAsked = 0

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
  const supported = usePasskeysSupported()
  if (!supported) return null

  async function signIn() {
    promptsAsked++
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

/**
 * Passkeys offered in the e-mail field's autofill while the password form shows (conditional
 * mediation; the field needs `autocomplete="username webauthn"`). A pick signs in like the button;
 * the button, or leaving the form, ends the pending prompt. Quiet when unsupported or cut short;
 * a refusal of the server is said like the button's.
 */
export function usePasskeyAutofill(
  active: boolean,
  onSignedIn: (user: User) => void,
  onProblem: (message: string | null) => void,
) {
  const auth = useAuth()
  const latest = useRef({ auth, onSignedIn, onProblem })
  useEffect(() => {
    latest.current = { auth, onSignedIn, onProblem }
  })
  useEffect(() => {
    if (!active) return
    let stopped = false
    void (async () => {
      if (!(await passkeyAutofillSupported().catch(() => false)) || stopped) return
      try {
        const asked = promptsAsked
        const { challenge, response } = await passkeyAssertion(undefined, {
          stale: () => stopped || promptsAsked !== asked,
        })
        if (stopped) return
        latest.current.onSignedIn(await latest.current.auth.loginWithPasskey(challenge, response))
      } catch (error) {
        if (stopped || !(error instanceof ApiError) || error.isNetworkError || error.status === 429) return
        latest.current.onProblem(error.message || t.passkey.signInFailed)
      }
    })()
    return () => {
      stopped = true
      cancelPasskeyPrompt()
    }
  }, [active])
}

/** "oppure" and the passkey button under a form; nothing when the browser has no passkeys. */
export function PasskeyChoice({ children }: { children: ReactNode }) {
  if (!usePasskeysSupported()) return null
  return (
    // `needs-script`: a page read without JavaScript (the server's `/login`) does not show it (index.html).
    <div className="auth-card__alt needs-script">
      <p className="auth-card__or">
        <span>{t.passkey.or}</span>
      </p>
      {children}
    </div>
  )
}
