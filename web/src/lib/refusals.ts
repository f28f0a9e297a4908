import { isServerErrorCode, type ServerErrorCode } from '@salon/shared/errorCodes'
import { fieldMessage, isFieldMessageCode, messageCode, type MessageParams } from '@salon/shared/messages'

type Words = string | ((params: MessageParams) => string)

const minutes = (p: MessageParams) => {
  const n = Number(p.minutes)
  return Number.isFinite(n) && n > 0 ? `${n} ${n === 1 ? 'minuto' : 'minuti'}` : 'qualche minuto'
}

/**
 * The site's words for every refusal the server can send, by code (issue 21 §4): the customer
 * reads these, not the server's sentence for API users. Typed on `ServerErrorCode`, so a code
 * added to `@salon/shared/errorCodes` without words here does not compile; the field messages
 * (`FIELD_MESSAGES`) are already Italian and are shown as the shared table words them.
 */
export const REFUSALS_IT: Record<ServerErrorCode, Words> = {
  INVALID_SERVICES: 'Uno dei servizi scelti non si può prenotare.',
  NO_ELIGIBLE_OPERATOR: 'Nessuno può eseguire tutti i servizi scelti insieme.',
  IN_THE_PAST: 'Questo orario è già passato.',
  TOO_SOON: 'Questo orario è troppo vicino: scegline uno più avanti.',
  BEYOND_HORIZON: 'Non si può ancora prenotare così avanti.',
  CLOSED: 'Il salone è chiuso in quel giorno o a quell’ora.',
  OUTSIDE_OPENING_HOURS: 'Il salone è chiuso a quell’ora.',
  NOT_ON_SLOT_GRID: 'Scegli uno degli orari proposti.',
  OPERATOR_BUSY: 'Questo orario non è più libero.',
  // Issue 25: a customer never reads about stations (the site shows a service's total time only).
  STATION_BUSY: 'Questo orario non è più libero.',
  OFF_SHIFT: 'A quest’ora non c’è più nessuno di turno: scegli un altro orario.',
  SLOT_TAKEN: 'Qualcuno ha appena prenotato questo orario.',
  SESSION_EXPIRED: 'La prenotazione è rimasta in attesa troppo a lungo: riprova.',
  SESSION_CONFIRMED: 'Questa prenotazione è già confermata.',
  ILLEGAL_TRANSITION: 'Questo cambio non è possibile.',
  FORBIDDEN_ROLE: 'Non puoi fare questa operazione.',
  CANCELLATION_DISABLED: 'Le modifiche online non sono attive: contatta il salone.',
  TOO_LATE_TO_CANCEL: 'È troppo tardi per disdire online: contatta il salone.',
  TOO_LATE_TO_MOVE: 'È troppo tardi per spostare l’appuntamento online: contatta il salone.',
  FORBIDDEN_STATUS: 'Non puoi impostare questo stato.',
  NOT_MOVABLE: 'Questa prenotazione non ha ancora un orario da spostare.',
  FINAL_STATUS: 'Questa prenotazione è chiusa e non si può più modificare.',
  ALREADY_STARTED: 'L’appuntamento è già iniziato.',
  STAFF_ONLY: 'Solo il salone può cambiare servizi e note: contatta il salone.',
  NOT_STARTED: 'L’appuntamento non è ancora iniziato.',
  NOTHING_TO_UNDO: 'Non c’è niente da annullare.',
  UNDO_EXPIRED: 'È passato troppo tempo per annullare.',
  NOTHING_TO_FREE: 'Non c’è tempo da liberare: l’appuntamento non è in corso.',
  OPERATOR_CHOSEN: 'Questo appuntamento è con la persona che hai scelto: per cambiarla contatta il salone.',
  TOO_MANY_BOOKINGS: (p) =>
    `Hai già ${Number(p.limit) > 0 ? `${p.limit} appuntamenti` : 'il massimo di appuntamenti'} in programma: è il massimo che si può prenotare online.`,
  TOO_MANY_DRAFTS: 'Hai già troppe prenotazioni in corso: completane una o riprova tra qualche minuto.',
  EMAIL_NOT_VERIFIED: 'Conferma il tuo indirizzo e-mail per prenotare: trovi il link nella mail di benvenuto.',
  BUSY: 'In questo momento arrivano molte richieste insieme: riprova tra un attimo.',
  BLOCK_OVERLAPS_BOOKING: 'Il tempo scelto si sovrappone a un appuntamento.',
  NO_TIME_YET: 'Questa prenotazione non ha ancora un orario.',
  CLIENT_BLOCKED: (p) =>
    `Per questo appuntamento ti aiutiamo volentieri di persona: chiamaci${p.phone ? ` al ${p.phone}` : ''} e lo fissiamo insieme.`,
  ALREADY_PAID: 'Il pagamento di questo appuntamento è già registrato.',
  INVALID_INPUT: 'Controlla i campi evidenziati.',
  INVALID_QUERY: 'La richiesta non è valida: ricarica la pagina.',
  FILE_MISSING: 'Scegli un file da caricare.',
  UNAUTHORIZED: 'Accedi per continuare.',
  SESSION_ENDED: 'Il tuo accesso è scaduto: accedi di nuovo.',
  WRONG_CREDENTIALS: 'E-mail o password non corrette.',
  ACCOUNT_LOCKED: 'Troppi tentativi: l’account è bloccato per qualche minuto.',
  FORBIDDEN: 'Non puoi fare questa operazione.',
  CROSS_SITE: 'Richiesta non consentita da un altro sito.',
  TOTP_REQUIRED: 'Attiva la verifica in due passaggi per continuare.',
  OWN_CALENDAR_ONLY: 'Puoi gestire solo il tuo calendario.',
  NOT_FOUND: 'Non l’abbiamo trovato: forse è stato rimosso.',
  ROUTE_NOT_FOUND: 'Questa pagina non esiste.',
  TOO_MANY_ATTEMPTS: (p) => `Troppi tentativi: riprova tra ${minutes(p)}.`,
  TOO_MANY_REGISTRATIONS: (p) => `Troppe registrazioni da questa connessione: riprova tra ${minutes(p)}.`,
  LINK_INVALID: 'Il link non è valido o è scaduto.',
  WRONG_PASSWORD: 'La password attuale non è corretta.',
  SAME_EMAIL: 'È già il tuo indirizzo e-mail.',
  EMAIL_TAKEN: 'Questo indirizzo è già usato da un altro account.',
  CHALLENGE_EXPIRED: 'Il tempo per inserire il codice è scaduto: accedi di nuovo.',
  FACTOR_EXISTS: 'La verifica in due passaggi è già attiva.',
  PASSKEY_EXPIRED: 'La richiesta è scaduta: riprova con la passkey.',
  PASSKEY_UNKNOWN: 'Questa passkey non è collegata a nessun account: accedi con e-mail e password.',
  PASSKEY_REFUSED: 'La passkey non è stata accettata: riprova.',
  OFFER_EXPIRED:
    'Il tempo per questa proposta è finito e l’orario è passato a chi era dopo in lista. Resti in lista: ti avvisiamo alla prossima occasione.',
  OFFER_TAKEN:
    'Ci dispiace: nel frattempo qualcun altro ha prenotato questo orario. Resti in lista e ti avvisiamo alla prossima occasione.',
  WAITLIST_CLOSED: 'Questa richiesta non è più in lista d’attesa.',
  SERIES_CONFLICTS: 'Alcune date non sono libere: scegli un’alternativa per ognuna oppure saltala.',
  SERIES_NOT_ENABLED: 'Gli appuntamenti ricorrenti si prenotano in salone: chiamaci.',
  PASSKEY_COUNTER: 'Questa passkey non è più affidabile: accedi con la password, poi rimuovila e aggiungine una nuova.',
  LAST_SIGN_IN_METHOD: 'È l’unico modo che hai per accedere: prima imposta una password (da «Password dimenticata?»).',
  BOTH_HAVE_ACCOUNTS: 'Queste due schede non si possono unire.',
  LAST_ADMIN: 'Serve almeno un amministratore.',
  UNKNOWN_CUSTOMER: 'Questo cliente non esiste.',
  UNKNOWN_OPERATOR: 'Questa persona non è nel salone.',
  OPERATOR_UNAVAILABLE: 'Questa persona non è disponibile.',
  BLOCK_OVERLAP: 'Si sovrappone a un altro blocco.',
  SERVICE_IN_USE: 'Questo servizio è in uso in alcune prenotazioni.',
  STATION_IN_USE: 'Questa postazione serve ad alcuni servizi: toglila prima dalle loro fasi.',
  STATION_COUNT_IN_USE: (p) =>
    Number(p.needed) > 0
      ? `Ci sono appuntamenti che usano ${p.needed} di queste postazioni insieme: non si può scendere sotto ${p.needed}.`
      : 'Ci sono appuntamenti che usano più postazioni di queste insieme.',
  SERVICE_WITHOUT_OPERATOR: 'Un servizio resterebbe senza nessuno che lo esegue.',
  IMAGE_IN_USE: 'Questa immagine è in uso.',
  NOT_IN_CAROUSEL: 'Questa immagine non è nel carosello.',
  DUPLICATE: 'Esiste già: scegli un altro valore.',
  DOCUMENT_LOCKED: 'Qualcun altro lo sta modificando: riprova tra poco.',
  CONFLICT: 'Qualcosa è cambiato nel frattempo: ricarica e riprova.',
  METHOD_NOT_ALLOWED: 'Operazione non consentita.',
  TOO_LARGE: 'Il file o la richiesta è troppo grande.',
  REFUSED: 'Non è stato possibile completare la richiesta.',
  DATABASE_UNAVAILABLE: 'Il servizio è momentaneamente non disponibile: riprova tra qualche secondo.',
}

const paramsOf = (v: unknown): MessageParams =>
  v && typeof v === 'object'
    ? (Object.fromEntries(
        Object.entries(v).filter(([, x]) => typeof x === 'string' || typeof x === 'number'),
      ) as MessageParams)
    : {}

/** The words of any code the server sends; `fallback` (the server's own words) for a code we do not know. */
export function codeWords(code: unknown, params: MessageParams = {}, fallback = ''): string {
  if (isServerErrorCode(code)) {
    const words = REFUSALS_IT[code]
    return typeof words === 'string' ? words : words(params)
  }
  if (isFieldMessageCode(code)) return code === 'INVALID' && fallback ? fallback : fieldMessage(code, params)
  return fallback
}

/** One entry of an error body (`errors[i]`): its refusal in the site's words. */
export function refusalWords(item: { message?: string; data?: Record<string, unknown> | null }): string {
  const data = item.data ?? {}
  const params = paramsOf(data.params)
  if (typeof data.limit === 'number') params.limit ??= data.limit
  const code = data.code ?? data.reason
  // Bad input: the fields say what is wrong; the form shows them (a lone field's words here too).
  return codeWords(code, params, item.message ?? '')
}

/** A field error (`data.errors[j]`) in the site's words: by its code, or by its (shared) message. */
export function fieldWords(field: { message?: string; code?: unknown; params?: unknown }): string {
  const message = field.message ?? ''
  if (field.code !== undefined) return codeWords(field.code, paramsOf(field.params), message)
  const found = message ? messageCode(message) : undefined
  return found ? fieldMessage(found.code, found.params) : message
}
