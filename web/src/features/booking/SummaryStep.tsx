import type { ReactNode } from 'react'
import { BOOKING_NOTE_MAX } from '@salon/shared/constants'
import { t } from '../../lib/i18n'
import { SignInLinks } from '../../lib/ui/SignInLinks'
import { FormAlert, TextAreaField } from '../../lib/ui/Field'
import { BookingDetails } from './BookingDetails'
import { ExternalButtons } from '../../lib/ui/ExternalButtons'
import type { CatalogueOperator, CatalogueService, SalonConfig } from './api'
import type { SessionState } from './useBookingSession'

export interface SummaryProps {
  services: CatalogueService[]
  operator: CatalogueOperator | null
  time: string
  config: SalonConfig
  totals: { duration: number; total_price: number }
  note: string
  noteError?: string
  onNote: (note: string) => void
  signedIn: boolean
  /** Moving an existing booking: no note, no session, services and operator fixed. */
  moving?: boolean
  loginHref: string
  registerHref: string
  /** This step's own address: where an external sign-in comes back to. */
  returnHref?: string
  session: SessionState
  error?: ReactNode
  changeHref: (step: 'services' | 'operator' | 'when') => string
  /** Below the note: "Ripeti" (a repeating appointment), when the salon allows it. */
  repeat?: ReactNode
}

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** Step 4: what will be booked, an optional note, and — for visitors — the way to sign in and come back. */
export function SummaryStep(props: SummaryProps) {
  const { services, operator, time, config, totals, session } = props
  return (
    <div className="summary">
      <FormAlert>{props.error}</FormAlert>
      <BookingDetails
        services={services}
        operatorName={operator ? operator.name : t.booking.anyOperator}
        start={time}
        timeZone={config.timezone}
        totals={totals}
        changeHref={
          props.moving
            ? { when: props.changeHref('when') }
            : {
                services: props.changeHref('services'),
                operator: props.changeHref('operator'),
                when: props.changeHref('when'),
              }
        }
      />

      {props.moving ? null : (
        <TextAreaField
          label={t.booking.note}
          name="note"
          rows={3}
          value={props.note}
          onChange={(e) => props.onNote(e.target.value)}
          hint={t.booking.noteHint(BOOKING_NOTE_MAX)}
          maxLength={BOOKING_NOTE_MAX}
          error={props.noteError}
        />
      )}

      {props.repeat}

      {props.moving ? null : props.signedIn ? (
        <p className="summary__hold muted" aria-live="polite">
          {session.status === 'open' && session.renewed ? `${t.booking.holdRenewed} ` : ''}
          {session.status === 'open' ? t.booking.holdLeft(mmss(session.remainingMs)) : null}
        </p>
      ) : (
        <div className="notice summary__signin">
          <p>{t.booking.loginIntro}</p>
          <SignInLinks loginHref={props.loginHref} registerHref={props.registerHref} />
          {/* Back here after the provider (the summary's own address), signed in: the wizard resumes. */}
          <ExternalButtons next={props.returnHref ?? null} />
        </div>
      )}
    </div>
  )
}
