import { expect, test } from '@playwright/test'
import { newCustomer, registerViaApi } from './helpers'

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

test('staying logged in: an expired access cookie is renewed; "Esci da tutti i dispositivi" ends every device', async ({
  page,
  request,
  browser,
}) => {
  const me = await registerViaApi(request, newCustomer('sessions'))
  await page.goto('/login')
  await page.getByLabel('Email').fill(me.email)
  await page.getByLabel('Password', { exact: true }).fill(me.password)
  await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  await expect(page).toHaveURL(/\/reserved-area/)

  const cookies = await page.context().cookies()
  const refresh = cookies.find((c) => c.name === 'salon-refresh')!
  expect(refresh.path).toBe('/api/auth/refresh')
  expect(refresh.httpOnly).toBe(true)
  expect(refresh.sameSite).toBe('Lax')
  expect(refresh.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000)

  // The 30-minute access cookie is gone (as after a month away): the site renews it and stays signed in.
  await page.context().clearCookies({ name: 'payload-token' })
  await page.goto('/reserved-area/profile')
  await expect(page.getByRole('heading', { name: 'Il tuo profilo' })).toBeVisible()
  expect((await page.context().cookies()).some((c) => c.name === 'payload-token')).toBe(true)

  // Another device of the same customer.
  // Another device of the same customer (same-origin calls from its own page, its own cookies).
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  const call = (method: string, path: string, body?: unknown) =>
    otherPage.evaluate(
      async ([m, p, b]) => {
        const res = await fetch(p as string, {
          method: m as string,
          headers: { 'content-type': 'application/json' },
          body: b === undefined ? undefined : JSON.stringify(b),
        })
        return { status: res.status, body: await res.json() }
      },
      [method, path, body] as const,
    )
  expect((await call('POST', '/api/auth/login', { email: me.email, password: me.password })).status).toBe(200)
  expect((await call('GET', '/api/auth/me')).body.user.email).toBe(me.email)

  await page.getByRole('button', { name: 'Esci da tutti i dispositivi' }).click()
  const dialog = page.getByRole('dialog', { name: 'Uscire da tutti i dispositivi?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Esci ovunque' }).click()
  await expect(page).toHaveURL(/\/login/)

  expect((await call('GET', '/api/auth/me')).body.user).toBeNull()
  expect((await call('POST', '/api/auth/refresh')).status).toBe(401)
  await other.close()
})
