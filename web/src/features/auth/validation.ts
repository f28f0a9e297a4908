import { PASSWORD_MIN_LENGTH } from '@salon/shared/constants'
import { t } from '../../lib/i18n'

/**
 * Quick checks before the round trip, with the same rules the server applies
 * (shared/src/schemas); the server's field errors are still shown when it disagrees.
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

export function checkNewPassword(value: string): string | undefined {
  if (!value) return t.auth.passwordRequired
  if (value.length < PASSWORD_MIN_LENGTH) return t.auth.passwordTooShort(PASSWORD_MIN_LENGTH)
  return undefined
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean)
