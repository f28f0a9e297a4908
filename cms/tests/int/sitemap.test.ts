/** sitemap.xml and robots.txt from the route table (content/seo.ts, shared/src/seo.ts). */
import { describe, expect, it } from 'vitest'
import { BASE_URL } from './helpers'

describe('sitemap.xml and robots.txt', () => {
  it('sitemap.xml lists the indexed public pages with absolute URLs, as XML', async () => {
    const res = await fetch(`${BASE_URL}/sitemap.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const xml = await res.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    // scripts/test.mjs sets SERVER_URL to the app's own address: the configured origin.
    expect(locs).toEqual(['/', '/terms', '/privacy', '/map-site', '/reserve'].map((p) => `${BASE_URL}${p}`))
    expect(xml).not.toMatch(/login|reserved-area|password-recovery|dashboard/)
  })

  it('robots.txt allows the site, keeps out API, dashboard and accounts, points at the sitemap', async () => {
    const res = await fetch(`${BASE_URL}/robots.txt`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = (await res.text()).trim().split('\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /login',
        'Disallow: /reserved-area',
        `Sitemap: ${BASE_URL}/sitemap.xml`,
      ]),
    )
  })

  it('HEAD answers without a body; a crawler gets them too (not the 404 text)', async () => {
    const head = await fetch(`${BASE_URL}/robots.txt`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
    const bot = await fetch(`${BASE_URL}/sitemap.xml`, { headers: { 'user-agent': 'Googlebot/2.1' } })
    expect(bot.status).toBe(200)
    expect(await bot.text()).toContain('<urlset')
  })
})
