import type { ReservationStatus } from './enums/index'

/**
 * The words of GLOSSARY.md that people read, in one place for the server (calendar files,
 * e-mails), the public site and the dashboard. Enum values themselves are never shown.
 */
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, { it: string; en: string }> = {
  PENDING_CONFIRMATION: { it: 'In compilazione (bozza)', en: 'Draft' },
  PENDING: { it: 'In attesa di conferma', en: 'Pending' },
  APPROVED: { it: 'Approvata', en: 'Approved' },
  CONFIRMED: { it: 'Confermata', en: 'Confirmed' },
  PENDING_PAYMENT: { it: 'In attesa di pagamento', en: 'Awaiting payment' },
  MODIFIED: { it: 'Modificata', en: 'Modified' },
  REJECTED: { it: 'Rifiutata', en: 'Rejected' },
  CANCELLED: { it: 'Annullata', en: 'Cancelled' },
  COMPLETED: { it: 'Completata', en: 'Completed' },
  NO_SHOW: { it: 'Non presentato', en: 'No-show' },
}
