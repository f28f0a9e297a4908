import { describe, expect, it } from 'vitest'
import { PUBLIC_ROUTES, statusForPath } from './routes'
import { indexedRoutes, jsonLdScriptBody, metaFor, robotsTxt, salonJsonLd, sitemapXml, telephoneOf } from './seo'

const home = {
  config: {
    businessName: 'Salone Demo',
    address: 'Via Roma 1, Firenze',
    phone: '055 123 4567',
    email: 'info@demo.salon',
  },
  openingHours: [
    {
      day_of_week: 'TUESDAY',
      is_closed: false,
      intervals: [
        { opening_time: '09:00', closing_time: '13:00' },
        { opening_time: '14:30', closing_time: '19:30' },
      ],
    },
    { day_of_week: 'MONDAY', is_closed: true, intervals: [] },
    { day_of_week: 'SATURDAY', is_closed: false, intervals: [{ opening_time: '09:00:00', closing_time: '18:00:00' }] },
  ],
  closures: [
    {
      name: 'Chiusura estiva',
      closure_type: 'FULL_DAY',
      start_date: '2027-08-10T00:00:00.000Z',
      end_date: '2027-08-20T00:00:00.000Z',
    },
    {
      name: 'Riunione',
      closure_type: 'PARTIAL_DAY',
      start_date: '2027-01-10T09:00:00.000Z',
      end_date: '2027-01-10T11:00:00.000Z',
    },
  ],
  holidays: [{ name: 'Natale', date: '2026-12-25' }],
  carousel: [{ filename: 'salone-1.jpg', updatedAt: '2026-11-01T10:00:00.000Z' }],
  categories: [
    {
      services: [
        { title: 'Taglio', price: 25 },
        { title: 'Colore', price: 60.5 },
        { title: 'Gratis', price: 0 },
      ],
    },
  ],
}

describe('salonJsonLd', () => {
  it('builds a HairSalon with address, phone, hours, closed days and prices', () => {
    const ld = salonJsonLd(home, 'https://salone.example/')
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'HairSalon',
      '@id': 'https://salone.example/#salon',
      name: 'Salone Demo',
      url: 'https://salone.example/',
      telephone: '+390551234567',
      email: 'info@demo.salon',
      address: { '@type': 'PostalAddress', streetAddress: 'Via Roma 1, Firenze', addressCountry: 'IT' },
      priceRange: '€25–€60.50',
    })
    expect(ld.image).toEqual([
      'https://salone.example/api/img/w_1280,f_jpeg,q_80/salone-1.jpg?v=2026-11-01T100000.000Z',
    ])
    expect(ld.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Tuesday',
        opens: '09:00',
        closes: '13:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Tuesday',
        opens: '14:30',
        closes: '19:30',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Saturday',
        opens: '09:00',
        closes: '18:00',
      },
    ])
    expect(ld.specialOpeningHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        name: 'Natale',
        validFrom: '2026-12-25',
        validThrough: '2026-12-25',
        opens: '00:00',
        closes: '00:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        name: 'Chiusura estiva',
        validFrom: '2027-08-10',
        validThrough: '2027-08-20',
        opens: '00:00',
        closes: '00:00',
      },
    ])
  })

  it('leaves out what it does not know', () => {
    const ld = salonJsonLd({ config: null }, 'http://x', 'BeautySalon')
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BeautySalon',
      '@id': 'http://x/#salon',
      name: 'Salone',
      url: 'http://x/',
    })
  })

  it('telephone numbers', () => {
    expect(telephoneOf('+39 055 1234567')).toBe('+390551234567')
    expect(telephoneOf('0039 333 1234567')).toBe('+393331234567')
    expect(telephoneOf('12')).toBeNull()
    expect(telephoneOf(null)).toBeNull()
  })

  it('the script body cannot close its tag', () => {
    expect(jsonLdScriptBody({ name: '</script><script>alert(1)</script>' })).not.toContain('</script')
    expect(JSON.parse(jsonLdScriptBody({ name: '</script>' }))).toEqual({ name: '</script>' })
  })
})

describe('metaFor', () => {
  const config = {
    origin: 'https://salone.example',
    businessName: 'Salone Demo',
    image: { url: '/api/img/w_1200,h_630,f_jpeg,q_80,fit_cover/a.jpg', width: 1200, height: 630, alt: 'Il salone' },
  }
  it('home: the business name, canonical, Open Graph with an absolute image', () => {
    const m = metaFor('home', { ...config, description: 'Il tuo salone a Firenze' })
    expect(m.title).toBe('Salone Demo')
    expect(m.description).toBe('Il tuo salone a Firenze')
    expect(m.canonical).toBe('https://salone.example/')
    expect(m.robots).toBe('index, follow')
    expect(m.og).toMatchObject({
      'og:type': 'website',
      'og:locale': 'it_IT',
      'og:url': 'https://salone.example/',
      'og:image': 'https://salone.example/api/img/w_1200,h_630,f_jpeg,q_80,fit_cover/a.jpg',
      'og:image:width': '1200',
      'og:image:alt': 'Il salone',
    })
    expect(m.twitter['twitter:card']).toBe('summary_large_image')
  })
  it('other pages: their own title and description; account pages noindex', () => {
    const terms = metaFor('terms', config)
    expect(terms.title).toBe('Termini e condizioni · Salone Demo')
    expect(terms.canonical).toBe('https://salone.example/terms')
    expect(metaFor('login', config).robots).toBe('noindex, follow')
    expect(metaFor('reserved-area', config).robots).toBe('noindex, follow')
    expect(metaFor('nope', { origin: 'http://x', businessName: '' }).robots).toBe('noindex, follow')
    expect(metaFor('terms', { origin: 'http://x', businessName: 'S' }).twitter['twitter:card']).toBe('summary')
  })
})

describe('sitemap and robots from the route table', () => {
  it('every indexed route is literal, public and answered 200', () => {
    const routes = indexedRoutes()
    expect(routes.map((r) => r.path)).toEqual(['/', '/terms', '/privacy', '/map-site', '/reserve'])
    for (const r of routes) {
      expect(r.path).not.toContain(':')
      expect(statusForPath(r.path)).toBe(200)
    }
  })
  it('sitemap.xml lists them under the origin', () => {
    const xml = sitemapXml('https://salone.example/')
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://salone.example/',
      'https://salone.example/terms',
      'https://salone.example/privacy',
      'https://salone.example/map-site',
      'https://salone.example/reserve',
    ])
    expect(xml).not.toContain('login')
  })
  it('robots.txt keeps crawlers out of the API, the dashboard and the account pages', () => {
    const txt = robotsTxt('https://salone.example')
    const lines = txt.trim().split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Disallow: /api/')
    expect(lines).toContain('Disallow: /dashboard')
    expect(lines).toContain('Disallow: /login')
    expect(lines).toContain('Disallow: /reserved-area')
    expect(lines).toContain('Disallow: /password-recovery')
    expect(lines).toContain('Disallow: /reserve/thankyou')
    // Nothing indexed is disallowed by prefix.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10))
    for (const r of PUBLIC_ROUTES.filter((r) => 'index' in r && r.index))
      expect(
        disallowed.some((d) => r.path.startsWith(d)),
        r.path,
      ).toBe(false)
    expect(lines.at(-1)).toBe('Sitemap: https://salone.example/sitemap.xml')
  })
})
