import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { addCalendarDays } from '@salon/shared/booking/periods'
import type { OpeningDay } from '@salon/shared/booking/types'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { WAITLIST_DAYS_MAX, waitlistEntryBody } from '@salon/shared/schemas/waitlist'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18n'
import { SignInLinks } from '../../lib/ui/SignInLinks'
import { FormAlert } from '../../lib/ui/Field'
import { fieldErrors, type Errors } from '../../lib/validation'
import { joinWaitlist } from '../../lib/waitlist'
import { opensOn, windowPresets, type WindowPreset } from '../../lib/waitlistWindow'
import type { CatalogueOperator } from './api'

const W = t.waitlist
const FIELDS = ['services', 'operator', 'days', 'from', 'to'] as const
type Field = (typeof FIELDS)[number]
type WindowChoice = WindowPreset | 'custom'

export interface WaitlistJoinProps {
  /** The day chosen in the wizard: preselected. */
  day: string
  /** The last bookable day (the booking horizon): no chip after it. */
  lastDay: string
  services: number[]
  /** The operator chosen in the wizard, or null for "Qualsiasi operatore". */
  operator: CatalogueOperator | null
  opening: readonly OpeningDay[]
  signedIn: boolean
  loginHref: string
  registerHref: string
  onClose: () => void
}

/**
 * "Avvisami se si libera": the days (the chosen one and the next ones, up to 14), a time window
 * (Mattina / Pomeriggio / Tutto il giorno from the opening hours, or from–to) and the operator
 * (the wizard's choice, or anyone). Checked with the server's `waitlistEntryBody`; field errors
 * next to their field. A visitor is sent to login or registration and back here.
 */
export function WaitlistJoin(props: WaitlistJoinProps) {
  const { day, lastDay, opening } = props
  const id = useId()
  // The next days up to the horizon, without the ones the salon is closed (nothing to wait for).
  const chips = Array.from({ length: WAITLIST_DAYS_MAX }, (_, i) => addCalendarDays(day, i)).filter(
    (d) => d <= lastDay && (d === day || opensOn(d, opening)),
  )
  const [days, setDays] = useState<string[]>([day])
  const presets = windowPresets(days, opening)
  const [choice, setChoice] = useState<WindowChoice>(() => (windowPresets([day], opening).allDay ? 'allDay' : 'custom'))
  const [custom, setCustom] = useState(() => windowPresets([day], opening).allDay ?? { from: '', to: '' })
  const [operator, setOperator] = useState<'any' | number>(props.operator ? props.operator.id : 'any')
  const [errors, setErrors] = useState<Errors<Field>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [done, setDone] = useState(false)

  if (done) {
    return (
      <div className="notice notice--success waitlist-join" role="status">
        <p className="waitlist-join__done">{W.joined}</p>
        <p>{W.joinedText}</p>
        <Link className="btn btn--secondary" to={ROUTE_NAMES.reservedArea}>
          {W.myBookings}
        </Link>
      </div>
    )
  }

  if (!props.signedIn) {
    return (
      <div className="notice waitlist-join">
        <p>{W.loginIntro}</p>
        <SignInLinks loginHref={props.loginHref} registerHref={props.registerHref} />
      </div>
    )
  }

  const span = choice === 'custom' ? custom : (presets[choice] ?? custom)
  const toggleDay = (d: string) => setDays((xs) => (xs.includes(d) ? xs.filter((x) => x !== d) : [...xs, d].sort()))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setAlert(null)
    const body = { services: props.services, operator, days, from: span.from, to: span.to }
    const found = fieldErrors<Field>(waitlistEntryBody, body)
    setErrors(found)
    if (Object.keys(found).length) {
      if (found.services) setAlert(found.services)
      return
    }
    setSubmitting(true)
    try {
      await joinWaitlist(waitlistEntryBody.parse(body))
      setDone(true)
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = err.fieldErrors as Errors<Field>
        setErrors(fields)
        // A field the form has no place for (`client`, asked of staff accounts): said above the form.
        const shown = FIELDS.some((f) => fields[f])
        const other = Object.entries(err.fieldErrors).find(([path]) => !FIELDS.includes(path as Field))?.[1]
        setAlert(err.isNetworkError ? t.common.networkError : (other ?? (shown ? null : err.message || W.failed)))
      } else setAlert(W.failed)
    } finally {
      setSubmitting(false)
    }
  }

  const presetKeys = (['morning', 'afternoon', 'allDay'] as const).filter((k) => presets[k])
  return (
    <form className="waitlist-join card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="waitlist-join__title">
        {W.join}
      </h3>
      <p className="muted">{W.formIntro}</p>
      <FormAlert>{alert}</FormAlert>

      <fieldset
        className="waitlist-join__group"
        aria-describedby={`${id}-days-hint${errors.days ? ` ${id}-days-error` : ''}`}
      >
        <legend className="field__label">{W.days}</legend>
        <p id={`${id}-days-hint`} className="field__hint">
          {W.daysHint(WAITLIST_DAYS_MAX)}
        </p>
        <ul className="chips">
          {chips.map((d) => {
            return (
              <li key={d}>
                <button type="button" className="chip" aria-pressed={days.includes(d)} onClick={() => toggleDay(d)}>
                  {chipLabel(d)}
                </button>
              </li>
            )
          })}
        </ul>
        {errors.days ? (
          <p id={`${id}-days-error`} className="field__error">
            {errors.days}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="waitlist-join__group">
        <legend className="field__label">{W.window}</legend>
        <div className="chips">
          {[...presetKeys, 'custom' as const].map((k) => (
            <label key={k} className="chip chip--radio">
              <input
                type="radio"
                name={`${id}-window`}
                value={k}
                checked={choice === k}
                onChange={() => setChoice(k)}
              />
              {k === 'custom' ? W.custom : W[k]}
              {k === 'custom' ? null : (
                <span className="chip__note">
                  {' '}
                  {presets[k]!.from}–{presets[k]!.to}
                </span>
              )}
            </label>
          ))}
        </div>
        {choice === 'custom' ? (
          <div className="waitlist-join__times">
            <TimeInput
              label={W.from}
              value={custom.from}
              error={errors.from}
              onChange={(from) => setCustom((c) => ({ ...c, from }))}
            />
            <TimeInput
              label={W.to}
              value={custom.to}
              error={errors.to}
              onChange={(to) => setCustom((c) => ({ ...c, to }))}
            />
          </div>
        ) : errors.from || errors.to ? (
          <p className="field__error">{errors.from ?? errors.to}</p>
        ) : null}
      </fieldset>

      {props.operator ? (
        <fieldset className="waitlist-join__group">
          <legend className="field__label">{W.operator}</legend>
          <div className="chips">
            {[props.operator.id, 'any' as const].map((o) => (
              <label key={o} className="chip chip--radio">
                <input type="radio" name={`${id}-operator`} checked={operator === o} onChange={() => setOperator(o)} />
                {o === 'any' ? W.anyOperator : props.operator!.name}
              </label>
            ))}
          </div>
          {errors.operator ? <p className="field__error">{errors.operator}</p> : null}
        </fieldset>
      ) : (
        <p className="waitlist-join__operator">
          {W.operator}: <strong>{W.anyOperator}</strong>
        </p>
      )}

      <div className="waitlist-join__actions">
        <button type="submit" className="btn btn--primary" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? W.submitting : W.submit}
        </button>
        <button type="button" className="btn btn--ghost" onClick={props.onClose} disabled={submitting}>
          {W.close}
        </button>
      </div>
    </form>
  )
}

function TimeInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="time"
        step={300}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

const chipFormat = new Intl.DateTimeFormat('it-IT', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})
/** "sab 28 nov": short enough for a chip on a phone. */
function chipLabel(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return chipFormat.format(new Date(Date.UTC(y, m - 1, d, 12)))
}
