import { getLocale, type Locale } from './locale'

/**
 * The validation messages the dashboard shows come in Italian: the forms run the zod schemas of
 * `@salon/shared/schemas` (whose messages the public site shows as they are), and the server runs
 * the same schemas and answers with the same words. The dashboard speaks English by default, so
 * the known messages are translated here where field errors are shown (`zodValidate`,
 * `payload-errors.ts`). A message this table does not know (a new server refusal) is shown as it
 * came: better an Italian sentence than none. `messages.test.ts` reads the shared schemas' source
 * and fails when one of their messages has no English here.
 */
export const MESSAGES_EN: Record<string, string> = {
  // shared/src/schemas/index.ts
  'Usa il formato HH:mm (es. 09:30)': 'Use the HH:mm format (e.g. 09:30)',
  'Inserisci il tuo numero di telefono': 'Enter your phone number',
  'Numero di telefono non valido': 'Invalid phone number',
  'Inserisci la tua email': 'Enter your e-mail',
  'Indirizzo e-mail non valido': 'Invalid e-mail address',
  'Indirizzo e-mail troppo lungo': 'E-mail address too long',
  'Inserisci la password': 'Enter the password',
  'Inserisci il tuo nome': 'Enter your name',
  'Inserisci il tuo cognome': 'Enter your surname',
  'Inserisci il nome': 'Enter the name',
  'Scegli un ruolo': 'Choose a role',
  'Con l’invito la password la sceglie la persona': 'With an invitation the person chooses the password',
  'Usa una data YYYY-MM-DD o un istante ISO-8601 (es. 2026-05-01T09:00:00Z)':
    'Use a YYYY-MM-DD date or an ISO-8601 instant (e.g. 2026-05-01T09:00:00Z)',
  'La fine non può precedere l’inizio': 'The end cannot come before the start',
  'Il nome è obbligatorio': 'The name is required',
  'Id non valido': 'Invalid id',
  'La password non può essere il tuo indirizzo e-mail': 'The password cannot be your e-mail address',
  'Codice mancante': 'Code missing',
  'Inserisci la password attuale': 'Enter the current password',
  'Inserisci il codice di verifica': 'Enter the verification code',
  'Codice non valido': 'Invalid code',
  'Richiesta di accesso mancante': 'Sign-in request missing',
  // shared/src/schemas/booking.ts
  'Usa il formato YYYY-MM-DD': 'Use the YYYY-MM-DD format',
  'Data inesistente': 'This date does not exist',
  'Anno fuori dal calendario delle prenotazioni': 'Year outside the booking calendar',
  'Usa il formato YYYY-MM': 'Use the YYYY-MM format',
  'Usa un istante ISO-8601 con fuso (es. 2026-05-01T09:00:00Z)':
    'Use an ISO-8601 instant with a time zone (e.g. 2026-05-01T09:00:00Z)',
  'Scegli almeno un servizio': 'Choose at least one service',
  'Servizio ripetuto': 'Service repeated',
  'Stato sconosciuto': 'Unknown status',
  'Usa day, week o month': 'Use day, week or month',
  'Usa today, 7d, 30d, mtd, custom (o day, week, month, year)':
    'Use today, 7d, 30d, mtd, custom (or day, week, month, year)',
  'Date solo con period=custom': 'Dates only with period=custom',
  'Indica la data di inizio': 'Give the first day',
  'Indica la data di fine': 'Give the last day',
  'Indica cosa cambiare': 'Say what to change',
  'Pagina non valida': 'Invalid page',
  'Indica la durata in minuti': 'Give the duration in minutes',
  'La fine deve seguire l’inizio': 'The end must come after the start',
  // shared/src/schemas/catalogue.ts
  'Inserisci un prezzo': 'Enter a price',
  'Deve essere maggiore di zero': 'Must be more than zero',
  'Al massimo due decimali': 'At most two decimals',
  'Inserisci la durata in minuti': 'Enter the duration in minutes',
  'Deve essere un numero intero di minuti': 'Must be a whole number of minutes',
  'Almeno un minuto': 'At least one minute',
  'Inserisci un numero': 'Enter a number',
  'Deve essere un numero intero': 'Must be a whole number',
  'Non può essere negativo': 'Cannot be negative',
  // shared/src/schemas/opening.ts
  'Giorno sconosciuto': 'Unknown day',
  'Servono tutti e sette i giorni': 'All seven days are needed',
  'Giorno ripetuto': 'Day repeated',
  'Aggiungi almeno un orario o segna il giorno come chiuso': 'Add at least one time or mark the day as closed',
  'La chiusura deve seguire l’apertura': 'Closing must come after opening',
  // shared/src/schemas/people.ts
  'Scegli i servizi dall’elenco': 'Choose the services from the list',
  'Troppi servizi': 'Too many services',
  'Un servizio è scelto due volte': 'A service is chosen twice',
  'Usa un percorso (/…) o un indirizzo http(s)': 'Use a path (/…) or an http(s) address',
  'Il titolo è obbligatorio': 'The title is required',
  // shared/src/schemas/settings.ts
  'Il nome del salone è obbligatorio': 'The salon’s name is required',
  'Per creare l’account conferma di aver letto l’informativa sulla privacy':
    'To create the account, confirm you have read the privacy policy',
  'Scegli una data': 'Choose a date',
  'Il secondo promemoria deve arrivare più vicino all’appuntamento del primo: meno ore':
    'The second reminder must come closer to the appointment than the first: fewer hours',
  // shared/src/schemas/uploads.ts
  'I nomi «avatar-…» sono riservati alle foto profilo dei clienti':
    'Names “avatar-…” are reserved for customers’ profile photos',
  'Scegli un’etichetta': 'Choose a label',
  'Serve l’elenco delle immagini': 'The list of images is needed',
  'Serve almeno un’immagine': 'At least one image is needed',
  'Troppe immagini': 'Too many images',
  'Un’immagine compare due volte': 'An image appears twice',
  // The server's refusals for images (cms/src/content/uploads.ts, cms/src/content/endpoints/upload.ts)
  'Il file è obbligatorio': 'The file is required',
  'Corpo della richiesta non valido': 'Invalid request body',
  'Questa immagine non è nel carosello': 'This image is not in the carousel',
  // The server's Italian for Payload's own messages (cms/src/platform/payloadMessages.ts)
  'Esiste già un elemento con questo valore: scegline un altro.':
    'Something with this value already exists: choose another.',
  'Campo obbligatorio.': 'Required field.',
  'Scelta non valida.': 'Invalid choice.',
  'Inserisci un numero valido.': 'Enter a valid number.',
  'Inserisci un indirizzo e-mail valido.': 'Enter a valid e-mail address.',
  // The dashboard's own fallback for a field error without a message (payload-errors.ts)
  'Valore non valido': 'Invalid value',
}

/** The units the shared schemas put after a number ("Al massimo 150 caratteri"). */
const UNITS_EN: Record<string, [one: string, many: string]> = {
  caratteri: ['character', 'characters'],
  ore: ['hour', 'hours'],
  minuti: ['minute', 'minutes'],
  giorni: ['day', 'days'],
  appuntamenti: ['booking', 'bookings'],
  servizi: ['service', 'services'],
  'intervalli al giorno': ['interval a day', 'intervals a day'],
}

/** `10.000` (Italian digits) → 10000. */
const italianNumber = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'))

const withUnit = (amount: string, unit: string): string | undefined => {
  const n = italianNumber(amount)
  if (!Number.isFinite(n)) return undefined
  const number = new Intl.NumberFormat('en-GB').format(n)
  if (unit === '€') return `€${number}`
  const names = UNITS_EN[unit]
  return names ? `${number} ${n === 1 ? names[0] : names[1]}` : undefined
}

/** Where an image is used, as the server writes it (`describeUploadUses` of shared/src/schemas/uploads.ts). */
const USE_KIND_EN: Record<string, string> = {
  servizio: 'service',
  operatore: 'operator',
  banner: 'banner',
  utente: 'user',
}

/** "servizio «Piega», operatore «Giulia»" → "service “Piega”, operator “Giulia”" (undefined if not that shape). */
function usesEnglish(list: string): string | undefined {
  const parts = [...list.matchAll(/(servizio|operatore|banner|utente) «([^»]*)»(?:, |$)/g)]
  if (parts.map((m) => m[0]).join('') !== list) return undefined
  return parts.map((m) => `${USE_KIND_EN[m[1]!]} “${m[2]}”`).join(', ')
}

/** Messages with values inside: the shared schemas' templates. */
const PATTERNS: [RegExp, (...groups: string[]) => string | undefined][] = [
  [/^Al massimo ([\d.,]+) (.+)$/, (n, unit) => withUnit(n, unit) && `At most ${withUnit(n, unit)}`],
  [/^Almeno ([\d.,]+) (.+)$/, (n, unit) => withUnit(n, unit) && `At least ${withUnit(n, unit)}`],
  [/^Si sovrappone a (.+)$/, (range) => `Overlaps ${range}`],
  [/^Dati non validi: (.*)$/, (paths) => `Invalid data: ${paths}`],
  [/^Da (\d+) a (\d+)$/, (from, to) => `From ${from} to ${to}`],
  [/^La password deve avere almeno (\d+) caratteri$/, (n) => `The password must have at least ${n} characters`],
  // 409 IMAGE_IN_USE (cms/src/content/uploads.ts)
  [
    /^Questa immagine è in uso, non si può eliminare\. Usata da: (.+)\. Scegli prima un’altra immagine lì\.$/,
    (uses) =>
      usesEnglish(uses) &&
      `This image is in use and cannot be deleted. Used by: ${usesEnglish(uses)}. Choose another image there first.`,
  ],
]

/** The English of a known Italian message, or undefined. */
export function englishOf(message: string): string | undefined {
  const exact = MESSAGES_EN[message]
  if (exact) return exact
  for (const [pattern, build] of PATTERNS) {
    const m = pattern.exec(message)
    if (m) {
      const out = build(...m.slice(1))
      if (out) return out
    }
  }
  return undefined
}

/** A validation message in the dashboard's language (Italian ones are already right in Italian). */
export function localizeMessage(message: string, locale: Locale = getLocale()): string {
  return locale === 'en' ? (englishOf(message) ?? message) : message
}
