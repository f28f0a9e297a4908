import { Secret, TOTP } from 'otpauth'
import { expect, test } from '@playwright/test'
import { ownAddress } from './helpers'

const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  })

test('with TOTP on, the password alone does not log in: the code does', async ({ page, request }) => {
  const email = `e2e-totp-${Date.now()}@example.com`
  await request.post('/api/users', {
    data: { email, password: 'password-totp', name: 'Ugo', privacy_accepted: true },
    headers: { 'x-forwarded-for': ownAddress() },
  })
  const { token } = await (await request.post('/api/auth/login', { data: { email, password: 'password-totp' } })).json()
  const auth = { authorization: `JWT ${token}` }
  const factor = await (await request.post('/api/auth/factors', { headers: auth, data: {} })).json()
  expect(
    (
      await request.post(`/api/auth/factors/${factor.id}/verify`, {
        headers: auth,
        data: { code: codeFor(factor.totp.secret) },
      })
    ).status(),
  ).toBe(200)

  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('password-totp')
  await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible()
  expect((await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).user).toBeNull()

  await page.getByLabel('Codice di verifica').fill('000000')
  await page.getByRole('button', { name: 'Verifica' }).click()
  await expect(page.getByLabel('Codice di verifica')).toBeVisible()
  await page.getByLabel('Codice di verifica').fill(codeFor(factor.totp.secret, 1))
  await page.getByRole('button', { name: 'Verifica' }).click()
  await expect(page).toHaveURL(/\/reserved-area/)
  // Asked from the page itself, as the app does (cookies count only for same-origin requests).
  expect((await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).user.email).toBe(email)
})
