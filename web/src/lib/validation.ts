import type { z } from 'zod'
import { email, factorCodeBody, newPassword, phone } from '@salon/shared/schemas/index'
import { t } from './i18n'

/**
 * Form checks before the round trip, with the server's own zod schemas from `shared/` (never
 * retyped here); the server's field errors are still shown when it disagrees. In lib because
 * several features have forms (auth, account, booking).
 */
export type Errors<K extends string> = Partial<Record<K, string>>

/** The first message per field of `values` under `schema` (field = the issue's top-level key). */
export function fieldErrors<K extends string>(schema: z.ZodType, values: unknown): Errors<K> {
  const result = schema.safeParse(values)
  const errors: Errors<K> = {}
  if (result.success) return errors
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as K
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

export const checkEmail = (value: string) => firstMessage(email, value)

export const checkPhone = (value: string) => firstMessage(phone, value)

/** The password policy (shared `newPassword`): long enough and, when known, not the account's e-mail. */
export const checkNewPassword = (value: string, emailOf?: string) => firstMessage(newPassword(emailOf), value)

/** The "Conferma password" field: filled in and identical to the new password (a form-only rule). */
export function checkPasswordConfirmation(password: string, confirmation: string): string | undefined {
  if (!confirmation) return t.password.confirmRequired
  if (confirmation !== password) return t.password.mismatch
  return undefined
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean)

/**
 * A second-factor code as typed: authenticator apps show "123 456" and people paste codes with
 * spaces, so whitespace goes; a recovery code keeps its dash (`AB12C-3DE45`).
 */
export const normalizeFactorCode = (value: string) => value.replace(/\s+/g, '')

/** The "Codice di verifica" field (TOTP or recovery code), after `normalizeFactorCode`. */
export const checkFactorCode = (code: string) => firstMessage(factorCodeBody.shape.code, code)
