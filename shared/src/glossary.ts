import type { ReservationStatus } from './enums/index'

/**
 * One word for one thing (../shared/GLOSSARY.md): how every screen, e-mail and calendar file
 * names a reservation status. Enum values themselves are never shown to a person.
 */
export const STATUS_LABELS: Record<ReservationStatus, { it: string; en: string; colour: string }> = {
  PENDING_CONFIRMATION: { it: 'In compilazione', en: 'Draft', colour: 'grey' },
  PENDING: { it: 'In attesa di conferma', en: 'Pending', colour: 'yellow' },
  APPROVED: { it: 'Approvata', en: 'Approved', colour: 'teal' },
  CONFIRMED: { it: 'Confermata', en: 'Confirmed', colour: 'green' },
  PENDING_PAYMENT: { it: 'In attesa di pagamento', en: 'Awaiting payment', colour: 'orange' },
  MODIFIED: { it: 'Modificata', en: 'Modified', colour: 'blue' },
  REJECTED: { it: 'Rifiutata', en: 'Rejected', colour: 'red' },
  CANCELLED: { it: 'Annullata', en: 'Cancelled', colour: 'red-muted' },
  COMPLETED: { it: 'Completata', en: 'Completed', colour: 'dark-green' },
  NO_SHOW: { it: 'Non presentato', en: 'No-show', colour: 'dark-red' },
}

/** The Italian label of a status; an unknown value reads as itself rather than breaking a screen. */
export const statusLabelIt = (status: string) => STATUS_LABELS[status as ReservationStatus]?.it ?? status
