import { describe, expect, it } from 'vitest'
import { HOME_SECTIONS, statusForPath } from '@salon/shared/routes'
import { bannerLink } from '@salon/shared/schemas/people'
import { wizardSearch } from '@salon/shared/schemas/booking'
import { DEMO_BANNERS, DEMO_CONTACTS, DEMO_SERVICES, demoBannerLink } from './data'

/** The seeded services' ids as the seed would get them (any distinct ids will do). */
const serviceIds = new Map(DEMO_SERVICES.map((s, i) => [s.title, 100 + i]))
const titleOf = new Map([...serviceIds].map(([title, id]) => [id, title]))

/**
 * Why a demo link is a dead end, or null: a path the route table does not answer, a home section
 * the home does not render, a wizard link without a known service, a gift card sent to the site map.
 */
function deadEnd(link: string, words: string): string | null {
  if (!bannerLink.safeParse(link).success) return 'not a link the dashboard accepts'
  if (/^https?:/i.test(link)) return null
  const url = new URL(link, 'http://salon.test')
  if (statusForPath(url.pathname) !== 200) return `no route ${url.pathname}`
  if (url.hash && (url.pathname !== '/' || !Object.values(HOME_SECTIONS).includes(url.hash.slice(1) as never)))
    return `no section ${url.hash} on ${url.pathname}`
  if (url.pathname === '/reserve') {
    const choice = wizardSearch.parse(Object.fromEntries(url.searchParams))
    if (choice.services.length === 0) return 'the wizard opens with nothing chosen'
    if (choice.services.some((id) => !titleOf.has(id))) return 'a service that is not seeded'
  }
  if (/gift card|regal/i.test(words) && ['/map-site', '/reserve'].includes(url.pathname))
    return 'a gift card is bought at the salon: its contacts, not the site map or the wizard'
  return null
}

describe('demo content has no dead ends', () => {
  it.each(DEMO_BANNERS)('banner "$title" leads where its words promise', (banner) => {
    const link = demoBannerLink(banner.target, serviceIds)
    expect(deadEnd(link, `${banner.title} ${banner.subtitle}`)).toBeNull()
  })

  it('the keratin banner opens the wizard on the keratin treatment', () => {
    const keratin = DEMO_BANNERS.find((b) => /cheratina/i.test(b.title))!
    const url = new URL(demoBannerLink(keratin.target, serviceIds), 'http://salon.test')
    const [id] = wizardSearch.parse(Object.fromEntries(url.searchParams)).services
    const service = DEMO_SERVICES.find((s) => s.title === titleOf.get(id!))!
    expect(service.description).toMatch(/cheratina/i)
    expect(`${service.time} minuti`).toBe(keratin.subtitle.match(/\d+ minuti/)![0])
  })

  it('the gift-card banner leads to the home’s contacts, and the salon has some', () => {
    const gift = DEMO_BANNERS.find((b) => /gift card/i.test(`${b.title} ${b.subtitle}`))!
    expect(demoBannerLink(gift.target, serviceIds)).toBe(`/#${HOME_SECTIONS.contacts}`)
    expect(DEMO_CONTACTS.phone).toBeTruthy()
    expect(DEMO_CONTACTS.email).toBeTruthy()
  })

  it('the check itself refuses what the demo used to link', () => {
    expect(deadEnd('/map-site', 'Regala un momento di bellezza — Chiedi in salone la nostra gift card')).toMatch(
      /gift card/,
    )
    expect(deadEnd('/gift-cards', 'Gift card')).toMatch(/no route/)
    expect(deadEnd('/#regali', 'Regali')).toMatch(/no section/)
    expect(deadEnd('/reserve', 'Nuovo trattamento')).toMatch(/nothing chosen/)
    expect(deadEnd('/reserve?services=999', 'Nuovo trattamento')).toMatch(/not seeded/)
  })

  it('a service a banner names must exist in the seed', () => {
    expect(() => demoBannerLink({ service: 'Massaggio' }, serviceIds)).toThrow(/Massaggio/)
  })
})
