import { HOME_SECTIONS, ROUTE_NAMES } from '@salon/shared/routes'

/** The demo salon, in Italian. Prices in euro, durations in minutes. */
export const DEMO_CATEGORIES = ['Taglio e piega', 'Colore', 'Trattamenti', 'Estetica'] as const

export const DEMO_OPERATORS = [
  {
    name: 'Giulia',
    surname: 'Rossi',
    hue: 150,
    description: 'Hair stylist da 12 anni, specialista in tagli e balayage.',
  },
  {
    name: 'Marco',
    surname: 'Bianchi',
    hue: 210,
    description: 'Barbiere e colorista, ama i tagli corti e le sfumature.',
  },
  {
    name: 'Sara',
    surname: 'Esposito',
    hue: 330,
    description: 'Estetista: manicure, pedicure e cura delle sopracciglia.',
  },
  { name: 'Luca', surname: 'Romano', hue: 35, description: 'Tricologo, esperto di trattamenti per cute e capelli.' },
] as const

export type DemoOperatorName = (typeof DEMO_OPERATORS)[number]['name']
type Op = DemoOperatorName

/** The demo salon's stations (postazioni): one basin, two colour chairs, one beauty room. */
export const DEMO_STATIONS: { name: string; count: number }[] = [
  { name: 'Lavatesta', count: 1 },
  { name: 'Poltrona colore', count: 2 },
  { name: 'Cabina estetica', count: 1 },
]

export const DEMO_SERVICES: {
  title: string
  category: (typeof DEMO_CATEGORIES)[number]
  time: number
  price: number
  description: string
  /** Empty: every operator. */
  operators: Op[]
}[] = [
  {
    title: 'Taglio donna',
    category: 'Taglio e piega',
    time: 45,
    price: 35,
    description: 'Consulenza, shampoo, taglio e piega.',
    operators: ['Giulia', 'Marco', 'Luca'],
  },
  {
    title: 'Taglio uomo',
    category: 'Taglio e piega',
    time: 30,
    price: 22,
    description: 'Taglio a forbice o macchinetta, con rifinitura.',
    operators: ['Giulia', 'Marco', 'Luca'],
  },
  {
    title: 'Taglio bambino',
    category: 'Taglio e piega',
    time: 20,
    price: 15,
    description: 'Per i più piccoli, fino a 12 anni.',
    operators: ['Giulia', 'Marco', 'Luca'],
  },
  {
    title: 'Piega',
    category: 'Taglio e piega',
    time: 30,
    price: 20,
    description: 'Shampoo e piega liscia o mossa.',
    operators: [],
  },
  {
    title: 'Colore',
    category: 'Colore',
    time: 60,
    price: 45,
    description: 'Colore uniforme con prodotti senza ammoniaca.',
    operators: ['Giulia', 'Marco'],
  },
  {
    title: 'Colpi di sole',
    category: 'Colore',
    time: 90,
    price: 70,
    description: 'Schiariture luminose con cartine.',
    operators: ['Giulia', 'Marco'],
  },
  {
    title: 'Balayage',
    category: 'Colore',
    time: 120,
    price: 95,
    description: 'Sfumature naturali dipinte a mano.',
    operators: ['Giulia'],
  },
  {
    title: 'Trattamento ristrutturante',
    category: 'Trattamenti',
    time: 30,
    price: 25,
    description: 'Maschera alla cheratina per capelli sfibrati.',
    operators: [],
  },
  {
    title: 'Trattamento cute',
    category: 'Trattamenti',
    time: 30,
    price: 28,
    description: 'Purificante o anticaduta, con massaggio.',
    operators: ['Luca'],
  },
  {
    title: 'Manicure',
    category: 'Estetica',
    time: 40,
    price: 25,
    description: 'Cura delle unghie e smalto a scelta.',
    operators: ['Sara'],
  },
  {
    title: 'Pedicure',
    category: 'Estetica',
    time: 50,
    price: 32,
    description: 'Pedicure estetico con smalto.',
    operators: ['Sara'],
  },
  {
    title: 'Sopracciglia',
    category: 'Estetica',
    time: 15,
    price: 10,
    description: 'Definizione con pinzetta o cera.',
    operators: ['Sara'],
  },
]

/** Tuesday–Saturday, morning and afternoon. */
export const DEMO_OPENING = [
  { day: 'MONDAY', closed: true },
  { day: 'TUESDAY', closed: false },
  { day: 'WEDNESDAY', closed: false },
  { day: 'THURSDAY', closed: false },
  { day: 'FRIDAY', closed: false },
  { day: 'SATURDAY', closed: false },
  { day: 'SUNDAY', closed: true },
] as const
export const DEMO_INTERVALS = [
  { opening_time: '09:00', closing_time: '13:00' },
  { opening_time: '14:30', closing_time: '19:30' },
] as const

/** Italian national holidays (MM-DD, yearly) and the Easter Mondays that move. */
export const NATIONAL_HOLIDAYS = [
  { name: 'Capodanno', md: '01-01' },
  { name: 'Epifania', md: '01-06' },
  { name: 'Festa della Liberazione', md: '04-25' },
  { name: 'Festa dei Lavoratori', md: '05-01' },
  { name: 'Festa della Repubblica', md: '06-02' },
  { name: 'Ferragosto', md: '08-15' },
  { name: 'Ognissanti', md: '11-01' },
  { name: 'Immacolata Concezione', md: '12-08' },
  { name: 'Natale', md: '12-25' },
  { name: 'Santo Stefano', md: '12-26' },
] as const
export const EASTER_MONDAYS = ['2026-04-06', '2027-03-29', '2028-04-17'] as const

export const DEMO_CUSTOMERS = [
  { name: 'Chiara', surname: 'Conti', email: 'cliente@demo.salon', phone: '+39 333 123 4567' },
  { name: 'Francesca', surname: 'Gallo', email: 'francesca.gallo@example.com', phone: '+39 347 555 0101' },
  { name: 'Alessandro', surname: 'Ricci', email: 'alessandro.ricci@example.com', phone: '+39 320 555 0102' },
  { name: 'Martina', surname: 'Greco', email: 'martina.greco@example.com', phone: '+39 339 555 0103' },
  { name: 'Davide', surname: 'Marino', email: 'davide.marino@example.com', phone: '+39 348 555 0104' },
  { name: 'Elena', surname: 'Ferrari', email: 'elena.ferrari@example.com', phone: '+39 366 555 0105' },
]

/**
 * People the salon knows without an app account (issue 24): booked by phone or at the desk. Maria's
 * technical record shows on her agenda entries; some of the demo bookings are theirs.
 */
export const DEMO_DESK_CLIENTS = [
  {
    name: 'Maria',
    surname: 'Esposito',
    phone: '+39 333 555 0201',
    email: null,
    tags: ['Colore'],
    allergies: 'PPD (parafenilendiammina): test cutaneo 48 ore prima di ogni colore',
    technical_notes: 'Colore 6.3 + 7.0, ossigeno 20 vol, posa 35 minuti. Shampoo delicato.',
    note: 'Preferisce Giulia. Chiamare dopo le 17.',
  },
  {
    name: 'Giovanni',
    surname: 'Russo',
    phone: '+39 349 555 0202',
    email: 'giovanni.russo@example.com',
    tags: [],
    allergies: null,
    technical_notes: null,
    note: null,
  },
  {
    name: 'Lucia',
    surname: 'Romano',
    phone: '+39 328 555 0203',
    email: null,
    tags: ['VIP'],
    allergies: null,
    technical_notes: 'Taglio scalato, sfumatura alta sulla nuca.',
    note: 'Viene sempre con la figlia: prenotarle insieme.',
  },
] as const

/** The demo salon's contacts (the `config` document): shown on the home, linked from pages and banners. */
export const DEMO_CONTACTS = {
  businessName: 'Salone Demo',
  address: 'Via Roma 12, 20121 Milano',
  phone: '+39 02 1234 5678',
  email: 'info@demo.salon',
} as const

/**
 * Where a demo banner leads — never a page that does not answer its title: a service → the booking
 * wizard with that service chosen (it opens at the day and time); a section → that section of the home.
 */
export type DemoBannerTarget =
  | { service: (typeof DEMO_SERVICES)[number]['title'] }
  | { homeSection: (typeof HOME_SECTIONS)[keyof typeof HOME_SECTIONS] }

export const DEMO_BANNERS: { title: string; subtitle: string; hue: number; target: DemoBannerTarget }[] = [
  {
    title: 'Nuovo trattamento alla cheratina',
    subtitle: 'Capelli forti e lucidi in 30 minuti',
    hue: 160,
    // The keratin mask, 30 minutes: the service the banner announces, ready to book.
    target: { service: 'Trattamento ristrutturante' },
  },
  {
    title: 'Regala un momento di bellezza',
    subtitle: 'Chiedi in salone la nostra gift card',
    hue: 45,
    // A gift card is bought at the salon: where it is, its phone to call and its e-mail.
    target: { homeSection: HOME_SECTIONS.contacts },
  },
]

/** A demo banner's link, with the services' ids as seeded (title → id). */
export function demoBannerLink(target: DemoBannerTarget, serviceIds: ReadonlyMap<string, number>): string {
  if ('service' in target) {
    const id = serviceIds.get(target.service)
    if (id === undefined) throw new Error(`Demo banner: no service "${target.service}"`)
    return `${ROUTE_NAMES.reserve}?${new URLSearchParams({ services: String(id) }).toString()}`
  }
  return `${ROUTE_NAMES.home}#${target.homeSection}`
}
