/**
 * The demo salon as seeded has no dead ends (issue 20: the gift-card banner linked to the site
 * map): every banner on the home leads to a page the server answers, a wizard link names services
 * the catalogue offers, a section link names a section the home renders.
 */
import { describe, expect, it } from 'vitest'
import { HOME_SECTIONS } from '@salon/shared/routes'
import { wizardSearch } from '@salon/shared/schemas/booking'
import { DEMO_BANNERS } from '../../src/seed/data'
import { api, BASE_URL } from './helpers'

interface Home {
  banners: { title: string; alt?: string | null; link?: string | null }[]
  categories: { services: { id: number; title: string }[] }[]
}

describe('seeded links', () => {
  it('every banner of the home leads somewhere real and meaningful', async () => {
    const home = (await api<Home>('GET', '/api/pages/home')).body
    const offered = new Set(home.categories.flatMap((c) => c.services.map((s) => s.id)))
    // The seeded ones: other files of the suite add banners of their own (hostile links included).
    const seeded = home.banners.filter((b) => DEMO_BANNERS.some((d) => d.title === b.title))
    expect(seeded.length).toBeGreaterThan(0)
    for (const banner of seeded) {
      const link = banner.link?.trim()
      expect(link, banner.title).toBeTruthy()
      const url = new URL(link!, BASE_URL)
      expect(url.origin, banner.title).toBe(new URL(BASE_URL).origin)
      expect(url.pathname, banner.title).not.toBe('/map-site')
      const page = await fetch(url, { headers: { accept: 'text/html' } })
      expect(page.status, `${banner.title}: ${link}`).toBe(200)
      if (url.hash) {
        expect(url.pathname).toBe('/')
        expect(Object.values(HOME_SECTIONS), `${banner.title}: ${link}`).toContain(url.hash.slice(1))
        // The server-rendered home carries the section's id.
        expect(await page.text()).toContain(`id="${url.hash.slice(1)}"`)
      }
      if (url.pathname === '/reserve') {
        const { services } = wizardSearch.parse(Object.fromEntries(url.searchParams))
        expect(services.length, `${banner.title}: ${link}`).toBeGreaterThan(0)
        for (const id of services) expect(offered.has(id), `${banner.title}: service ${id}`).toBe(true)
      }
    }
  })
})
