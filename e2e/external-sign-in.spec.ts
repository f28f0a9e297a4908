import { expect, test, type Page } from '@playwright/test'
import { firstFreeDayShown, newCustomer, registerViaApi, serviceIds, wizardParams } from './helpers'
import { PHONE, shot } from './screens'

/**
 * External sign-in in the browser (issue 26 §1): the e2e app is configured for a real OpenID
 * provider on loopback (scripts/lib/testOidcProvider.mjs, started by scripts/test.mjs as
 * "Salone Test ID"); its development login form takes any login — the login is the e-mail. With
 * SALON_SHOTS=<dir>, the screens are saved there (phone 360 × 740 and desktop 1366 wide).
 */

const PROVIDER = 'Salone Test ID'
const DESKTOP = { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 }

/** Who the page is signed in as (its own cookie session). */
const me = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/auth/me')).json()) as { user: Record<string, unknown> | null }).user,
  )

/** At the provider: its login form, as a person fills it. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//)
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any-password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
}

test.describe('external sign-in', () => {
  test.use(PHONE)

  test('a visitor signs up with the provider from the booking summary, comes back to it and books', async ({
    page,
    request,
  }) => {
    const email = `giulia.e2e-${Date.now()}@example.it`
    const { services } = await serviceIds(request)
    await page.goto(`/reserve?services=${services.get('Piega')}&step=when`)
    await page.getByRole('button', { name: 'Primo giorno disponibile' }).click()
    await firstFreeDayShown(page)
    const slot = page.getByTestId('time-slot').first()
    await slot.click()
    const chosen = wizardParams(page).get('time')
    const bar = page.locator('.sticky-bar')
    await bar.getByRole('button', { name: 'Avanti' }).click()
    await expect(page.getByRole('heading', { name: 'Riepilogo' })).toBeVisible()

    // Only the configured provider is offered, with the privacy notice next to it.
    const button = page.getByRole('button', { name: `Continua con ${PROVIDER}` })
    await expect(button).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continua con Google' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'informativa sulla privacy' }).last()).toBeVisible()
    await shot(page, 'external-summary-phone')
    // By keyboard: the button takes focus and Enter starts the sign-in.
    await button.focus()
    await page.keyboard.press('Enter')

    await signInAtProvider(page, email)

    // Back at the very same choice, signed in as the new customer: one tap confirms.
    await expect(page.getByRole('heading', { name: 'Riepilogo' })).toBeVisible()
    expect(wizardParams(page).get('time')).toBe(chosen)
    await expect(page.getByRole('button', { name: `Continua con ${PROVIDER}` })).toHaveCount(0)
    await bar.getByRole('button', { name: 'Conferma prenotazione' }).click()
    await expect(page.getByRole('heading', { name: 'Prenotazione inviata' })).toBeVisible()
    await expect(page).toHaveURL(/\/reserve\/thankyou\?id=\d+/)

    // The account: a customer with the provider's e-mail and name, signed in by the cookie session.
    expect(await me(page)).toMatchObject({ email, user_role: 'USER', name: 'Giulia' })
    // The code left the address bar; the verifier left the tab.
    expect(await page.evaluate(() => sessionStorage.getItem('salon_external_sign_in'))).toBeNull()

    // Its settings list the provider, which cannot be unlinked: it is the only way in.
    await page.goto('/reserved-area/settings')
    const card = page.getByRole('region', { name: 'Accesso con altri servizi' })
    await expect(card).toContainText(PROVIDER)
    await expect(card.getByRole('button', { name: `Scollega ${PROVIDER}` })).toBeDisabled()
    await expect(card).toContainText('È l’unico modo che hai per accedere')
    // No password to type, so no "Cambia password": a link to choose one instead.
    await expect(page.getByRole('heading', { name: 'Cambia password' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Scegli una password' })).toHaveAttribute('href', '/password-recovery')
    await shot(page, 'external-settings-phone')
  })

  test('an existing customer is asked for the password before the provider is joined', async ({ page, request }) => {
    const { email, password } = await registerViaApi(request, newCustomer('mario.e2e', 'Mario', 'Rossi'))

    await page.goto('/login')
    await page.getByRole('button', { name: `Continua con ${PROVIDER}` }).click()
    await signInAtProvider(page, email)

    await expect(page).toHaveURL(/\/login\?link=/)
    await expect(
      page.getByText(`Hai già un account con questa e-mail: accedi con la password per collegare ${PROVIDER}.`),
    ).toBeVisible()
    await shot(page, 'external-link-phone')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page.getByText(`${PROVIDER} collegato al tuo account`)).toBeVisible()
    await expect(page).toHaveURL(/\/reserved-area/)

    // Now the provider alone signs Mario in.
    await page.request.post('/api/auth/logout')
    await page.context().clearCookies()
    await page.goto('/login')
    await page.getByRole('button', { name: `Continua con ${PROVIDER}` }).click()
    await signInAtProvider(page, email)
    await expect(page).toHaveURL(/\/reserved-area/)
    expect((await me(page))?.email).toBe(email)
  })
})

test.describe('external sign-in buttons (desktop)', () => {
  test.use(DESKTOP)

  test('login and registration offer the provider with its label', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('button', { name: `Continua con ${PROVIDER}` })).toBeVisible()
    await shot(page, 'external-login-desktop')
    await page.goto('/register')
    await expect(page.getByRole('button', { name: `Continua con ${PROVIDER}` })).toBeVisible()
    await shot(page, 'external-register-desktop')
  })
})

test.describe('external sign-in buttons in their brands (phone)', () => {
  test.use(PHONE)

  test('Google white with its G, Apple black with its logo; each a labelled button', async ({ page }) => {
    // This e2e app has only the test provider: the list is answered here as a salon with all three would.
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({
        json: {
          providers: [
            { id: 'google', label: 'Google' },
            { id: 'apple', label: 'Apple' },
            { id: 'local', label: PROVIDER },
          ],
        },
      }),
    )
    await page.goto('/login')
    const google = page.getByRole('button', { name: 'Continua con Google' })
    const apple = page.getByRole('button', { name: 'Continua con Apple' })
    await expect(google).toHaveCSS('background-color', 'rgb(255, 255, 255)')
    await expect(google).toHaveCSS('color', 'rgb(31, 31, 31)')
    await expect(google.locator('svg path')).toHaveCount(4)
    await expect(apple).toHaveCSS('background-color', 'rgb(0, 0, 0)')
    await expect(apple).toHaveCSS('color', 'rgb(255, 255, 255)')
    await expect(page.getByRole('button', { name: `Continua con ${PROVIDER}` })).toBeVisible()
    // Big enough to tap.
    expect((await google.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await shot(page, 'external-login-brands-phone')
  })
})
