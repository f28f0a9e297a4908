import { expect, test, type Page } from '@playwright/test'

/**
 * The public build is split by route (web/src/app/routes.tsx): the home carries no other screen,
 * other screens arrive as chunks on first visit, and a chunk that cannot be fetched (a deploy
 * since the page loaded) reloads the page once before showing the error screen.
 */

// The service worker would precache every chunk and answer from its cache: keep it out of the way.
test.use({ serviceWorkers: 'block' })

const OTHER_SCREENS =
  /\/assets\/(LoginPage|RegisterPage|ConfirmPage|PasswordRecoveryPages|ReservePage|ThankYouPage|ReservedAreaPage|ProfilePage|SettingsPage|TermsPage|PrivacyPage|SiteMapPage)-/

function scriptsOf(page: Page) {
  const urls: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(new URL(r.url()).pathname)
  })
  return urls
}

test('the home loads none of the other screens; visiting one fetches its chunk', async ({ page }) => {
  const scripts = scriptsOf(page)
  await page.goto('/')
  await expect(page.getByText('Taglio donna')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts.some((s) => /\/assets\/vendor-/.test(s))).toBe(true)
  expect(scripts.filter((s) => OTHER_SCREENS.test(s))).toEqual([])

  await page.getByRole('link', { name: 'Accedi' }).first().click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Email')).toBeVisible()
  expect(scripts.some((s) => /\/assets\/LoginPage-/.test(s))).toBe(true)
  expect(scripts.some((s) => /\/assets\/ReservePage-/.test(s))).toBe(false)
})

test('a direct visit to a split route renders it (no blank page, no error)', async ({ page }) => {
  for (const [path, ready] of [
    ['/reserve', () => page.getByRole('heading', { level: 1 })],
    ['/register', () => page.getByLabel('Email')],
    ['/map-site', () => page.getByRole('heading', { name: 'Mappa del sito' })],
  ] as const) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(200)
    await expect(ready(), path).toBeVisible()
    await expect(page.getByText('500 error')).toHaveCount(0)
  }
})

test('a chunk that fails once (new deploy) costs one reload and then the screen shows', async ({ page }) => {
  let failures = 0
  await page.route(/\/assets\/LoginPage-[^/]+\.js$/, (route) =>
    failures++ === 0 ? route.abort('failed') : route.continue(),
  )
  const documents: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByText('Taglio donna')).toBeVisible()
  await page.getByRole('link', { name: 'Accedi' }).first().click()
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  // The reload happened at the new URL, once.
  expect(documents).toEqual(['/', '/login'])
  await expect(page.getByText('500 error')).toHaveCount(0)
})

test('a chunk that keeps failing shows the error screen after one reload, not a loop', async ({ page }) => {
  await page.route(/\/assets\/LoginPage-[^/]+\.js$/, (route) => route.abort('failed'))
  const documents: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByText('Taglio donna')).toBeVisible()
  await page.getByRole('link', { name: 'Accedi' }).first().click()
  await expect(page.getByText('500 error')).toBeVisible()
  await expect(page.getByText('Connessione non riuscita')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Torna alla home' })).toBeVisible()
  // A reload the error would trigger starts with it; once the page is quiet (no request for
  // 500 ms) none came, and the error screen is still what the visitor sees.
  await page.waitForLoadState('networkidle')
  await expect(page.getByText('Connessione non riuscita')).toBeVisible()
  expect(documents).toEqual(['/', '/login'])
})
