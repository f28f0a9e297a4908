import { expect, test } from '@playwright/test'

test.describe('public site', () => {
  test('home lists the demo salon services from the API, priced in euro', async ({ page }) => {
    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    await expect(page).toHaveTitle(/Salone Demo/)
    await expect(page.getByText('Taglio donna')).toBeVisible()
    await expect(page.getByText('35,00 €').first()).toBeVisible()
    await expect(page.getByRole('link', { name: /Prenota/ }).first()).toBeVisible()
  })

  test('an unknown path answers 404 and shows the error screen with a way home', async ({ page }) => {
    const res = await page.goto('/nope/at-all')
    expect(res?.status()).toBe(404)
    await expect(page.getByText('404 error')).toBeVisible()
    await expect(page.getByText('Page Not Found: /nope/at-all')).toBeVisible()
    await page.getByRole('link', { name: 'Torna alla home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText('Taglio donna')).toBeVisible()
  })

  test('known routes answer 200, crawlers get a plain 404 for unknown ones', async ({ request }) => {
    for (const path of [
      '/login',
      '/register',
      '/password-recovery/abc/mario%40example.com',
      '/reserved-area/profile',
    ]) {
      expect((await request.get(path)).status(), path).toBe(200)
    }
    const bot = await request.get('/missing-page', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    })
    expect(bot.status()).toBe(404)
    expect(bot.headers()['content-type']).toMatch(/text\/plain/)
    expect(await bot.text()).toContain('Page Not Found: /missing-page')
  })

  test('the PWA ships a service worker at /sw.js and a manifest', async ({ request }) => {
    const sw = await request.get('/sw.js')
    expect(sw.status()).toBe(200)
    expect(sw.headers()['cache-control']).toBe('no-cache')
    const manifest = await request.get('/manifest.webmanifest')
    expect(manifest.status()).toBe(200)
    expect((await manifest.json()).start_url).toBe('/')
  })

  test('a visitor asking for the reserved area is sent to login and comes back after it', async ({ page }) => {
    await page.goto('/reserved-area/profile')
    await expect(page).toHaveURL(/\/login\?redirectTo=\/reserved-area\/profile/)
    await page.getByLabel('Email').fill('cliente@demo.salon')
    await page.getByLabel('Password').fill('demo1234')
    await page.getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page).toHaveURL(/\/reserved-area\/profile$/)
    await expect(page.getByText('cliente@demo.salon').first()).toBeVisible()
    await page.getByRole('button', { name: 'Esci', exact: true }).click()
    await expect(page).toHaveURL(/\/login/)
    await page.goto('/reserved-area')
    await expect(page).toHaveURL(/\/login\?redirectTo=\/reserved-area/)
  })

  test('wrong password shows an Italian error and no session', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill('cliente@demo.salon')
    await page.getByLabel('Password').fill('sbagliata')
    await page.getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page.getByText('Email o password non corretti')).toBeVisible()
    expect((await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).user).toBeNull()
  })
})
