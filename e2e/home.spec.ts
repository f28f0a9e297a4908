import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'

/**
 * The home (issue 14): the salon's own data from one call to /api/pages/home, the carousel by
 * keyboard and under reduced motion, axe; and the PWA: the cached home and the offline page
 * without network, the "Aggiorna" prompt for a new build. At 360×740 (touch) and 1366×900.
 */

interface HomeJson {
  carousel: { id: number; filename: string }[]
  banners: { id: number; title: string }[]
  categories: { services: { id: number; title: string }[] }[]
}

async function adminToken(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.salon', password: 'demo1234' } })
  expect(login.status()).toBe(200)
  return (await login.json()).token as string
}

const homeJson = async (request: APIRequestContext) =>
  (await (await request.get('/api/pages/home', { headers: { 'cache-control': 'no-cache' } })).json()) as HomeJson

/** A carousel image's `src`: the image endpoint's WebP of that file (features/home/api.ts spanningImage). */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const imgSrc = (filename: string) =>
  new RegExp(`^/api/img/w_\\d+,f_webp,q_80/${escapeRegExp(encodeURIComponent(filename))}\\?v=`)

const carousel = (page: Page) => page.getByRole('region', { name: /^Foto di / })
/** The slide on screen: the one group the carousel does not hide. */
const shownSlide = (page: Page) => carousel(page).locator('[aria-roledescription="immagine"]:not([aria-hidden="true"])')

const MOBILE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
const DESKTOP = { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false }

for (const [name, device] of [
  ['360', MOBILE],
  ['1366', DESKTOP],
] as const) {
  test.describe(`home at ${name}`, () => {
    test.use({ ...device, serviceWorkers: 'block' })

    test('shows the salon: carousel, banners, services with Prenota, team, hours with today, contacts', async ({
      page,
      request,
    }) => {
      const data = await homeJson(request)
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'carosello')
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 di ${data.carousel.length}`)
      await expect(carousel(page).locator('img').first()).toHaveAttribute('fetchpriority', 'high')
      for (const banner of data.banners) await expect(page.getByText(banner.title, { exact: true })).toBeVisible()
      const service = data.categories[0]!.services[0]!
      const book = page.getByRole('link', { name: `Prenota: ${service.title}` })
      await expect(book).toHaveAttribute('href', `/reserve?services=${service.id}`)
      await expect(page.getByRole('heading', { name: 'Il nostro team' })).toBeVisible()
      await expect(page.locator('.team__member').first()).toBeVisible()
      // Today is highlighted (the browser runs in Europe/Rome, the salon's zone).
      const today = new Intl.DateTimeFormat('it-IT', { weekday: 'long', timeZone: 'Europe/Rome' }).format(new Date())
      await expect(page.locator('tr[aria-current="date"] th')).toContainText(new RegExp(today, 'i'))
      await expect(page.getByRole('link', { name: 'Apri nella mappa' })).toHaveAttribute(
        'href',
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
      )
      await expect(page.getByRole('link', { name: /^Chiama / })).toHaveAttribute('href', /^tel:\+?\d+$/)
      await page.screenshot({ path: `.data/test/home-${name}.png`, fullPage: true })

      await book.click()
      await expect(page).toHaveURL(new RegExp(`/reserve\\?services=${service.id}`))
    })

    test('no serious accessibility violation', async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { name: 'Orari di apertura' })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    })

    test('the carousel works by keyboard and advances by itself', async ({ page }) => {
      await page.clock.install()
      await page.goto('/')
      await expect(shownSlide(page)).toHaveCount(1)
      const count = await carousel(page).locator('[aria-roledescription="immagine"]').count()
      expect(count).toBeGreaterThan(2)
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 di ${count}`)
      await page.clock.fastForward(5_100)
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `2 di ${count}`)

      // Focus inside stops it; the buttons, the dots and the arrow keys move it.
      const next = carousel(page).getByRole('button', { name: 'Immagine successiva' })
      await next.focus()
      await page.keyboard.press('Enter')
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `3 di ${count}`)
      await page.clock.fastForward(15_000)
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `3 di ${count}`)
      await page.keyboard.press('ArrowLeft')
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `2 di ${count}`)
      await carousel(page)
        .getByRole('button', { name: `Vai all’immagine 1 di ${count}` })
        .focus()
      await page.keyboard.press('Space')
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 di ${count}`)
      await expect(carousel(page).getByRole('button', { name: `Vai all’immagine 1 di ${count}` })).toHaveAttribute(
        'aria-current',
        'true',
      )
      await page.keyboard.press('Shift+Tab')
      await expect(page.locator('.carousel [aria-live]')).toHaveAttribute('aria-live', 'polite')
    })

    test('under prefers-reduced-motion the carousel stays still and moves only when asked', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.clock.install()
      await page.goto('/')
      await expect(shownSlide(page)).toHaveCount(1)
      const count = await carousel(page).locator('[aria-roledescription="immagine"]').count()
      expect(count).toBeGreaterThan(1)
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 di ${count}`)
      await page.clock.fastForward(20_000)
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 di ${count}`)
      await expect(carousel(page).getByRole('button', { name: 'Ferma lo scorrimento' })).toHaveCount(0)
      // No animation: the track moves at once (0 ms here, 0.01 ms from the site-wide reduced-motion rule).
      const seconds = await carousel(page)
        .locator('.carousel__track')
        .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration))
      expect(seconds).toBeLessThan(0.001)
      await carousel(page).getByRole('button', { name: 'Immagine successiva' }).click()
      await expect(shownSlide(page)).toHaveAttribute('aria-label', `2 di ${count}`)
    })
  })
}

test.describe('the home follows the dashboard', () => {
  test.use({ ...MOBILE, serviceWorkers: 'block' })

  test('a hidden banner disappears and a new carousel order shows after a reload', async ({ page, request }) => {
    const token = await adminToken(request)
    const auth = { authorization: `JWT ${token}` }
    const before = await homeJson(request)
    expect(before.banners.length).toBeGreaterThan(0)
    expect(before.carousel.length).toBeGreaterThan(1)
    const hidden = before.banners[0]!
    const order = before.carousel.map((c) => c.id)

    await page.goto('/')
    await expect(page.getByText(hidden.title, { exact: true })).toBeVisible()
    const firstImage = carousel(page).locator('img').first()
    await expect(firstImage).toHaveAttribute('src', imgSrc(before.carousel[0]!.filename))

    try {
      expect((await request.patch(`/api/banner/${hidden.id}`, { headers: auth, data: { show: false } })).status()).toBe(
        200,
      )
      const reversed = [...order].reverse()
      const put = await request.put('/api/upload/carousel-order', { headers: auth, data: { ids: reversed } })
      expect(put.status()).toBe(200)

      await page.reload()
      await expect(page.getByRole('heading', { name: 'I nostri servizi' })).toBeVisible()
      await expect(page.getByText(hidden.title, { exact: true })).toHaveCount(0)
      const last = before.carousel.at(-1)!
      await expect(firstImage).toHaveAttribute('src', imgSrc(last.filename))
    } finally {
      await request.patch(`/api/banner/${hidden.id}`, { headers: auth, data: { show: true } })
      await request.put('/api/upload/carousel-order', { headers: auth, data: { ids: order } })
    }
  })
})

test.describe('PWA', () => {
  test.use({ ...MOBILE, serviceWorkers: 'allow' })

  const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker?.controller !== null)

  test('without network: the cached home with its data, the offline page for another page; writes never cached', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    await controlled(page)
    // Now the worker serves the page: this load puts the page, its data and its images in the caches.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Orari di apertura' })).toBeVisible()
    await page.waitForFunction(async () => {
      const data = await caches.open('home-data').then((c) => c.match('/api/pages/home'))
      const home = await caches.open('pages').then((c) => c.match('/'))
      return Boolean(data && home)
    })
    const names = await page.evaluate(() => caches.keys())
    expect(names.some((n) => /api|auth|reservations/.test(n) && n !== 'home-data')).toBe(false)

    await context.setOffline(true)
    try {
      await page.goto('/')
      await expect(page.getByRole('heading', { name: 'Orari di apertura' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'I nostri servizi' })).toBeVisible()
      await expect(page.locator('.service').first()).toBeVisible()

      await page.goto('/login')
      await expect(page.getByRole('heading', { name: 'Sei offline' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Vai alla home' })).toHaveAttribute('href', '/')
    } finally {
      await context.setOffline(false)
    }
    // Only GET /api/pages/home was ever stored, not the session reads.
    const stored = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        if (name.includes('precache')) continue
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
      }
      return urls
    })
    expect(
      stored.filter(
        (u) =>
          u.startsWith('/api/') &&
          u !== '/api/pages/home' &&
          !u.startsWith('/api/upload/file/') &&
          !u.startsWith('/api/img/'),
      ),
    ).toEqual([])
    // No page is precached (they are rendered per request; a precached one would be stale): only the offline page.
    const precached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys())
        if (name.includes('precache'))
          for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
      return urls
    })
    expect(precached.length).toBeGreaterThan(0)
    expect(precached.filter((u) => u.endsWith('.html') || u === '/')).toEqual(['/offline.html'])
  })

  test('a new build shows "Aggiorna"; accepting reloads the page into it', async ({ page, context }) => {
    // The first registration gets a different sw.js ("the build the visitor has"); the real file
    // on the server is then "the new build" that the update check finds.
    await context.route('**/sw.js', async (route) => {
      const res = await route.fetch()
      await route.fulfill({ response: res, body: `${await res.text()}\n// old build\n` })
    })
    await page.goto('/')
    await controlled(page)
    await context.unroute('**/sw.js')
    await expect(page.getByRole('button', { name: 'Aggiorna' })).toHaveCount(0)
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update())
    await expect(page.getByText('È pronta una nuova versione del sito.')).toBeVisible()
    const reloaded = page.waitForEvent('framenavigated')
    await page.getByRole('button', { name: 'Aggiorna' }).click()
    await reloaded
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Aggiorna' })).toHaveCount(0)
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)
    expect(waiting).toBeNull()
  })
})
