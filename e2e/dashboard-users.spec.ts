import { devices, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser } from './helpers'

/** Users from /dashboard (issue 11): create with a role, find by search, and the last admin stays. */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

test('the admin adds an operator account, finds it, and cannot demote the only admin', async ({ page }) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const email = `nuova-${Date.now()}@example.com`
  await page.goto('/dashboard/user/create')
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Chiara')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Ruolo').click()
  await page.getByRole('option', { name: 'Operatore' }).click()
  await page.getByRole('button', { name: 'Salva' }).click()
  // The first password is required when creating: the form says so, nothing sent.
  await expect(page.getByText('Scegli una password iniziale')).toBeVisible()
  await page.getByRole('textbox', { name: 'Password iniziale' }).fill('benvenuta-2026')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/dashboard\/user(\?|$)/)

  await page.getByLabel('Cerca').fill(email)
  await page.getByLabel('Cerca').press('Enter')
  await expect(page).toHaveURL(/f_q=/)
  const row = page.getByRole('row', { name: new RegExp(email) })
  await expect(row).toContainText('Operatore')
  await expect(page.getByRole('row')).toHaveCount(2) // header + the one match
  await expectNoSeriousA11yViolations(page)

  // The demo admin is the only one: demoting them is refused next to the role.
  await page.goto('/dashboard/user?f_q=admin%40demo.salon')
  await page.getByRole('link', { name: /Anna/ }).click()
  await page.getByLabel('Ruolo').click()
  await page.getByRole('option', { name: 'Cliente' }).click()
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Serve almeno un amministratore')).toBeVisible()
})
