import { type ActingAs, type BookingActor, mayPlaceInAgenda } from './permissions'

/** An operator's id, or "Qualsiasi operatore". */
export type OperatorChoice = number | 'any'

/** What the move rule reads of a booking: whom it is with now, and how the customer booked it. */
export interface MoveOperatorFacts {
  /** The operator it is assigned to now (null: none, e.g. an imported booking). */
  operator: number | null | undefined
  /** The customer booked it with "Qualsiasi operatore" (the server then assigned one). */
  anyOperator: boolean
}

export type MoveOperatorDecision =
  { ok: true; choice: OperatorChoice } | { ok: false; status: 403; reason: 'OPERATOR_CHOSEN' | 'FORBIDDEN_ROLE' }

/**
 * Whom a moved booking may go to — decided after `authorizeMove` said the caller may move it.
 *
 * Staff (ADMIN, OPERATOR) choose explicitly: the operator they ask for, "any", or — nothing asked —
 * the current one (anybody free for a booking without one). Where they may put it is the booking
 * rule (`mayPlaceInAgenda`): an admin anywhere, an operator only in their own agenda — "any" or a
 * colleague is FORBIDDEN_ROLE, as `POST /book` there is.
 *
 * The customer:
 * - a booking made with "Qualsiasi operatore" (or one with no operator) goes to any operator who
 *   can do its services — nothing asked or "any" both mean that; the current one is kept when free,
 *   otherwise the server assigns as a confirm does. Asking for the current operator by name keeps it.
 * - a booking made with a chosen operator stays with that operator: asking for "any" or for
 *   someone else is refused (OPERATOR_CHOSEN: the salon changes operators, not the customer).
 */
export function moveOperatorChoice(
  as: ActingAs,
  booking: MoveOperatorFacts,
  requested: OperatorChoice | undefined,
  actor: BookingActor,
): MoveOperatorDecision {
  const current = booking.operator ?? null
  if (as !== 'CUSTOMER') {
    const choice = requested ?? current ?? 'any'
    return mayPlaceInAgenda(actor, as, choice) ? { ok: true, choice } : forbiddenRole
  }
  const open = booking.anyOperator || current === null
  if (requested === undefined || requested === 'any') {
    if (open) return { ok: true, choice: 'any' }
    return requested === undefined ? { ok: true, choice: current } : refused
  }
  return requested === current ? { ok: true, choice: requested } : refused
}

const refused = { ok: false, status: 403, reason: 'OPERATOR_CHOSEN' } as const
const forbiddenRole = { ok: false, status: 403, reason: 'FORBIDDEN_ROLE' } as const
