/**
 * The field messages of the shared zod schemas, by code (issue 21 §4). The schemas take their
 * Italian words from here (`fieldMessage`), the server sends each field error's `code` (and
 * `params`) next to the message (`messageCode` finds them), and each screen words a code itself:
 * the dashboard's English dictionary has a `field.<CODE>` key for every code (a missing one fails
 * its typecheck), the Italian screens show the text below. No screen matches sentences.
 *
 * A template's `{{name}}` is filled from `params` (`{ n: 150 }` → "Al massimo 150 caratteri"), in
 * the same `{{…}}` form the dashboard's dictionaries use.
 */
export const FIELD_MESSAGES = {
  // Formats and ids
  TIME_FORMAT: 'Usa il formato HH:mm (es. 09:30)',
  DAY_FORMAT: 'Usa il formato YYYY-MM-DD',
  MONTH_FORMAT: 'Usa il formato YYYY-MM',
  INSTANT_FORMAT: 'Usa un istante ISO-8601 con fuso (es. 2026-05-01T09:00:00Z)',
  DATE_OR_INSTANT: 'Usa una data YYYY-MM-DD o un istante ISO-8601 (es. 2026-05-01T09:00:00Z)',
  DATE_NOT_EXISTS: 'Data inesistente',
  YEAR_OUT_OF_RANGE: 'Anno fuori dal calendario delle prenotazioni',
  ID_INVALID: 'Id non valido',
  PAGE_INVALID: 'Pagina non valida',
  SORT_INVALID: 'Non si può ordinare per questo campo',
  JSON_INVALID: 'JSON non valido',
  BODY_NOT_OBJECT: 'Il corpo deve essere un oggetto JSON',
  BODY_INVALID: 'Corpo della richiesta non valido',
  // People and accounts
  PHONE_REQUIRED: 'Inserisci il tuo numero di telefono',
  PHONE_INVALID: 'Numero di telefono non valido',
  EMAIL_REQUIRED: 'Inserisci la tua email',
  EMAIL_INVALID: 'Indirizzo e-mail non valido',
  EMAIL_TOO_LONG: 'Indirizzo e-mail troppo lungo',
  PASSWORD_REQUIRED: 'Inserisci la password',
  PASSWORD_IS_EMAIL: 'La password non può essere il tuo indirizzo e-mail',
  CURRENT_PASSWORD_REQUIRED: 'Inserisci la password attuale',
  YOUR_NAME_REQUIRED: 'Inserisci il tuo nome',
  YOUR_SURNAME_REQUIRED: 'Inserisci il tuo cognome',
  ENTER_NAME: 'Inserisci il nome',
  ROLE_REQUIRED: 'Scegli un ruolo',
  INVITE_NO_PASSWORD: 'Con l’invito la password la sceglie la persona',
  PRIVACY_REQUIRED: 'Per creare l’account conferma di aver letto l’informativa sulla privacy',
  CODE_MISSING: 'Codice mancante',
  VERIFICATION_CODE_REQUIRED: 'Inserisci il codice di verifica',
  CODE_INVALID: 'Codice non valido',
  CHALLENGE_MISSING: 'Richiesta di accesso mancante',
  // SMS codes (issue 26: the phone, verified and as a second factor)
  SMS_CODE_INVALID: 'Il codice è di 6 cifre',
  CODE_EXPIRED: 'Il codice è scaduto o è già stato usato: chiedine uno nuovo',
  CODE_REQUEST_INVALID: 'Chiedi prima un codice via SMS',
  FACTOR_TYPE_INVALID: 'Scegli l’app di autenticazione o l’SMS',
  CHANNEL_INVALID: 'Il codice arriva solo via SMS',
  FACTOR_INVALID: 'Scegli una delle tue verifiche',
  NOT_A_PHONE_FACTOR: 'Questa verifica non usa l’SMS',
  REDIRECT_OWN_PATH: 'Usa un percorso di questo sito (/…)',
  // Bookings and reports
  SERVICES_REQUIRED: 'Scegli almeno un servizio',
  SERVICE_REPEATED: 'Servizio ripetuto',
  STATUS_UNKNOWN: 'Stato sconosciuto',
  GROUP_BY_UNKNOWN: 'Usa day, week o month',
  PERIOD_UNKNOWN: 'Usa today, 7d, 30d, mtd, custom (o day, week, month, year)',
  DATES_ONLY_CUSTOM: 'Date solo con period=custom',
  FROM_REQUIRED: 'Indica la data di inizio',
  TO_REQUIRED: 'Indica la data di fine',
  END_BEFORE_START: 'La fine non può precedere l’inizio',
  END_AFTER_START: 'La fine deve seguire l’inizio',
  NOTHING_TO_CHANGE: 'Indica cosa cambiare',
  DURATION_REQUIRED: 'Indica la durata in minuti',
  // Catalogue, people, banners, settings
  NAME_REQUIRED: 'Il nome è obbligatorio',
  TITLE_REQUIRED: 'Il titolo è obbligatorio',
  SALON_NAME_REQUIRED: 'Il nome del salone è obbligatorio',
  PRICE_REQUIRED: 'Inserisci un prezzo',
  MORE_THAN_ZERO: 'Deve essere maggiore di zero',
  TWO_DECIMALS: 'Al massimo due decimali',
  DURATION_MINUTES_REQUIRED: 'Inserisci la durata in minuti',
  WHOLE_MINUTES: 'Deve essere un numero intero di minuti',
  AT_LEAST_ONE_MINUTE: 'Almeno un minuto',
  NUMBER_REQUIRED: 'Inserisci un numero',
  WHOLE_NUMBER: 'Deve essere un numero intero',
  NOT_NEGATIVE: 'Non può essere negativo',
  SERVICES_FROM_LIST: 'Scegli i servizi dall’elenco',
  TOO_MANY_SERVICES: 'Troppi servizi',
  SERVICE_CHOSEN_TWICE: 'Un servizio è scelto due volte',
  LINK_FORMAT: 'Usa un percorso (/…) o un indirizzo http(s)',
  DATE_REQUIRED: 'Scegli una data',
  SERIES_COUNT_OR_UNTIL: 'Indica quante volte oppure fino a quando, non entrambi',
  WAITLIST_DAY_PAST: 'Scegli un giorno da oggi in poi',
  SECOND_REMINDER_ORDER: 'Il secondo promemoria deve arrivare più vicino all’appuntamento del primo: meno ore',
  // Phases and stations (issue 25)
  PHASES_REQUIRED: 'Serve almeno una fase',
  PHASE_OPERATOR_BUSY: 'Almeno una fase con l’operatore al lavoro',
  STATION_COUNT_REQUIRED: 'Indica quante postazioni ci sono',
  AT_MOST_PHASES: 'Al massimo {{n}} fasi',
  TIME_SET_BY_PHASES: 'La durata è la somma delle fasi: cambia le fasi',
  // Opening hours
  DAY_UNKNOWN: 'Giorno sconosciuto',
  SEVEN_DAYS: 'Servono tutti e sette i giorni',
  DAY_REPEATED: 'Giorno ripetuto',
  DAY_WITHOUT_HOURS: 'Aggiungi almeno un orario o segna il giorno come chiuso',
  CLOSING_AFTER_OPENING: 'La chiusura deve seguire l’apertura',
  OVERLAPS: 'Si sovrappone a {{from}}–{{to}}',
  // The team's week (rota)
  CYCLE_WEEKS: 'Il turno si ripete ogni 1, 2, 3 o 4 settimane',
  WEEK_OUT_OF_CYCLE: 'Settimana fuori dal ciclo: da 1 a {{n}}',
  LEAVE_KIND_UNKNOWN: 'Scegli il tipo di assenza: ferie, permesso, malattia o formazione',
  MONDAY_REQUIRED: 'Scegli il lunedì della settimana',
  // The front desk (clients, checkout, privacy)
  CLIENT_NAME_REQUIRED: 'Inserisci il nome del cliente',
  CLIENT_OR_USER: 'Indica il cliente (client) oppure l’account (user), non entrambi',
  TAG_INVALID: 'Ogni etichetta ha da 1 a 30 caratteri',
  NOTE_REQUIRED: 'Scrivi la nota',
  METHOD_UNKNOWN: 'Scegli il metodo: contanti, carta, bonifico o altro',
  DISCOUNT_KIND_UNKNOWN: 'Scegli lo sconto: importo o percentuale',
  AMOUNT_POSITIVE: 'Inserisci un importo maggiore di zero',
  AMOUNT_NOT_NEGATIVE: 'L’importo non può essere negativo',
  PERCENT_RANGE: 'Una percentuale da 0 a 100',
  PAYMENT_REQUIRED: 'Aggiungi almeno un pagamento',
  PAYMENTS_MISMATCH: 'I pagamenti devono fare {{expected}} €',
  DISCOUNT_OVER_TOTAL: 'Lo sconto supera il totale dei servizi',
  MERGE_SELF: 'Scegli un’altra scheda da unire',
  PASSWORD_WRONG: 'Password non corretta',
  // Images
  AVATAR_NAME_RESERVED: 'I nomi «avatar-…» sono riservati alle foto profilo dei clienti',
  LABEL_REQUIRED: 'Scegli un’etichetta',
  IMAGES_LIST_REQUIRED: 'Serve l’elenco delle immagini',
  IMAGES_REQUIRED: 'Serve almeno un’immagine',
  TOO_MANY_IMAGES: 'Troppe immagini',
  IMAGE_TWICE: 'Un’immagine compare due volte',
  FILE_REQUIRED: 'Il file è obbligatorio',
  IMAGE_REQUIRED: 'Scegli un’immagine',
  IMAGE_TOO_MANY_PIXELS: 'Immagine troppo grande: al massimo {{n}} megapixel (larghezza × altezza)',
  // Limits with a number
  AT_MOST_CHARS: 'Al massimo {{n}} caratteri',
  AT_MOST_HOURS: 'Al massimo {{n}} ore',
  AT_MOST_MINUTES: 'Al massimo {{n}} minuti',
  AT_MOST_DAYS: 'Al massimo {{n}} giorni',
  AT_MOST_BOOKINGS: 'Al massimo {{n}} appuntamenti',
  AT_MOST_SERVICES: 'Al massimo {{n}} servizi',
  AT_MOST_INTERVALS: 'Al massimo {{n}} intervalli al giorno',
  AT_MOST_EUROS: 'Al massimo {{n}} €',
  AT_MOST_TAGS: 'Al massimo {{n}} etichette',
  AT_MOST_PAYMENTS: 'Al massimo {{n}} pagamenti',
  AT_LEAST_HOURS: 'Almeno {{n}} ore',
  AT_LEAST_MINUTES: 'Almeno {{n}} minuti',
  AT_LEAST_DAYS: 'Almeno {{n}} giorni',
  AT_LEAST_BOOKINGS: 'Almeno {{n}} appuntamenti',
  BETWEEN: 'Da {{from}} a {{to}}',
  PASSWORD_TOO_SHORT: 'La password deve avere almeno {{n}} caratteri',
  // Payload's own field checks, in our words (cms/src/platform/payloadMessages.ts)
  VALUE_TAKEN: 'Esiste già un elemento con questo valore: scegline un altro.',
  REQUIRED: 'Campo obbligatorio.',
  CHOICE_INVALID: 'Scelta non valida.',
  NUMBER_INVALID: 'Inserisci un numero valido.',
  EMAIL_ADDRESS_INVALID: 'Inserisci un indirizzo e-mail valido.',
  EMAIL_REGISTERED: 'Esiste già un account con questa e-mail.',
  // The database's refusals of a value (cms/src/platform/pgErrors.ts)
  RELATED_MISSING: 'Un elemento collegato non esiste.',
  FIELD_MISSING: 'Manca un campo obbligatorio.',
  VALUE_INVALID: 'Valore non valido per uno dei campi o dei filtri.',
  // zod's own checks the schemas leave without words (its message is English): by zod's issue code
  WRONG_TYPE: 'Tipo di valore non valido',
  UNKNOWN_FIELDS: 'Campi non previsti: {{keys}}',
  // The admins' generic reservation calls (cms/src/reservations/endpoints/rest.ts)
  FIELD_NOT_ACCEPTED: 'Campo non previsto',
  SET_BY_SERVER: 'Questo campo lo imposta il salone: non inviarlo',
  // Request bodies over the server's cap (cms/server.ts)
  BODY_TOO_LARGE: 'Richiesta troppo grande: al massimo {{n}} KB',
  BODY_LENGTH_REQUIRED: 'Invia il corpo con la sua lunghezza (Content-Length, al massimo {{n}} KB)',
  STATUS_ALONE: 'Cambia lo stato da solo, senza altri campi',
  // Anything else: the message as it came
  INVALID: 'Valore non valido',
} as const

export type FieldMessageCode = keyof typeof FIELD_MESSAGES
export type MessageParams = Record<string, string | number>

export const FIELD_MESSAGE_CODES = Object.keys(FIELD_MESSAGES) as FieldMessageCode[]

export const isFieldMessageCode = (code: unknown): code is FieldMessageCode =>
  typeof code === 'string' && Object.prototype.hasOwnProperty.call(FIELD_MESSAGES, code)

/** `{{name}}` → `params.name` (left as is when missing). */
export const fillTemplate = (text: string, params?: MessageParams): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params && params[name] !== undefined ? String(params[name]) : whole,
  )

/** The Italian of a code, params filled in: what the schemas give zod as the message. */
export const fieldMessage = (code: FieldMessageCode, params?: MessageParams): string =>
  fillTemplate(FIELD_MESSAGES[code], params)

/** Exact texts → code, built from the table (templates excluded). */
const BY_TEXT = new Map<string, FieldMessageCode>(
  FIELD_MESSAGE_CODES.filter((c) => !FIELD_MESSAGES[c].includes('{{')).map((c) => [FIELD_MESSAGES[c], c]),
)

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Each template as a pattern with a named group per `{{name}}`, built from the table. */
const TEMPLATES: [FieldMessageCode, RegExp][] = FIELD_MESSAGE_CODES.filter((c) => FIELD_MESSAGES[c].includes('{{')).map(
  (c) => {
    const source = FIELD_MESSAGES[c]
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((part) => {
        const m = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)
        return m ? `(?<${m[1]}>.+?)` : escape(part)
      })
      .join('')
    return [c, new RegExp(`^${source}$`)]
  },
)

/** A number as it was written ("10.000" → 10000), or the text when it is not one. */
const paramValue = (text: string): string | number => {
  const n = Number(text.replace(/\.(?=\d{3}\b)/g, ''))
  return /^[\d.]+$/.test(text) && Number.isFinite(n) ? n : text
}

/**
 * The code (and params) of a message the schemas produce, found from the table itself: the exact
 * text, or the template it fills. Undefined for a message the table does not have.
 */
export function messageCode(message: string): { code: FieldMessageCode; params?: MessageParams } | undefined {
  const exact = BY_TEXT.get(message)
  if (exact) return { code: exact }
  for (const [code, pattern] of TEMPLATES) {
    const m = pattern.exec(message)
    if (m?.groups) {
      const params = Object.fromEntries(Object.entries(m.groups).map(([k, v]) => [k, paramValue(v)]))
      return { code, params }
    }
  }
  return undefined
}

/** The part of a zod issue `issueCode` reads (zod 4's `$ZodIssue`, structurally). */
export interface IssueLike {
  code?: string
  message: string
  keys?: readonly string[]
  params?: Record<string, unknown>
}

/**
 * The code of a zod issue: a custom issue's own `params.code`, else the code of its message (the
 * table above), else by zod's issue code for the checks the schemas leave in zod's English words.
 */
export function issueCode(issue: IssueLike): { code: FieldMessageCode; params?: MessageParams } {
  const own = issue.params?.code
  if (isFieldMessageCode(own)) return { code: own }
  const found = messageCode(issue.message)
  if (found) return found
  if (issue.code === 'unrecognized_keys')
    return { code: 'UNKNOWN_FIELDS', params: { keys: (issue.keys ?? []).join(', ') } }
  if (issue.code === 'invalid_type') return { code: 'WRONG_TYPE' }
  if (issue.code === 'invalid_value') return { code: 'CHOICE_INVALID' }
  return { code: 'INVALID' }
}
