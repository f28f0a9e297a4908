import { PASSWORD_MIN_LENGTH } from '@salon/shared/constants'
import { t } from './i18n'

/**
 * Quick checks before the round trip, with the same rules the server applies
 * (shared/src/schemas and the accounts endpoints); the server's field errors are still shown when
 * it disagrees. In lib because several features have forms (auth, account).
 */
export type Errors<K extends string> = Partial<Record<K, string>>

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function checkEmail(value: string): string | undefined {
  const v = value.trim()
  if (!v) return t.auth.emailRequired
  if (!EMAIL_RE.test(v) || v.length > 254) return t.auth.emailInvalid
  return undefined
}

export function checkPhone(value: string): string | undefined {
  const v = value.trim()
  if (!v) return t.auth.phoneRequired
  const digits = v.match(/\d/g)?.length ?? 0
  if (!/^\+?[\d\s().-]+$/.test(v) || digits < 6 || digits > 15) return t.auth.phoneInvalid
  return undefined
}

/**
 * Password policy: at least PASSWORD_MIN_LENGTH characters and, when the account's e-mail is
 * known, not the e-mail itself (compared ignoring case and surrounding spaces).
 */
export function checkNewPassword(value: string, email?: string): string | undefined {
  if (!value) return t.auth.passwordRequired
  if (value.length < PASSWORD_MIN_LENGTH) return t.auth.passwordTooShort(PASSWORD_MIN_LENGTH)
  if (email && value.trim().toLowerCase() === email.trim().toLowerCase()) return t.password.sameAsEmail
  return undefined
}

/** The "Conferma password" field: filled in and identical to the new password. */
export function checkPasswordConfirmation(password: string, confirmation: string): string | undefined {
  if (!confirmation) return t.password.confirmRequired
  if (confirmation !== password) return t.password.mismatch
  return undefined
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean)

/** Same bounds as the server's `factorCode` (shared schemas): trimmed, 6–20 characters. */
const FACTOR_CODE_MIN = 6
const FACTOR_CODE_MAX = 20

/**
 * A second-factor code as typed: authenticator apps show "123 456" and people paste codes with
 * spaces, so whitespace goes; a recovery code keeps its dash (`AB12C-3DE45`).
 */
export const normalizeFactorCode = (value: string) => value.replace(/\s+/g, '')

/** The "Codice di verifica" field (TOTP or recovery code), after `normalizeFactorCode`. */
export function checkFactorCode(code: string): string | undefined {
  if (!code) return t.mfa.codeRequired
  if (code.length < FACTOR_CODE_MIN || code.length > FACTOR_CODE_MAX) return t.mfa.codeInvalid
  return undefined
}
