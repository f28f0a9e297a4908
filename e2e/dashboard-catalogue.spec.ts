import { devices, expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'

/**
 * The owner runs the catalogue from /dashboard (issue 11): services and categories are created,
 * edited and deleted through forms validated by the shared zod schemas and by the server; a
 * service that bookings use cannot be deleted, and the way out (deactivate) is offered.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

async function loginAsAdmin(page: Page) {
  // The API login sets the HttpOnly session cookie in this browser context.
  const res = await page.request.post('/api/auth/login', { data: { email: 'admin@demo.salon', password: 'demo1234' } })
  expect(res.status()).toBe(200)
}

test('the admin creates a service, sees it on the public home, changes its price', async ({ page }) => {
  await loginAsAdmin(page)
  const title = `Trattamento e2e ${Date.now()}`
  await page.goto('/dashboard/service/create')
  await expect(page.getByRole('heading', { name: 'Nuovo servizio' })).toBeVisible()

  // Client-side: the shared schema's words next to the fields; nothing sent. The length is the
  // phases' (issue 25): a new service starts with one phase with the stylist.
  const minutes = page.getByRole('textbox', { name: /^Minuti/ })
  await minutes.fill('0')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Il nome è obbligatorio')).toBeVisible()
  await expect(minutes).toHaveAccessibleDescription(/Almeno un minuto/)

  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(title)
  await minutes.fill('45')
  await page.getByLabel('Prezzo (€, IVA inclusa)').fill('25')
  await page.getByLabel('Categoria').click()
  await page.getByRole('option').first().click()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/dashboard\/service(\?|$)/)

  // The public home lists it (the catalogue reads the same records).
  await page.goto('/')
  await expect(page.getByText(title)).toBeVisible()

  // Edit the price from the list's "Modifica" link.
  await page.goto('/dashboard/service')
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { name: 'Modifica servizio' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(title)
  await page.getByLabel('Prezzo (€, IVA inclusa)').fill('32,5')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/dashboard\/service(\?|$)/)
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('32,50')

  // Not used by any booking: it can be deleted.
  await page.getByRole('link', { name: title }).click()
  await page.getByRole('button', { name: 'Elimina' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click()
  await expect(page).toHaveURL(/\/dashboard\/service(\?|$)/)
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})

test('a service that bookings use is not deleted: the reason, and "Disattiva" instead', async ({ page }) => {
  await loginAsAdmin(page)
  const list = await (await page.request.get('/api/services?where[title][equals]=Piega&depth=0')).json()
  const piega = list.docs[0]
  await page.goto(`/dashboard/service/${piega.id}`)
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Piega')
  await page.getByRole('button', { name: 'Elimina' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click()
  await expect(page.getByText(/compare in \d+ prenotazioni: non si può eliminare/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Disattiva il servizio' })).toBeVisible()
  // Still there, bookings untouched.
  expect((await page.request.get(`/api/services/${piega.id}`)).status()).toBe(200)
})

test('bad input refused by the server is shown next to the field; nothing written', async ({ page }) => {
  await loginAsAdmin(page)
  // A category name that exists already: only the server (unique index) knows.
  await page.goto('/dashboard/category/create')
  await page.getByLabel('Nome').fill('Colore')
  const before = (await (await page.request.get('/api/category?limit=0')).json()).totalDocs
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText(/già|esiste/i).first()).toBeVisible()
  expect((await (await page.request.get('/api/category?limit=0')).json()).totalDocs).toBe(before)
})
