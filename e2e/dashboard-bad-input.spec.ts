import { devices, expect, test } from '@playwright/test'
import { loginInBrowser } from './helpers'

/**
 * Bad input only the server can judge, on two more dashboard forms (the category form's is in
 * dashboard-catalogue.spec.ts): the refusal is shown next to its field and nothing is written.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

const count = async (page: import('@playwright/test').Page, path: string) => {
  const token = (await (await page.request.get('/api/auth/me')).json()).token as string | undefined
  const res = await page.request.get(path, token ? { headers: { authorization: `JWT ${token}` } } : {})
  return (await res.json()).totalDocs as number
}

test('a new user with an address already in use: the server says so next to E-mail', async ({ page }) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto('/dashboard/user/create')
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Doppia')
  await page.getByRole('textbox', { name: 'E-mail' }).fill('cliente@demo.salon')
  await page.getByText('Scelgo io la password').click()
  await page.getByRole('textbox', { name: 'Password iniziale' }).fill('password-lunga-1')
  const before = await count(page, '/api/users?limit=0&where[email][equals]=cliente@demo.salon')
  await page.getByRole('button', { name: 'Salva' }).click()
  const email = page.getByRole('textbox', { name: 'E-mail' })
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Esiste già un account con questa e-mail.')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/user\/create$/)
  expect(await count(page, '/api/users?limit=0&where[email][equals]=cliente@demo.salon')).toBe(before)
})

test('a new operator linked to an account another operator has: refused next to the account', async ({ page }) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const name = `Doppione${Date.now() % 100000}`
  await page.goto('/dashboard/operator/create')
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name)
  await page.getByText('Attivo: prenotabile').click()
  // operatore@demo.salon is Giulia's account already.
  await page.getByRole('searchbox', { name: 'Account dell’operatore' }).click()
  await page.getByRole('searchbox', { name: 'Account dell’operatore' }).fill('operatore@demo')
  await page.getByRole('option', { name: /operatore@demo\.salon/ }).click()
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByRole('searchbox', { name: 'Account dell’operatore' })).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/dashboard\/operator\/create$/)
  const operators = (await (await page.request.get('/api/operators?limit=0')).json()).docs as { name: string }[]
  expect(operators.map((o) => o.name)).not.toContain(name)
})
