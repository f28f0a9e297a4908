import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { PASSWORD_MIN_LENGTH } from '@salon/shared/constants'
import { t } from '../i18n'

interface FrameProps {
  /** Visible label; also the control's accessible name (tests find inputs by it). */
  label: string
  /** Message shown under the control (from client checks or the API's field errors). */
  error?: string
  hint?: string
  className?: string
}

type Wiring = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }

/** Label, hint and error around one control, wired through aria-describedby (one shape for every field). */
function FieldFrame({
  label,
  error,
  hint,
  className,
  control,
}: FrameProps & { control: (wiring: Wiring) => ReactNode }) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

type FieldProps = FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { name: string }

/** A labelled input with its hint and error. */
export function Field({ label, error, hint, className, ...input }: FieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(wiring) => <input className="field__input" {...wiring} {...input} />}
    />
  )
}

type TextAreaFieldProps = FrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { name: string }

/** A labelled multi-line input, wired like `Field`. */
export function TextAreaField({ label, error, hint, className, ...input }: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(wiring) => <textarea className="field__input field__input--area" {...wiring} {...input} />}
    />
  )
}

type CheckboxFieldProps = { label: ReactNode; error?: string; name: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'type'
>

/**
 * A checkbox with its label beside it (the label may hold a link) and its error under it, wired
 * like `Field`: `aria-invalid` and `aria-describedby` point at the message.
 */
export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId()
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={['field', 'field--check', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="field__check-row">
        <input
          type="checkbox"
          id={id}
          className="field__checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <label className="field__check-label" htmlFor={id}>
          {label}
        </label>
      </div>
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
