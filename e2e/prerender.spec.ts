import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

/**
 * The public pages are HTML before any JavaScript (web/README.md "Prerender and hydration"):
 * `/` rendered by the server with the salon's current data, `/terms`, `/privacy`, `/map-site` at
 * build time; each with its head (description, canonical, Open Graph, JSON-LD on the home); the
 * browser hydrates them without a mismatch; an owner's change shows in the next load's HTML.
 */

interface HomeJson {
  config: { businessName: string; phone: string }
  banners: { id: number; title: string }[]
  categories: { services: { id: number; title: string }[] }[]
  carousel: { filename: string }[]
}

const homeJson = async (request: APIRequestContext) =>
  (await (await request.get('/api/pages/home', { headers: { 'cache-control': 'no-cache' } })).json()) as HomeJson

async function adminAuth(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.salon', password: 'demo1234' } })
  expect(login.status()).toBe(200)
  return { authorization: `JWT ${(await login.json()).token}` }
}

test.use({ serviceWorkers: 'block' })

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('/ shows the salon: its name, the carousel, hours, services, team', async ({ page, request }) => {
    const data = await homeJson(request)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('.home__brand')).toHaveText(data.config.businessName)
    await expect(page.getByRole('heading', { name: 'Orari di apertura' })).toBeVisible()
    await expect(page.getByRole('row', { name: /Martedì/ })).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}/)
    const service = data.categories[0]!.services[0]!
    await expect(page.getByRole('link', { name: `Prenota: ${service.title}` })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Il nostro team' })).toBeVisible()

    // The images through the image endpoint, sized, the first slide first.
    const slides = page.locator('.carousel img')
    await expect(slides).toHaveCount(data.carousel.length)
    const first = slides.first()
    await expect(first).toHaveAttribute('fetchpriority', 'high')
    await expect(first).toHaveAttribute('src', /^\/api\/img\/w_\d+,f_webp,q_80\//)
    await expect(first).toHaveAttribute('srcset', / 640w, /)
    await expect(first).toHaveAttribute('width', /^\d+$/)
    await expect(first).toHaveAttribute('height', /^\d+$/)
    await expect(slides.nth(1)).toHaveAttribute('loading', 'lazy')
    await expect(page.locator('.team__photo[srcset]').first()).toHaveAttribute('srcset', / 2x$/)
    // The image the browser picked has arrived (the endpoint answered it).
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  })

  test('/terms, /privacy and /map-site have their text', async ({ page }) => {
    await page.goto('/terms')
    await expect(page.getByRole('heading', { level: 1, name: 'Termini e condizioni' })).toBeVisible()
    await expect(page.getByText(/Prenotando online con/)).toBeVisible()
    await page.goto('/privacy')
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible()
    await page.goto('/map-site')
    await expect(page.locator('#main').getByRole('link', { name: 'Termini e condizioni' })).toBeVisible()
  })

  test('the head: title, description, canonical, Open Graph, Twitter, JSON-LD HairSalon with the phone', async ({
    page,
    request,
  }) => {
    const data = await homeJson(request)
    await page.goto('/')
    const meta = (selector: string) => page.locator(`head ${selector}`).getAttribute('content')
    await expect(page).toHaveTitle(`Prenota online - ${data.config.businessName}`)
    expect(await meta('meta[name="description"]')).toContain(data.config.businessName)
    const origin = new URL(page.url()).origin
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/`)
    expect(await meta('meta[property="og:url"]')).toBe(`${origin}/`)
    expect(await meta('meta[property="og:locale"]')).toBe('it_IT')
    expect(await meta('meta[property="og:title"]')).toBe(`Prenota online - ${data.config.businessName}`)
    expect(await meta('meta[property="og:description"]')).toBeTruthy()
    const image = (await meta('meta[property="og:image"]'))!
    expect(image).toMatch(new RegExp(`^${origin}/api/img/w_1200,h_630,f_jpeg,q_80,fit_cover/`))
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image')
    // The preview image is a real 1200 × 630 JPEG.
    const preview = await request.get(new URL(image).pathname + new URL(image).search)
    expect(preview.status()).toBe(200)
    expect(preview.headers()['content-type']).toBe('image/jpeg')

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)
    expect(ld['@type']).toBe('HairSalon')
    expect(ld.name).toBe(data.config.businessName)
    expect(ld.telephone).toBe(data.config.phone.replace(/[^\d+]/g, ''))
    expect(ld.address.streetAddress).toBeTruthy()
    expect(ld.openingHoursSpecification.length).toBeGreaterThan(0)

    await page.goto('/terms')
    await expect(page).toHaveTitle(/^Termini e condizioni - /)
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/terms`)
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0)
  })
})

/** Console errors and uncaught exceptions of the page, React's hydration errors among them. */
function errorsOf(page: Page) {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

/** Hydrated: the footer's year is written by the browser only (SiteFooter). */
const hydrated = (page: Page) =>
  expect(page.locator('.site-footer__copy')).toContainText(String(new Date().getFullYear()))

test('the pages hydrate without a mismatch, also after client navigation', async ({ page }) => {
  const errors = errorsOf(page)
  await page.goto('/')
  await hydrated(page)
  // Interactive: the carousel answers its buttons.
  await page.getByRole('button', { name: 'Immagine successiva' }).click()
  await expect(page.locator('.carousel [aria-roledescription="immagine"]:not([aria-hidden="true"])')).toHaveAttribute(
    'aria-label',
    /^2 di /,
  )

  await page.goto('/terms')
  await hydrated(page)
  await page.goto('/privacy')
  await hydrated(page)

  // Client navigations: the head follows (HeadManager), the home's data comes from its loader.
  await page.getByRole('link', { name: 'Mappa del sito' }).click()
  await expect(page.getByRole('heading', { name: 'Mappa del sito' })).toBeVisible()
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/map-site$/)
  await page.getByRole('link', { name: 'Home' }).first().click()
  await expect(page.getByRole('heading', { name: 'Orari di apertura' })).toBeVisible()
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1)
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/$/)

  expect(errors.filter((e) => /hydrat|#418|#423|#425|Minified React error/i.test(e))).toEqual([])
  expect(errors).toEqual([])
})

test('the build-time frame (what the server sends when it cannot read the data) hydrates and fetches it', async ({
  page,
}) => {
  const frame = fs.readFileSync(path.resolve('web/dist-pages/home.html'), 'utf8')
  expect(frame).toContain('"status":"pending"')
  await page.route(
    (url) => url.pathname === '/',
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: frame }),
  )
  const errors = errorsOf(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Orari di apertura' })).toBeVisible()
  await expect(page.locator('.carousel img').first()).toHaveAttribute('fetchpriority', 'high')
  await hydrated(page)
  expect(errors).toEqual([])
})

test('an owner’s change is in the next load’s HTML (no JavaScript needed)', async ({ request }) => {
  const auth = await adminAuth(request)
  const before = await homeJson(request)
  const banner = before.banners[0]!
  const html = async () => (await request.get('/', { headers: { accept: 'text/html' } })).text()
  expect(await html()).toContain(`data-banner-id="${banner.id}"`)
  try {
    const hide = await request.patch(`/api/banner/${banner.id}`, { headers: auth, data: { show: false } })
    expect(hide.status()).toBe(200)
    const after = await html()
    expect(after).not.toContain(`data-banner-id="${banner.id}"`)
    // The hydration data is the same content (the browser does not bring the banner back).
    const data = JSON.parse(/<script type="application\/json" id="__rr_data">([\s\S]*?)<\/script>/.exec(after)![1]!)
    expect(data.loaderData.home.data.banners.map((b: { id: number }) => b.id)).not.toContain(banner.id)
  } finally {
    await request.patch(`/api/banner/${banner.id}`, { headers: auth, data: { show: true } })
  }
  expect(await html()).toContain(`data-banner-id="${banner.id}"`)
})

test('other routes keep the plain shell', async ({ request }) => {
  const html = await (await request.get('/register')).text()
  expect(html).toContain('<div id="root"></div>')
  expect(html).not.toContain('__rr_data')
})
