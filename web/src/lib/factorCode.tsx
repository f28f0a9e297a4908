import { useState, type FormEvent } from 'react'
import { ApiError } from './api'
import { t } from './i18nPersonal'
import { Field } from './ui/Field'
import { checkFactorCode, normalizeFactorCode } from './validation'

/** How a failed code submission reads: under the field, or above the form. */
function codeFailure(error: unknown, fallback: string): { code?: string; form?: string } {
  if (!(error instanceof ApiError)) return { form: fallback }
  if (error.fieldErrors.code) return { code: error.fieldErrors.code }
  if (error.status === 429) return { form: error.message }
  if (error.isNetworkError) return { form: t.common.networkError }
  return { form: error.message ? `${fallback} (${error.message})` : fallback }
}

/** How a failed call about a number or an SMS code reads: under the named field, or above the form. */
export function smsFailure(error: unknown, field: string, fallback: string): { field?: string; form?: string } {
  if (!(error instanceof ApiError)) return { form: fallback }
  if (error.fieldErrors[field]) return { field: error.fieldErrors[field] }
  if (error.status === 429) return { form: error.message }
  if (error.isNetworkError) return { form: t.common.networkError }
  return { form: error.message ? `${fallback} (${error.message})` : fallback }
}

/**
 * A form that sends one second-factor code (login step, activation, deactivation): checks it,
 * sends it, and shows the server's answer. `handle` may take an ApiError over (returns true).
 */
export function useFactorCodeForm(
  send: (code: string) => Promise<void>,
  fallback: string,
  handle?: (error: ApiError) => boolean,
) {
  const [codeError, setCodeError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = normalizeFactorCode(String(new FormData(event.currentTarget).get('code') ?? ''))
    const invalid = checkFactorCode(code)
    setCodeError(invalid)
    setFormError(null)
    if (invalid) return
    setSubmitting(true)
    try {
      await send(code)
    } catch (error) {
      setSubmitting(false)
      if (error instanceof ApiError && handle?.(error)) return
      const failure = codeFailure(error, fallback)
      setCodeError(failure.code)
      setFormError(failure.form ?? null)
    }
  }

  return { codeError, formError, submitting, onSubmit }
}

/**
 * "Codice di verifica": a text keyboard on purpose — a recovery code (`AB12C-3DE45`) has letters,
 * which a numeric phone keypad would hide.
 */
export function FactorCodeField({ error, hint, autoFocus }: { error?: string; hint?: string; autoFocus?: boolean }) {
  return (
    <Field
      label={t.mfa.code}
      name="code"
      type="text"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      required
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the caller moves focus to a step that just appeared
      autoFocus={autoFocus}
      hint={hint}
      error={error}
    />
  )
}

/** The phone number a code is texted to (profile verification, the SMS second factor). */
export function PhoneNumberField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <Field
      label={t.phone.number}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      defaultValue={defaultValue}
      hint={t.phone.numberHint}
      error={error}
    />
  )
}
