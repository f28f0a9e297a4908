import type { Decision } from '@salon/shared'
import { HttpError, notFound } from '../platform'

/** The engine's refusals of a reservation change (`Decision` reasons), in the customer's language. */
export const DECISION_MESSAGES: Record<string, string> = {
  ILLEGAL_TRANSITION: 'Questo cambio di stato non è consentito.',
  FORBIDDEN_ROLE: 'Non hai i permessi per questa operazione.',
  CANCELLATION_DISABLED: 'Le modifiche online non sono attive: contatta il salone.',
  TOO_LATE_TO_CANCEL: 'È troppo tardi per cancellare online: contatta il salone.',
  TOO_LATE_TO_MOVE: 'È troppo tardi per spostare l’appuntamento online: contatta il salone.',
  FORBIDDEN_STATUS: 'Non puoi impostare questo stato.',
  NOT_MOVABLE: 'Questa prenotazione non ha ancora un orario da spostare.',
  FINAL_STATUS: 'Questa prenotazione è chiusa e non si può più modificare.',
  ALREADY_STARTED: 'L’appuntamento è già iniziato.',
  STAFF_ONLY: 'Solo il salone può modificare servizi e note: contatta il salone.',
  NOT_STARTED: 'L’appuntamento non è ancora iniziato.',
  NOTHING_TO_UNDO: 'Non c’è un cambio di stato da annullare.',
  UNDO_EXPIRED: 'È passato troppo tempo per annullare questo cambio di stato.',
  NOTHING_TO_FREE: 'Non c’è tempo da liberare: l’appuntamento non è in corso.',
  ALREADY_PAID: 'Il pagamento di questo appuntamento è già registrato.',
}

/** NOT_STARTED with the instant it becomes possible, in the salon's words ("dalle 15:10"). */
function decisionMessage(d: Exclude<Decision, { ok: true }>, timeZone: string) {
  const base = DECISION_MESSAGES[d.reason] ?? d.reason
  if (d.reason !== 'NOT_STARTED' || !d.params?.from) return base
  const at = new Intl.DateTimeFormat('it-IT', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(d.params.from),
  )
  return `${base} Si potrà segnare dalle ${at}.`
}

/** The engine's refusal as an HTTP error: its code, params and Italian message; 404 stays a plain 404. */
export function refusal(d: Exclude<Decision, { ok: true }>, timeZone = 'Europe/Rome'): HttpError {
  if (d.status === 404) return notFound()
  return new HttpError(d.status, d.reason, decisionMessage(d, timeZone), {
    reason: d.reason,
    ...(d.params ? { params: d.params } : {}),
  })
}

/** A customer asking to be placed outside the operator's shift: only the salon may (issue 23). */
export const staffOnlyOverride = (field: 'override_shift' | 'override_hours' = 'override_shift') => {
  const message =
    field === 'override_shift'
      ? 'Solo il salone può prenotare fuori dal turno di un operatore.'
      : 'Solo il salone può prenotare fuori dagli orari proposti.'
  return new HttpError(403, 'STAFF_ONLY', message, {
    reason: 'STAFF_ONLY',
    field,
    errors: [{ path: field, message, code: 'STAFF_ONLY' }],
  })
}
