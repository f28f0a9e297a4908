/**
 * What search engines and link previews read (issue 14 §4): JSON-LD for the salon, the meta of each
 * public page, sitemap.xml and robots.txt. Pure functions: the server and the prerender give them
 * the public origin and the home payload (GET /api/pages/home).
 */
import { DAYS_OF_WEEK, type DayOfWeek } from './enums/index'
import { calendarDayOf } from './booking/zone'
import { imageUrl, imageVersion } from './imageUrls'
import { PUBLIC_ROUTES, type RouteDef } from './routes'

/** The parts of GET /api/pages/home these functions read. */
export interface SeoHome {
  config: {
    businessName?: string | null
    address?: string | null
    phone?: string | null
    email?: string | null
  } | null
  openingHours?: readonly {
    day_of_week: DayOfWeek | string
    is_closed?: boolean | null
    intervals?: readonly { opening_time: string; closing_time: string }[]
  }[]
  closures?: readonly {
    name?: string | null
    closure_type?: string | null
    start_date?: string | null
    end_date?: string | null
    is_active?: boolean | null
  }[]
  holidays?: readonly { name?: string | null; date: string }[]
  carousel?: readonly { filename?: string | null; updatedAt?: string | null }[]
  categories?: readonly { services?: readonly { title?: string | null; price?: number | string | null }[] }[]
}

const SCHEMA_DAYS: Record<DayOfWeek, string> = {
  MONDAY: 'https://schema.org/Monday',
  TUESDAY: 'https://schema.org/Tuesday',
  WEDNESDAY: 'https://schema.org/Wednesday',
  THURSDAY: 'https://schema.org/Thursday',
  FRIDAY: 'https://schema.org/Friday',
  SATURDAY: 'https://schema.org/Saturday',
  SUNDAY: 'https://schema.org/Sunday',
}

const trimOrigin = (origin: string) => origin.replace(/\/+$/, '')
const hhmm = (t: string) => /^\d{2}:\d{2}/.exec(t)?.[0] ?? null

/** Italian numbers written for a human (`055 123 4567`, `+39 …`) as a `tel:`/schema.org telephone. */
export function telephoneOf(phone: string | null | undefined): string | null {
  if (!phone) return null
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  if (digits.replace('+', '').length < 6) return null
  if (digits.startsWith('+')) return digits
  if (digits.startsWith('00')) return `+${digits.slice(2)}`
  return `+39${digits}`
}

/**
 * schema.org `HairSalon` (or `BeautySalon`) for the home page: name, address, phone, e-mail,
 * weekly hours as `openingHoursSpecification` (one entry per interval; closed days left out), and
 * the days the salon is closed — whole-day closures and upcoming holidays — as
 * `specialOpeningHoursSpecification` with 00:00–00:00 (schema.org's "closed all day").
 * Partial-day and recurring closures are not expressed (they would need the remaining hours).
 */
export function salonJsonLd(
  home: SeoHome,
  origin: string,
  type: 'HairSalon' | 'BeautySalon' = 'HairSalon',
): Record<string, unknown> {
  const base = trimOrigin(origin)
  const c = home.config ?? {}
  const out: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': `${base}/#salon`,
    name: c.businessName || 'Salone',
    url: `${base}/`,
  }
  const telephone = telephoneOf(c.phone)
  if (telephone) out.telephone = telephone
  if (c.email) out.email = c.email
  if (c.address) out.address = { '@type': 'PostalAddress', streetAddress: c.address, addressCountry: 'IT' }
  const first = home.carousel?.find((u) => u.filename)
  if (first?.filename)
    out.image = [
      `${base}${imageUrl(first.filename, { width: 1280, format: 'jpeg', quality: 80 }, imageVersion(first.updatedAt))}`,
    ]

  const hours: Record<string, unknown>[] = []
  const order = (d: string) => DAYS_OF_WEEK.indexOf(d as DayOfWeek)
  for (const day of [...(home.openingHours ?? [])].sort((a, b) => order(a.day_of_week) - order(b.day_of_week))) {
    const dayOfWeek = SCHEMA_DAYS[day.day_of_week as DayOfWeek]
    if (!dayOfWeek || day.is_closed) continue
    for (const i of day.intervals ?? []) {
      const opens = hhmm(i.opening_time)
      const closes = hhmm(i.closing_time)
      if (opens && closes) hours.push({ '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes })
    }
  }
  if (hours.length) out.openingHoursSpecification = hours

  const closed = (from: string, through: string, name?: string | null) => ({
    '@type': 'OpeningHoursSpecification',
    ...(name ? { name } : {}),
    validFrom: from,
    validThrough: through,
    opens: '00:00',
    closes: '00:00',
  })
  const special: (ReturnType<typeof closed> & { validFrom: string })[] = []
  for (const cl of home.closures ?? []) {
    if (cl.is_active === false || cl.closure_type !== 'FULL_DAY') continue
    const from = calendarDayOf(cl.start_date)
    const through = calendarDayOf(cl.end_date) ?? from
    if (from && through && from <= through) special.push(closed(from, through, cl.name))
  }
  for (const h of home.holidays ?? []) {
    const day = calendarDayOf(h.date)
    if (day) special.push(closed(day, day, h.name))
  }
  if (special.length)
    out.specialOpeningHoursSpecification = special.sort((a, b) => a.validFrom.localeCompare(b.validFrom))

  const prices = (home.categories ?? [])
    .flatMap((cat) => cat.services ?? [])
    .map((s) => Number(s.price))
    .filter((p) => Number.isFinite(p) && p > 0)
  if (prices.length) {
    const euro = (n: number) => `€${Number.isInteger(n) ? n : n.toFixed(2)}`
    const lo = Math.min(...prices)
    const hi = Math.max(...prices)
    out.priceRange = lo === hi ? euro(lo) : `${euro(lo)}–${euro(hi)}`
  }
  return out
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so the data cannot close the tag. */
export const jsonLdScriptBody = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export interface MetaConfig {
  /** The public origin, e.g. `https://salone.example` (no trailing slash needed). */
  origin: string
  businessName: string
  /** The home's description; other pages have their own. */
  description?: string | null
  /** An absolute or root-relative image for previews (1200 × 630 suits every network). */
  image?: { url: string; width?: number; height?: number; alt?: string } | null
}

export interface PageMeta {
  title: string
  description: string
  canonical: string
  /** `noindex` for pages not meant for search engines (accounts, wizard steps, unknown routes). */
  robots: 'index, follow' | 'noindex, follow'
  og: Record<string, string>
  twitter: Record<string, string>
}

const PAGE_TEXT: Record<string, { title?: string; description: (name: string) => string }> = {
  home: {
    description: (n) => `${n}: orari, servizi e prezzi. Prenota online il tuo appuntamento in pochi secondi.`,
  },
  reserve: {
    title: 'Prenota un appuntamento',
    description: (n) => `Scegli servizio, operatore, giorno e ora: prenota da ${n} online.`,
  },
  terms: { title: 'Termini e condizioni', description: (n) => `Le condizioni del servizio di prenotazione di ${n}.` },
  privacy: { title: 'Informativa privacy', description: (n) => `Come ${n} tratta i tuoi dati personali.` },
  'map-site': { title: 'Mappa del sito', description: (n) => `Tutte le pagine del sito di ${n}.` },
  login: { title: 'Accedi', description: (n) => `Accedi al tuo account di ${n}.` },
  register: { title: 'Crea un account', description: (n) => `Crea il tuo account di ${n} per prenotare.` },
}

/**
 * Title, description, canonical URL, robots and Open Graph / Twitter tags of a public route (by its
 * name in PUBLIC_ROUTES, or a RouteDef). Routes without `index` get `noindex`.
 */
export function metaFor(route: string | RouteDef, config: MetaConfig): PageMeta {
  const def: RouteDef | undefined =
    typeof route === 'string' ? (PUBLIC_ROUTES as readonly RouteDef[]).find((r) => r.name === route) : route
  const name = config.businessName || 'Salone'
  const text = def ? PAGE_TEXT[def.name] : undefined
  const title = text?.title ? `${text.title} · ${name}` : name
  const description =
    def?.name === 'home' && config.description
      ? config.description
      : (text?.description(name) ?? `${name}: prenota online il tuo appuntamento.`)
  const base = trimOrigin(config.origin)
  const path = def && !def.path.includes(':') ? def.path : '/'
  const canonical = `${base}${path}`
  const og: Record<string, string> = {
    'og:type': 'website',
    'og:site_name': name,
    'og:locale': 'it_IT',
    'og:title': title,
    'og:description': description,
    'og:url': canonical,
  }
  const twitter: Record<string, string> = { 'twitter:card': config.image ? 'summary_large_image' : 'summary' }
  if (config.image) {
    const url = /^https?:\/\//.test(config.image.url) ? config.image.url : `${base}${config.image.url}`
    og['og:image'] = url
    if (config.image.width) og['og:image:width'] = String(config.image.width)
    if (config.image.height) og['og:image:height'] = String(config.image.height)
    if (config.image.alt) og['og:image:alt'] = config.image.alt
  }
  return { title, description, canonical, robots: def?.index ? 'index, follow' : 'noindex, follow', og, twitter }
}

/** The routes listed in sitemap.xml: literal paths flagged `index`, never behind a login. */
export const indexedRoutes = (table: readonly RouteDef[] = PUBLIC_ROUTES) =>
  table.filter((r) => r.index && !r.auth && !r.path.includes(':'))

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!)

/** sitemap.xml (sitemaps.org 0.9) of the indexed routes under `origin`. */
export function sitemapXml(origin: string, table: readonly RouteDef[] = PUBLIC_ROUTES): string {
  const base = trimOrigin(origin)
  const urls = indexedRoutes(table)
    .map((r) => `  <url><loc>${xmlEscape(base + r.path)}</loc></url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/**
 * robots.txt: everything public is allowed except the API, the dashboard and the routes not
 * flagged `index` that are prefixes of nothing indexed (accounts, recovery, the personal area).
 */
export function robotsTxt(origin: string, table: readonly RouteDef[] = PUBLIC_ROUTES): string {
  const indexed = indexedRoutes(table).map((r) => r.path)
  const disallow = new Set(['/api/', '/dashboard'])
  for (const r of table) {
    if (r.index) continue
    const literal = r.path.split('/:')[0]!
    if (!literal || literal === '/') continue
    // `/reserve/thankyou` stays allowed by prefix rules only if no indexed page lives under it.
    if (indexed.some((p) => p !== '/' && p.startsWith(literal + '/'))) continue
    disallow.add(literal)
  }
  return [
    'User-agent: *',
    'Allow: /',
    ...[...disallow].sort().map((p) => `Disallow: ${p}`),
    `Sitemap: ${trimOrigin(origin)}/sitemap.xml`,
    '',
  ].join('\n')
}
