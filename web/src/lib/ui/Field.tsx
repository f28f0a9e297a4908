import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { PASSWORD_MIN_LENGTH } from '@salon/shared/constants'
import { t } from '../i18n'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Visible label; also the input's accessible name (tests find inputs by it). */
  label: string
  name: string
  /** Message shown under the input (from client checks or the API's field errors). */
  error?: string
  hint?: string
}

/** A labelled input with its hint and error wired through aria-describedby. */
export function Field({ label, name, error, hint, className, ...input }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A message about the whole form (e.g. wrong credentials), announced to screen readers. */
export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null
  return (
    <div className="form-alert" role="alert">
      {children}
    </div>
  )
}

/** "Nuova password" + "Conferma password", as every form that sets a password asks them. */
export function NewPasswordFields({ errors }: { errors: { password?: string; confirm?: string } }) {
  return (
    <>
      <Field
        label={t.password.new}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        hint={t.password.hint(PASSWORD_MIN_LENGTH)}
        error={errors.password}
      />
      <Field
        label={t.password.confirm}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
      />
    </>
  )
}
