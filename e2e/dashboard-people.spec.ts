import { devices, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser } from './helpers'

/** Operators (with the added create route) and banners from /dashboard (issue 11). */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

test('the owner adds an operator (not yet bookable) and a banner refuses a dangerous link', async ({ page }) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const name = `Nuova${Date.now() % 100000}`
  await page.goto('/dashboard/operator')
  await page.getByRole('button', { name: 'Nuovo' }).click()
  await expect(page).toHaveURL(/\/dashboard\/operator\/create$/)
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name)
  await page.getByText('Attivo: prenotabile').click()
  await expect(page.getByLabel('Attivo: prenotabile')).not.toBeChecked()
  // The services this person performs, chosen from the catalogue.
  await page.getByRole('searchbox', { name: 'Servizi che esegue' }).click()
  await page.getByRole('option', { name: 'Taglio uomo' }).click()
  await page.keyboard.press('Escape')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/dashboard\/operator(\?|$)/)
  await expect(page.getByRole('link', { name })).toBeVisible()
  // Opened again: the choice is there (read from the services themselves).
  await page.getByRole('link', { name }).click()
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(name)
  await expect(page.getByText('Taglio uomo', { exact: true })).toBeVisible()
  // Not active: the public catalogue does not offer them.
  const home = await (await page.request.get('/api/pages/home')).json()
  expect(home.operators.map((o: { name: string }) => o.name)).not.toContain(name)

  await page.goto('/dashboard/banner/create')
  await page.getByLabel('Titolo').fill('Promo e2e')
  await page.getByLabel('Link').fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Usa un percorso (/…) o un indirizzo http(s)')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/banner\/create$/)
})
