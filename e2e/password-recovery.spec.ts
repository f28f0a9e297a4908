import { expect, test } from '@playwright/test'
import { mailedLink, mailedPasswordLink as recoveryLink, ownAddress } from './helpers'

test('a customer who forgot the password gets the mail, follows the link and logs in with the new one', async ({
  page,
  request,
}) => {
  const email = `e2e-${Date.now()}@example.com`
  expect(
    (
      await request.post('/api/users', {
        data: { email, password: 'vecchia-password', name: 'Marta', privacy_accepted: true },
        headers: { 'x-forwarded-for': ownAddress() },
      })
    ).status(),
  ).toBe(201)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Password dimenticata?' }).click()
  await expect(page).toHaveURL(/\/password-recovery$/)
  const since = Date.now()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Invia link' }).click()
  await expect(page).toHaveURL(/\/password-recovery\/ok/)
  await expect(page.getByRole('heading', { name: 'Controlla la tua e-mail' })).toBeVisible()

  const link = new URL(await recoveryLink(email, since))
  await page.goto(link.pathname)
  await page.getByLabel('Nuova password').fill('nuova-password-9')
  await page.getByLabel('Conferma password').fill('nuova-password-9')
  await page.getByRole('button', { name: 'Salva la password' }).click()
  await expect(page.getByRole('heading', { name: 'Password aggiornata' })).toBeVisible()

  // The link was single-use.
  await page.goto(link.pathname)
  await expect(page.getByRole('heading', { name: 'Il link non è valido o è scaduto' })).toBeVisible()

  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('vecchia-password')
  await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  await expect(page.getByText('Email o password non corretti')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('nuova-password-9')
  await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  await expect(page).toHaveURL(/\/reserved-area/)
})

test('a new customer confirms the e-mail address from the welcome mail', async ({ page, request }) => {
  const email = `e2e-confirm-${Date.now()}@example.com`
  const since = Date.now()
  expect(
    (
      await request.post('/api/users', {
        data: { email, password: 'una-password', name: 'Nina', privacy_accepted: true },
        headers: { 'x-forwarded-for': ownAddress() },
      })
    ).status(),
  ).toBe(201)
  const link = await mailedLink(email, since, /https?:\/\/[^\s"<]+\/confirm\?token=[^\s"<&]+/)
  expect(link).toBeTruthy()
  const url = new URL(link)
  await page.goto(url.pathname + url.search)
  await expect(page.getByRole('heading', { name: 'Indirizzo confermato' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await page.goto('/confirm?token=1.1.nope')
  await expect(page.getByRole('heading', { name: 'Il link non è valido o è scaduto' })).toBeVisible()
})
