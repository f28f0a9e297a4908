import { afterEach, describe, expect, it } from 'vitest'
import type { HomeData } from '../features/home/api'
import { t } from '../lib/i18n'
import { BRAND } from '../lib/salon'
import { pageTitle } from '../lib/title'
import { applyHead, headFor, headHtml, JSON_LD_ID } from './head'

const ORIGIN = 'https://salone.example'

const home: HomeData = {
  config: {
    businessName: 'Salone "Bella" <Vita>',
    address: 'Via Roma 12, 20121 Milano',
    phone: '+39 02 1234 5678',
    email: 'info@demo.salon',
    timezone: 'Europe/Rome',
  },
  carousel: [
    {
      id: 1,
      filename: 'salone-1.jpg',
      alt: 'Il salone',
      width: 1600,
      height: 900,
      updatedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  banners: [],
  categories: [{ id: 1, name: 'Taglio', services: [{ id: 7, title: 'Taglio donna', time: 45, price: 35 }] }],
  operators: [],
  openingHours: [
    { day_of_week: 'MONDAY', is_closed: true, intervals: [] },
    {
      day_of_week: 'TUESDAY',
      is_closed: false,
      intervals: [
        { opening_time: '09:00', closing_time: '13:00' },
        { opening_time: '14:30', closing_time: '19:00' },
      ],
    },
  ],
  closures: [],
  holidays: [{ id: 3, name: 'Natale', date: '2026-12-25' }],
}

const metaOf = (head: ReturnType<typeof headFor>, id: string) => head.meta.find((m) => m.id === id)?.content

describe('headFor', () => {
  it('home: the salon’s name in the title (spec template), description, canonical, Open Graph and Twitter', () => {
    const head = headFor('home', home, ORIGIN)
    expect(head.title).toBe(`${t.home.title} - Salone "Bella" <Vita>`)
    expect(head.description).toContain('Salone "Bella" <Vita>')
    expect(head.canonical).toBe('https://salone.example/')
    expect(head.robots).toBe('index, follow')
    expect(metaOf(head, 'og:type')).toBe('website')
    expect(metaOf(head, 'og:locale')).toBe('it_IT')
    expect(metaOf(head, 'og:title')).toBe(head.title)
    expect(metaOf(head, 'og:url')).toBe('https://salone.example/')
    expect(metaOf(head, 'og:image')).toBe(
      'https://salone.example/api/img/w_1200,h_630,f_jpeg,q_80,fit_cover/salone-1.jpg?v=2026-11-20T100000.000Z',
    )
    expect(metaOf(head, 'og:image:width')).toBe('1200')
    expect(metaOf(head, 'og:image:alt')).toBe('Il salone')
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image')
    expect(metaOf(head, 'twitter:image')).toBe(metaOf(head, 'og:image'))
    expect(head.meta.filter((m) => m.id.startsWith('og:')).every((m) => m.key === 'property')).toBe(true)
    expect(head.meta.filter((m) => m.id.startsWith('twitter:')).every((m) => m.key === 'name')).toBe(true)
  })

  it('home: JSON-LD HairSalon with address, phone and one opening-hours entry per interval', () => {
    const ld = headFor('home', home, ORIGIN).jsonLd!
    expect(ld['@type']).toBe('HairSalon')
    expect(ld.telephone).toBe('+390212345678')
    expect(ld.address).toMatchObject({ streetAddress: 'Via Roma 12, 20121 Milano', addressCountry: 'IT' })
    expect(ld.openingHoursSpecification).toEqual([
      expect.objectContaining({ dayOfWeek: 'https://schema.org/Tuesday', opens: '09:00', closes: '13:00' }),
      expect.objectContaining({ dayOfWeek: 'https://schema.org/Tuesday', opens: '14:30', closes: '19:00' }),
    ])
    expect(ld.specialOpeningHoursSpecification).toEqual([
      expect.objectContaining({ validFrom: '2026-12-25', opens: '00:00', closes: '00:00' }),
    ])
  })

  it('the build-time frame (no data): the build’s brand, no image, no JSON-LD', () => {
    const head = headFor('home', null, ORIGIN)
    expect(head.title).toBe(pageTitle(t.home.title))
    expect(head.jsonLd).toBeNull()
    expect(metaOf(head, 'og:image')).toBeUndefined()
    expect(metaOf(head, 'twitter:card')).toBe('summary')
  })

  it('other pages: the same title their screen sets, their own canonical, no JSON-LD', () => {
    for (const [route, title, path] of [
      ['terms', t.info.termsTitle, '/terms'],
      ['privacy', t.info.privacyTitle, '/privacy'],
      ['map-site', t.info.siteMapTitle, '/map-site'],
    ] as const) {
      const head = headFor(route, home, ORIGIN)
      expect(head.title).toBe(`${title} - ${BRAND}`)
      expect(head.canonical).toBe(`https://salone.example${path}`)
      expect(metaOf(head, 'og:url')).toBe(head.canonical)
      expect(head.jsonLd).toBeNull()
    }
    expect(headFor('login', null, ORIGIN).robots).toBe('noindex, follow')
  })
})

describe('headHtml', () => {
  it('escapes every value; the JSON-LD cannot close its script', () => {
    const data: HomeData = { ...home, config: { ...home.config!, address: '</script><script>alert(1)</script>' } }
    const html = headHtml(headFor('home', data, ORIGIN))
    expect(html).toContain('<title>Prenota online - Salone &quot;Bella&quot; &lt;Vita&gt;</title>')
    expect(html).toContain('<link rel="canonical" href="https://salone.example/" />')
    expect(html).toContain('<meta property="og:locale" content="it_IT" />')
    expect(html).not.toContain('</script><script>')
    const ld = /<script type="application\/ld\+json" id="ld-salon">([\s\S]*?)<\/script>/.exec(html)![1]!
    expect(JSON.parse(ld).address.streetAddress).toBe('</script><script>alert(1)</script>')
  })
})

describe('applyHead', () => {
  afterEach(() => {
    document.head.innerHTML = ''
  })

  it('writes the head into the document and takes the home’s JSON-LD and image away on another page', () => {
    document.head.innerHTML = '<meta name="description" content="old"><meta property="og:title" content="old">'
    applyHead(headFor('home', home, ORIGIN))
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toContain('Salone')
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://salone.example/')
    expect(JSON.parse(document.getElementById(JSON_LD_ID)!.textContent!)['@type']).toBe('HairSalon')
    expect(document.querySelectorAll('meta[property="og:title"]')).toHaveLength(1)

    applyHead(headFor('terms', null, ORIGIN))
    expect(document.getElementById(JSON_LD_ID)).toBeNull()
    expect(document.querySelector('meta[property="og:image"]')).toBeNull()
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://salone.example/terms')
    expect(document.querySelector('meta[property="og:title"]')!.getAttribute('content')).toBe(
      pageTitle(t.info.termsTitle),
    )
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
  })
})
