import { isCalledOff } from '@salon/shared/enums/index'
import type { PhaseItem } from '@salon/shared/schemas/booking'
import { formatTime } from '../../lib/format'
import { t } from '../../lib/i18nPersonal'
import type { AgendaItem } from './api'

type PhaseKind = 'busy' | 'processing' | 'cleanup'

/** Operator at work, *tempo di posa* (operator free, customer stays), or *Riordino* after the customer left. */
export const phaseKind = (phase: PhaseItem): PhaseKind =>
  phase.cleanup ? 'cleanup' : phase.operator_busy ? 'busy' : 'processing'

/**
 * What one phase says to the operator, in the glossary's words: the salon's name for a busy phase
 * ("Applicazione", else "Con il cliente"), "Tempo di posa: hai le mani libere", "Riordino".
 */
export function phaseWords(phase: PhaseItem): string {
  const kind = phaseKind(phase)
  if (kind === 'cleanup') return t.agenda.phase.cleanup
  if (kind === 'processing') return t.agenda.phase.processing
  return phase.label?.trim() || t.agenda.phase.busy
}

/**
 * A booking's phases (issue 25) under its time, one line each — "10:30–11:10 Tempo di posa — sei
 * libero", then the station held ("· Poltrona colore") — the processing lighter, the clean-up apart. Nothing for a booking without
 * phases (one busy block, as before).
 */
export function AgendaPhases({ phases, timeZone }: { phases: PhaseItem[] | undefined; timeZone: string }) {
  if (!phases?.length) return null
  return (
    <ol className="agenda-phases" aria-label={t.agenda.phase.list}>
      {phases.map((phase, i) => (
        <li key={i} className={`agenda-phases__item agenda-phases__item--${phaseKind(phase)}`}>
          <span className="agenda-phases__time">
            {formatTime(phase.start, timeZone)}–{formatTime(phase.end, timeZone)}
          </span>{' '}
          <span>
            {phaseWords(phase)}
            {phase.station ? (
              <>
                {' · '}
                <span className="agenda-phases__station">{phase.station.name}</span>
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  )
}

/**
 * The booking of the same operator in whose *tempo di posa* `item` starts, if any (neither of the
 * two called off): the agenda says the appointment sits in that free time.
 */
export function processingHost(item: AgendaItem, all: readonly AgendaItem[]): AgendaItem | undefined {
  if (!item.date_start || isCalledOff(item.status)) return undefined
  const start = Date.parse(item.date_start)
  return all.find(
    (other) =>
      other.id !== item.id &&
      !isCalledOff(other.status) &&
      other.operator?.id === item.operator?.id &&
      (other.phases ?? []).some(
        (p) => phaseKind(p) === 'processing' && Date.parse(p.start) <= start && start < Date.parse(p.end),
      ),
  )
}
