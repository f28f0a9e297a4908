import type { ReservationStatus } from './enums/index'

/**
 * The words of GLOSSARY.md that people read, in one place for the server (calendar files,
 * e-mails), the public site and the dashboard: how a reservation status is named, and its colour.
 * Enum values themselves are never shown.
 */
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, { it: string; en: string; colour: string }> = {
  PENDING_CONFIRMATION: { it: 'In compilazione (bozza)', en: 'Draft', colour: 'grey' },
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
export const statusLabelIt = (status: string) => RESERVATION_STATUS_LABELS[status as ReservationStatus]?.it ?? status

/** The two languages the glossary is written in (GLOSSARY.md: Italian for customers, English by default in the dashboard). */
export type GlossaryLocale = 'it' | 'en'

/** A status's label in a language; an unknown value reads as itself. */
export const statusLabel = (status: string, locale: GlossaryLocale) =>
  RESERVATION_STATUS_LABELS[status as ReservationStatus]?.[locale] ?? status

/**
 * The button that moves a booking to a status, as staff read it (the agenda, the dashboard's
 * booking page): a verb or a short phrase, never the enum value.
 */
export const STATUS_ACTION_LABELS_IT: Record<ReservationStatus, string> = {
  CONFIRMED: 'Conferma',
  APPROVED: 'Approva',
  REJECTED: 'Rifiuta',
  PENDING_PAYMENT: 'In attesa di pagamento',
  MODIFIED: 'Segna come modificata',
  COMPLETED: 'Completato',
  NO_SHOW: 'Non presentato',
  CANCELLED: 'Annulla',
  PENDING: 'In attesa',
  PENDING_CONFIRMATION: 'Bozza',
}

/** The same buttons in English (the dashboard's default language). */
export const STATUS_ACTION_LABELS_EN: Record<ReservationStatus, string> = {
  CONFIRMED: 'Confirm',
  APPROVED: 'Approve',
  REJECTED: 'Reject',
  PENDING_PAYMENT: 'Awaiting payment',
  MODIFIED: 'Mark as modified',
  COMPLETED: 'Completed',
  NO_SHOW: 'No-show',
  CANCELLED: 'Cancel',
  PENDING: 'Pending',
  PENDING_CONFIRMATION: 'Draft',
}

/** Account roles as the salon names them. */
export const ROLE_LABELS_IT: Record<'USER' | 'OPERATOR' | 'ADMIN', string> = {
  USER: 'Cliente',
  OPERATOR: 'Operatore',
  ADMIN: 'Amministratore',
}

/** Account roles in English (GLOSSARY.md "People and things"). */
export const ROLE_LABELS_EN: Record<'USER' | 'OPERATOR' | 'ADMIN', string> = {
  USER: 'Customer',
  OPERATOR: 'Operator',
  ADMIN: 'Admin',
}

/** Closure types (GLOSSARY.md "Closure types"). */
export const CLOSURE_TYPE_LABELS_IT: Record<string, string> = {
  FULL_DAY: 'Giornata intera',
  PARTIAL_DAY: 'Parte della giornata',
  RECURRING_WEEKLY: 'Ogni settimana',
  RECURRING_MONTHLY: 'Ogni mese',
  RECURRING_YEARLY: 'Ogni anno',
}

/** Closure types in English (GLOSSARY.md "Closure types"). */
export const CLOSURE_TYPE_LABELS_EN: Record<string, string> = {
  FULL_DAY: 'Full day',
  PARTIAL_DAY: 'Part of a day',
  RECURRING_WEEKLY: 'Weekly',
  RECURRING_MONTHLY: 'Monthly',
  RECURRING_YEARLY: 'Yearly',
}

/** What an uploaded image is for. */
export const UPLOAD_LABEL_LABELS_IT: Record<string, string> = {
  HOME_CAROUSEL: 'Carosello della home',
  IMAGES: 'Immagini',
}

/** What an uploaded image is for, in English. */
export const UPLOAD_LABEL_LABELS_EN: Record<string, string> = {
  HOME_CAROUSEL: 'Home carousel',
  IMAGES: 'Images',
}

/** Days of the week in English (the Italian ones live with the opening-hours schema). */
/** Weekday names as the salon reads them (GLOSSARY.md). */
export const DAY_OF_WEEK_LABELS_IT: Record<
  'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY',
  string
> = {
  MONDAY: 'Lunedì',
  TUESDAY: 'Martedì',
  WEDNESDAY: 'Mercoledì',
  THURSDAY: 'Giovedì',
  FRIDAY: 'Venerdì',
  SATURDAY: 'Sabato',
  SUNDAY: 'Domenica',
}

export const DAY_OF_WEEK_LABELS_EN: Record<
  'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY',
  string
> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
}

/** Leave kinds (GLOSSARY.md "The team's week"), in Italian. */
export const LEAVE_KIND_LABELS_IT: Record<'ANNUAL' | 'PERMIT' | 'SICK' | 'TRAINING', string> = {
  ANNUAL: 'Ferie',
  PERMIT: 'Permesso',
  SICK: 'Malattia',
  TRAINING: 'Formazione',
}

/** Leave kinds in English. */
export const LEAVE_KIND_LABELS_EN: Record<'ANNUAL' | 'PERMIT' | 'SICK' | 'TRAINING', string> = {
  ANNUAL: 'Annual leave',
  PERMIT: 'Time off',
  SICK: 'Sick leave',
  TRAINING: 'Training',
}

/** Payment methods at checkout (GLOSSARY.md), in Italian. */
export const PAYMENT_METHOD_LABELS_IT: Record<'CASH' | 'CARD' | 'TRANSFER' | 'OTHER', string> = {
  CASH: 'Contanti',
  CARD: 'Carta',
  TRANSFER: 'Bonifico',
  OTHER: 'Altro',
}

/** Payment methods in English. */
export const PAYMENT_METHOD_LABELS_EN: Record<'CASH' | 'CARD' | 'TRANSFER' | 'OTHER', string> = {
  CASH: 'Cash',
  CARD: 'Card',
  TRANSFER: 'Bank transfer',
  OTHER: 'Other',
}

/** The front desk's words (GLOSSARY.md "The team's week, the desk, the work"). */
export const DESK_WORDS = {
  it: {
    client: 'Cliente',
    clients: 'Clienti',
    clientCard: 'Scheda cliente',
    technicalRecord: 'Scheda tecnica',
    walkIn: 'Cliente senza appuntamento',
    checkout: 'Cassa',
    closeAppointment: 'Chiudi appuntamento',
    takings: 'Incassi',
    blockedOnline: 'Prenotazione online bloccata',
    erasedClient: 'Cliente cancellato',
  },
  en: {
    client: 'Client',
    clients: 'Clients',
    clientCard: 'Client card',
    technicalRecord: 'Technical record',
    walkIn: 'Walk-in',
    checkout: 'Checkout',
    closeAppointment: 'Checkout',
    takings: 'Takings',
    blockedOnline: 'Online booking blocked',
    erasedClient: 'Erased client',
  },
} as const

/** The rota's other words (GLOSSARY.md "The team's week"). */
export const ROTA_WORDS = {
  it: {
    shift: 'Turno',
    workingHours: 'Orario di lavoro',
    rota: 'Turni',
    offShift: 'Non di turno',
    toReassign: 'Appuntamenti da riassegnare',
  },
  en: {
    shift: 'Shift',
    workingHours: 'Working hours',
    rota: 'Rota',
    offShift: 'Off shift',
    toReassign: 'Bookings to reassign',
  },
} as const

/** How a service uses time (GLOSSARY.md: Tempo di posa, Riordino, Postazione; issue 25). */
export const PHASE_WORDS = {
  it: {
    phases: 'Fasi',
    phase: 'Fase',
    operatorBusy: 'Con l’operatore',
    processing: 'Tempo di posa',
    cleanup: 'Riordino',
    station: 'Postazione',
    stations: 'Postazioni',
    noStation: 'Nessuna postazione',
  },
  en: {
    phases: 'Phases',
    phase: 'Phase',
    operatorBusy: 'With the stylist',
    processing: 'Processing time',
    cleanup: 'Clean-up',
    station: 'Station',
    stations: 'Stations',
    noStation: 'No station',
  },
} as const

/** SMS reminders and the attendance link (GLOSSARY.md "SMS and the attendance link"; issue 26). */
export const ATTENDANCE_WORDS = {
  it: {
    confirmedByCustomer: 'Confermato dal cliente',
    smsConsent: 'Ricevi promemoria via SMS',
    smsReminders: 'Promemoria via SMS',
    smsConfirmations: 'Conferma via SMS',
  },
  en: {
    confirmedByCustomer: 'Confirmed by the customer',
    smsConsent: 'Reminders by SMS',
    smsReminders: 'Reminders by SMS',
    smsConfirmations: 'Confirmation by SMS',
  },
} as const

/**
 * The waitlist and repeating appointments (issue 27; GLOSSARY.md): "Avvisami se si libera", the
 * offer "Si è liberato un posto", "ogni N settimane"; the entry and offer statuses by their labels.
 */
export const WAITLIST_WORDS = {
  it: {
    waitlist: 'Lista d’attesa',
    join: 'Avvisami se si libera',
    offer: 'Si è liberato un posto',
    repeating: 'Appuntamento ricorrente',
    everyWeeks: (n: number) => (n === 1 ? 'ogni settimana' : `ogni ${n} settimane`),
    entryStatus: { ACTIVE: 'In attesa', BOOKED: 'Prenotato', EXPIRED: 'Scaduta', REMOVED: 'Tolta dalla lista' },
    offerStatus: { OPEN: 'Proposta inviata', TAKEN: 'Prenotata', EXPIRED: 'Non presa in tempo', WITHDRAWN: 'Ritirata' },
    wonFromWaitlist: 'Dalla lista d’attesa',
  },
  en: {
    waitlist: 'Waitlist',
    join: 'Let me know if a time frees up',
    offer: 'A time has freed up',
    repeating: 'Repeating booking',
    everyWeeks: (n: number) => (n === 1 ? 'every week' : `every ${n} weeks`),
    entryStatus: { ACTIVE: 'Waiting', BOOKED: 'Booked', EXPIRED: 'Expired', REMOVED: 'Removed' },
    offerStatus: { OPEN: 'Offer sent', TAKEN: 'Taken', EXPIRED: 'Not taken in time', WITHDRAWN: 'Withdrawn' },
    wonFromWaitlist: 'From the waitlist',
  },
} as const

/**
 * Every glossary map in one language, for a screen that follows the reader's choice
 * (the dashboard: English by default, Italian one click away).
 */
export const GLOSSARY = {
  it: {
    status: (s: string) => statusLabel(s, 'it'),
    statusAction: STATUS_ACTION_LABELS_IT,
    role: ROLE_LABELS_IT,
    closureType: CLOSURE_TYPE_LABELS_IT,
    uploadLabel: UPLOAD_LABEL_LABELS_IT,
    leaveKind: LEAVE_KIND_LABELS_IT,
    rota: ROTA_WORDS.it,
    paymentMethod: PAYMENT_METHOD_LABELS_IT,
    desk: DESK_WORDS.it,
    phase: PHASE_WORDS.it,
    attendance: ATTENDANCE_WORDS.it,
    waitlist: WAITLIST_WORDS.it,
  },
  en: {
    status: (s: string) => statusLabel(s, 'en'),
    statusAction: STATUS_ACTION_LABELS_EN,
    role: ROLE_LABELS_EN,
    closureType: CLOSURE_TYPE_LABELS_EN,
    uploadLabel: UPLOAD_LABEL_LABELS_EN,
    leaveKind: LEAVE_KIND_LABELS_EN,
    rota: ROTA_WORDS.en,
    paymentMethod: PAYMENT_METHOD_LABELS_EN,
    desk: DESK_WORDS.en,
    phase: PHASE_WORDS.en,
    attendance: ATTENDANCE_WORDS.en,
    waitlist: WAITLIST_WORDS.en,
  },
} as const
