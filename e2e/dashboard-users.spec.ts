import { devices, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser, mailedPasswordLink } from './helpers'

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
  await page.getByText('Scelgo io la password').click()
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
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('admin@demo.salon') // loaded
  await page.getByLabel('Ruolo').click()
  await page.getByRole('option', { name: 'Cliente' }).click()
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Serve almeno un amministratore')).toBeVisible()
})

test('the admin invites a person by e-mail; the link lets them choose a password and log in', async ({
  page,
  browser,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const email = `invito-${Date.now()}@example.com`
  await page.goto('/dashboard/user/create')
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Livia')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  // The invitation is the default way in: no password field at all.
  await expect(page.getByText('Riceverà un invito')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Password iniziale' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  const since = Date.now()
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/dashboard\/user(\?|$)/)

  // The invited person, on their own device.
  const link = new URL(await mailedPasswordLink(email, since))
  const theirs = await browser.newPage()
  try {
    await theirs.goto(link.pathname)
    await theirs.getByLabel('Nuova password').fill('livia-2026!')
    await theirs.getByLabel('Conferma password').fill('livia-2026!')
    await theirs.getByRole('button', { name: 'Salva la password' }).click()
    await expect(theirs.getByRole('heading', { name: 'Password aggiornata' })).toBeVisible()
    const login = await theirs.request.post('/api/auth/login', { data: { email, password: 'livia-2026!' } })
    expect(login.status()).toBe(200)
  } finally {
    await theirs.close()
  }

  // A new invitation from the person's page.
  await page.getByLabel('Cerca').fill(email)
  await page.getByLabel('Cerca').press('Enter')
  await page.getByRole('link', { name: /Livia/ }).click()
  await page.getByRole('button', { name: 'Manda un nuovo invito' }).click()
  await expect(page.getByText('Invito inviato')).toBeVisible()
})
