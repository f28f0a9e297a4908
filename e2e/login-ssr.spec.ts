import { expect, test, type Page } from '@playwright/test'
import { newCustomer, registerViaApi } from './helpers'

/**
 * `/login` rendered by the server with its query (issue 28, web/README.md "/login rendered by the
 * server"), and every server-rendered page's scripts started only after its first paint
 * ("Scripts after the first paint"): the HTML names one small script, `boot`, which imports the
 * entry once the page has painted.
 */

test.use({ serviceWorkers: 'block' })

function hydrationErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(String(e)))
  return errors
}

/** The scripts matching `held` wait until `release()` is called (a slow phone's late chunks). */
async function holdScripts(page: Page, held: RegExp) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(held, async (route) => {
    await released
    await route.continue()
  })
  return release
}

const isHydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', { timeout: 15_000 })

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('/login is the form, with the query’s hand-off in its links', async ({ page }) => {
    await page.goto('/login?redirectTo=%2Freserve%3Fservices%3D4')
    await expect(page.getByRole('heading', { name: 'Accedi', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible()
    // A passkey needs scripts: without them its button (and its "oppure") is not offered.
    await expect(page.getByRole('button', { name: 'Accedi con una passkey', includeHidden: true })).toBeAttached()
    await expect(page.getByRole('button', { name: 'Accedi con una passkey' })).toBeHidden()
    await expect(page.getByText('oppure', { exact: true })).toBeHidden()
    await expect(page.getByRole('link', { name: 'Registrati' }).last()).toHaveAttribute(
      'href',
      '/register?redirectTo=/reserve%3Fservices%3D4',
    )
  })
})

test('the HTML of a server-rendered page names one script, the boot chunk, and no preloads (`/login`: the sign-in hold first)', async ({
  request,
}) => {
  for (const url of ['/login', '/reserve?services=1', '/', '/terms']) {
    const html = await (await request.get(url)).text()
    const scripts = html.match(/<script\b[^>]*\bsrc="[^"]+"/g) ?? []
    const hold = url === '/login' ? 1 : 0
    expect(scripts, url).toHaveLength(1 + hold)
    if (hold) expect(scripts[0], url).toMatch(/src="\/assets\/holdSubmit-[^"]+\.js"/)
    expect(scripts[hold], url).toMatch(/id="salon-boot" src="\/assets\/boot-[^"]+\.js"/)
    expect(html, url).toMatch(/data-entry="\/assets\/index-[^"]+\.js"/)
    expect(html, url).not.toContain('rel="modulepreload"')
  }
})

test('the app’s scripts are asked for only after the first paint, then hydrate /login without a mismatch', async ({
  page,
}) => {
  const errors = hydrationErrors(page)
  await page.goto('/login')
  await isHydrated(page)
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/(?!boot-|holdSubmit-).*\.js$/.test(e.name))
      .map((e) => e.startTime),
  }))
  expect(timing.fcp).not.toBeNull()
  expect(timing.scripts.length).toBeGreaterThan(3)
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.fcp!)
  expect(errors).toEqual([])
})

test('a sign-in typed before the scripts arrive works once they do; the register link keeps the hand-off', async ({
  page,
  request,
}) => {
  const customer = newCustomer('ssrlogin')
  await registerViaApi(request, customer)
  const errors = hydrationErrors(page)
  const release = await holdScripts(page, /\/assets\/.*\.js$/)
  await page.goto('/login?redirectTo=%2Freserved-area', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
  release()
  await isHydrated(page)
  // What was typed before hydration is still in the fields React now owns.
  await expect(page.getByLabel('Email')).toHaveValue(customer.email)
  await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  await expect(page).toHaveURL(/\/reserved-area$/)
  expect(errors).toEqual([])
})

test('“Accedi” tapped before the app has started: held, then signed in once it has — the password never reaches the address', async ({
  page,
  request,
}) => {
  const customer = newCustomer('ssrtap')
  await registerViaApi(request, customer)
  const errors = hydrationErrors(page)
  // The app's chunks are late; the two small scripts the HTML names, which run right after it, are not.
  const release = await holdScripts(page, /\/assets\/(?!boot-|holdSubmit-).*\.js$/)
  const addresses: string[] = []
  page.on('framenavigated', (frame) => addresses.push(frame.url()))
  await page.goto('/login?redirectTo=%2Freserved-area')
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Freserved-area$/)
  release()
  await expect(page).toHaveURL(/\/reserved-area$/)
  expect(addresses.filter((a) => /password|demo1234|email=/.test(a))).toEqual([])
  expect(errors).toEqual([])
})
