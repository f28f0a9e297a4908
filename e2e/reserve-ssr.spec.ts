import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { SALON_ZONE, serviceIds } from './helpers'
import fs from 'node:fs'
import path from 'node:path'
import { DESKTOP, PHONE } from './screens'

/**
 * `/reserve` rendered by the server with its data (issue 28, web/README.md "/reserve rendered by
 * the server"): the first free day's times are in the HTML (no JavaScript needed to see them, nor
 * to choose one), and a tap on the page before React has hydrated it — on a phone 4× slower, with
 * the app's scripts held back — is kept once it hydrates.
 */

test.use({ serviceWorkers: 'block' })

const hhmm = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: SALON_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

/** A bookable service of the demo salon and the engine's own first free day for it. */
async function firstFree(request: APIRequestContext) {
  const { services } = await serviceIds(request)
  const [title, id] = [...services][0]!
  const res = await request.get(`/api/reservations/first-free?services=${id}&operator=any`)
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { day: string; slots: { start: string }[] }
  expect(body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  return { id, title, day: body.day, slots: body.slots }
}

/**
 * Holds every script of the app until `release()`: the page stays the server's HTML, un-hydrated.
 * Module scripts hold DOMContentLoaded and load back too, so navigations wait for the response only.
 */
async function holdScripts(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** 4× CPU throttling (Lighthouse's mobile profile) through the DevTools protocol. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

/**
 * With SALON_SHOTS=<dir>, the whole page as it is now. Not `shot()`: before hydration the month's
 * spinner turns until the app asks for the month, and `shot()` waits for animations to end.
 */
async function shot(page: Page, name: string) {
  const dir = process.env.SALON_SHOTS
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' })
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))

function failOnHydrationErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydration|#418|#423|#425/i.test(m.text())) errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(String(e)))
  return errors
}

test.describe('the HTML of /reserve', () => {
  test('already holds the first free day’s times and the data for hydration (no JavaScript)', async ({ request }) => {
    const first = await firstFree(request)
    const res = await request.get(`/reserve?services=${first.id}`)
    expect(res.status()).toBe(200)
    const html = await res.text()
    // The times as buttons, in the salon's zone; the data block the browser starts from.
    expect(html).toContain('data-testid="time-slot"')
    for (const slot of first.slots.slice(0, 3)) expect(html).toContain(`value="${slot.start}"`)
    expect(html).toContain(`>${hhmm(first.slots[0]!.start)}</button>`)
    const data = /<script type="application\/json" id="__rr_data">([\s\S]*?)<\/script>/.exec(html)
    expect(data).not.toBeNull()
    const hydration = JSON.parse(data![1]!)
    expect(hydration.loaderData.reserve.times).toMatchObject({ kind: 'first-free', day: first.day })
    expect(hydration.loaderData.reserve.catalogue.categories.length).toBeGreaterThan(0)
    // No inline script besides the data block (CSP script-src 'self').
    expect(html.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g)).toBeNull()
  })

  test('the day step opened by URL holds that day’s times', async ({ request }) => {
    const first = await firstFree(request)
    const html = await (await request.get(`/reserve?services=${first.id}&day=${first.day}&step=when`)).text()
    expect(html).toContain(`value="${first.slots[0]!.start}"`)
    expect(html).toContain('"kind":"day"')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, ...PHONE })

  test('the times show and a tap on one chooses it (a GET form)', async ({ page, request }) => {
    const first = await firstFree(request)
    await page.goto(`/reserve?services=${first.id}`)
    const slot = page.getByTestId('time-slot').first()
    await expect(slot).toHaveText(hhmm(first.slots[0]!.start))
    await slot.click()
    await expect(page).toHaveURL(/[?&]time=/)
    const url = new URL(page.url())
    expect(url.searchParams.get('day')).toBe(first.day)
    expect(url.searchParams.get('time')).toBe(first.slots[0]!.start)
    await expect(page.getByTestId('time-slot').first()).toHaveAttribute('aria-pressed', 'true')
  })

  test('the month’s free days are in the page and a tap on another one shows its times (a GET form)', async ({
    page,
    request,
  }) => {
    const first = await firstFree(request)
    const month = first.day.slice(0, 7)
    const { days } = (await (
      await request.get(`/api/reservations/availability-month?month=${month}&services=${first.id}&operator=any`)
    ).json()) as { days: string[] }
    await page.goto(`/reserve?services=${first.id}`)
    // Every free day of the month is a button that submits; the others are not.
    const free = page.locator('.calendar__day[type="submit"]')
    expect(await free.evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).value))).toEqual(days)
    await expect(page.locator('.calendar__grid[aria-busy]')).toHaveCount(0)
    const other = days.find((d) => d !== first.day)
    test.skip(!other, `${month} has one free day only`)
    const times = (await (
      await request.get(`/api/reservations/time-availability-day?date=${other}&services=${first.id}&operator=any`)
    ).json()) as { slots: { start: string }[] }
    await page.locator(`.calendar__day[value="${other}"]`).click()
    await expect(page).toHaveURL(new RegExp(`[?&]day=${other}`))
    expect(new URL(page.url()).searchParams.get('services')).toBe(String(first.id))
    await expect(page.getByTestId('time-slot').first()).toHaveText(hhmm(times.slots[0]!.start))
    await expect(page.locator(`.calendar__day[value="${other}"]`)).toHaveAttribute('aria-pressed', 'true')
  })

  test('two services ticked and "Avanti" open the operator step with both (a GET form)', async ({ page, request }) => {
    const { services } = await serviceIds(request)
    const [[titleA, idA], [titleB, idB]] = [...services] as [[string, number], [string, number]]
    await page.goto('/reserve')
    await page.getByRole('checkbox', { name: titleB, exact: true }).check()
    await page.getByRole('checkbox', { name: titleA, exact: true }).check()
    await page.getByRole('button', { name: 'Avanti' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Con chi?')
    const url = new URL(page.url())
    expect(url.searchParams.get('step')).toBe('operator')
    // In the page's order; the server rendered the step with both.
    expect(url.searchParams.getAll('services').map(Number).sort()).toEqual([idA, idB].sort())
    await expect(page.locator('.sticky-bar')).toContainText('2 servizi')
  })
})

for (const [size, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`before hydration on a slow ${size}`, () => {
    test.use({ ...device })

    test('a service tapped before React hydrated the page is kept', async ({ page, request }) => {
      const { services } = await serviceIds(request)
      const [title, id] = [...services][1] ?? [...services][0]!
      const errors = failOnHydrationErrors(page)
      await slowPhone(page)
      const release = await holdScripts(page)
      await page.goto('/reserve', { waitUntil: 'commit' })
      const box = page.getByRole('checkbox', { name: title, exact: true })
      await expect(box).toBeVisible()
      await shot(page, `reserve-ssr-services-before-hydration-${size}`)
      // The proof the tap comes first: nothing of the app has run yet.
      expect(await hydrated(page)).toBe(false)
      await box.click()
      await expect(box).toBeChecked()
      expect(await hydrated(page)).toBe(false)

      release()
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
      // Kept: ticked, in the wizard's state (the URL) and in the bar; "Avanti" goes on with it.
      await expect(box).toBeChecked()
      await expect(page).toHaveURL(new RegExp(`[?&]services=${id}(&|$)`))
      await expect(page.locator('.sticky-bar')).toContainText('1 servizio')
      await page.getByRole('button', { name: 'Avanti' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Con chi?')
      expect(new URL(page.url()).searchParams.get('services')).toBe(String(id))
      expect(errors).toEqual([])
    })

    test('"Avanti" tapped before hydration goes on with the service ticked', async ({ page, request }) => {
      const { services } = await serviceIds(request)
      const [title, id] = [...services][0]!
      const errors = failOnHydrationErrors(page)
      await slowPhone(page)
      const release = await holdScripts(page)
      await page.goto('/reserve', { waitUntil: 'commit' })
      const box = page.getByRole('checkbox', { name: title, exact: true })
      await box.click()
      expect(await hydrated(page)).toBe(false)
      // The form's GET: the server renders the operator step (its scripts are held too).
      await page.getByRole('button', { name: 'Avanti' }).click({ noWaitAfter: true })
      await expect(page).toHaveURL(/[?&]step=operator/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Con chi?')
      expect(await hydrated(page)).toBe(false)
      release()
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Con chi?')
      expect(new URL(page.url()).searchParams.get('services')).toBe(String(id))
      await expect(page.locator('.sticky-bar')).toContainText('1 servizio')
      expect(errors).toEqual([])
    })

    test('a time tapped before hydration is chosen, and the page hydrates with it', async ({ page, request }) => {
      const first = await firstFree(request)
      const errors = failOnHydrationErrors(page)
      await slowPhone(page)
      const release = await holdScripts(page)
      await page.goto(`/reserve?services=${first.id}`, { waitUntil: 'commit' })
      const slot = page.getByTestId('time-slot').first()
      await expect(slot).toBeVisible()
      await shot(page, `reserve-ssr-times-before-hydration-${size}`)
      expect(await hydrated(page)).toBe(false)
      // The form's GET: the server renders the choice (a navigation whose scripts are held too).
      await slot.click({ noWaitAfter: true })
      await expect(page).toHaveURL(/[?&]time=/)
      expect(await hydrated(page)).toBe(false)
      release()
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
      await expect(page.getByTestId('time-slot').first()).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByRole('button', { name: 'Avanti' })).toBeEnabled()
      await shot(page, `reserve-ssr-times-hydrated-${size}`)
      expect(errors).toEqual([])
    })
  })
}

test.describe('before hydration, the keyboard', () => {
  test.use({ ...PHONE })

  test('a Tab pressed before React hydrated the page shows the focused arrow’s tooltip once it has', async ({
    page,
    request,
  }) => {
    const first = await firstFree(request)
    const errors = failOnHydrationErrors(page)
    const release = await holdScripts(page)
    await page.goto(`/reserve?services=${first.id}`, { waitUntil: 'commit' })
    const next = page.getByRole('button', { name: 'Mese successivo' })
    await expect(next).toBeVisible()
    await page.locator('.calendar__day[tabindex="0"]').focus()
    await page.keyboard.press('Shift+Tab')
    await expect(next).toBeFocused()
    expect(await hydrated(page)).toBe(false)
    await expect(page.getByRole('tooltip')).toHaveCount(0)

    release()
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    const tip = page.getByRole('tooltip')
    await expect(tip).toHaveText('Mese successivo')
    await expect(next).toBeFocused()
    await expect(next).toHaveAttribute('aria-describedby', (await tip.getAttribute('id'))!)
    await page.keyboard.press('Escape')
    await expect(tip).toHaveCount(0)
    expect(errors).toEqual([])
  })
})

test.describe('the first load makes no Intl call', () => {
  // A page's first Intl call sets up ICU: 15–50 ms here, 4× that on Lighthouse's phone, inside
  // the hydration of `/` and `/reserve` (docs/benchmarks.md, issue 28). Prices, days and times are
  // written by table (shared/src/format.ts) and the salon zone's offsets come with the settings.
  for (const at of ['/', '/reserve?services=', '/reserve'] as const) {
    test(`${at.replace('=', '=<id>')}: hydrated, with the salon's times and prices, and not one Intl call`, async ({
      page,
      request,
    }) => {
      const first = await firstFree(request)
      const errors = failOnHydrationErrors(page)
      await page.addInitScript(() => {
        const calls: string[] = []
        ;(window as unknown as { __intlCalls: string[] }).__intlCalls = calls
        for (const name of [
          'DateTimeFormat',
          'NumberFormat',
          'Collator',
          'PluralRules',
          'RelativeTimeFormat',
        ] as const) {
          const Real = Intl[name] as unknown as new (...args: unknown[]) => object
          ;(Intl as unknown as Record<string, unknown>)[name] = new Proxy(Real, {
            construct: (target, args) => (calls.push(`Intl.${name}`), new target(...args)),
            apply: (target, self, args) => (calls.push(`Intl.${name}()`), Reflect.apply(target, self, args)),
          })
        }
        const note = (what: string, proto: object, method: string) => {
          const real = (proto as Record<string, (...a: unknown[]) => unknown>)[method]!
          Object.defineProperty(proto, method, {
            configurable: true,
            writable: true,
            value(this: unknown, ...args: unknown[]) {
              calls.push(what)
              return real.apply(this, args)
            },
          })
        }
        note('localeCompare', String.prototype, 'localeCompare')
        for (const method of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
          note(`Date.${method}`, Date.prototype, method)
        }
        note('Number.toLocaleString', Number.prototype, 'toLocaleString')
      })
      const reads: string[] = []
      page.on('request', (r) => {
        if (/\/api\/reservations\//.test(r.url())) reads.push(new URL(r.url()).pathname)
      })
      await page.goto(at.endsWith('=') ? `${at}${first.id}` : at)
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
      if (at === '/reserve?services=') {
        // The first free day's times, as Intl would write them in the salon's zone.
        await expect(page.getByTestId('time-slot').first()).toContainText(hhmm(first.slots[0]!.start))
        // The month's free days came with the page too: the calendar is ready, nothing is asked again.
        await expect(page.locator(`.calendar__day[value="${first.day}"]`)).toBeVisible()
      } else {
        await expect(page.getByText(/\d+,\d\d\u00a0€/).first()).toBeVisible()
      }
      await page.waitForLoadState('networkidle')
      expect(await page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls)).toEqual([])
      if (at === '/reserve?services=') expect(reads).toEqual([])
      expect(errors).toEqual([])
    })
  }
})
