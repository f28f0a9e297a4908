import { expect, test, type CDPSession, type Page } from '@playwright/test'
import { loginInBrowser, ownAddress, registerViaApi } from './helpers'
import { shot } from './screens'

/*
 * Passkeys (issue 26 §2) with Chromium's virtual authenticator (CDP `WebAuthn` domain): a platform
 * authenticator with resident keys and user verification that says yes, as a phone's fingerprint
 * would. A customer adds a passkey in the reserved area's settings, logs out, signs in with it —
 * with the button, then through the e-mail field's autofill (conditional mediation). The virtual
 * authenticator answers an autofill request at once, as if the person had picked the passkey from
 * the suggestions; while the button is under test, the page is told autofill is unavailable (an
 * init script, as in a browser without it). With SALON_SHOTS=<dir>, the card and the login page are
 * saved there at 360 × 740 and 1366 px.
 */

const MOBILE = { width: 360, height: 740 }
const DESKTOP = { width: 1366, height: 900 }

async function virtualAuthenticator(page: Page) {
  // An address of its own: sign-in challenges are counted per address, and the suite's other
  // visits to the login page ask for them too (autofill).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() })
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  return { cdp, authenticatorId, credentials }
}

/** Autofill off (a browser without conditional mediation) while `localStorage['e2e.autofill']` is 'off'. */
async function autofillSwitch(page: Page) {
  await page.addInitScript(() => {
    if (localStorage.getItem('e2e.autofill') === 'off' && window.PublicKeyCredential)
      window.PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })
  return (on: boolean) =>
    page.evaluate(
      (off) => (off ? localStorage.setItem('e2e.autofill', 'off') : localStorage.removeItem('e2e.autofill')),
      !on,
    )
}

const me = async (page: Page) =>
  (await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).user as { email: string } | null

const card = (page: Page) => page.getByRole('region', { name: 'Passkey (accesso senza password)' })

test('a customer adds a passkey, logs out, and signs in with it — no password', async ({ page, request }) => {
  const customer = await registerViaApi(request)
  const authenticator = await virtualAuthenticator(page)
  const autofill = await autofillSwitch(page)
  await loginInBrowser(page, customer.email, customer.password)

  await page.setViewportSize(MOBILE)
  await page.goto('/reserved-area/settings')
  await autofill(false)
  const passkeys = card(page)
  await expect(passkeys.getByText('Non hai ancora aggiunto una passkey.')).toBeVisible()
  await shot(passkeys, 'passkeys-card-empty-360')

  await passkeys.getByRole('button', { name: 'Aggiungi una passkey' }).click()
  await expect(page.getByText('Passkey aggiunta: la prossima volta puoi accedere senza password.')).toBeVisible()
  const list = passkeys.getByRole('list', { name: 'Le tue passkey' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list).toContainText('non ancora usata per accedere')
  expect(await authenticator.credentials()).toHaveLength(1)
  expect((await authenticator.credentials())[0]!.isResidentCredential).toBe(true)

  // A name of one's own, by keyboard.
  await list.getByRole('button', { name: /^Rinomina / }).click()
  const name = passkeys.getByLabel('Nome della passkey')
  await expect(name).toBeFocused()
  await name.fill('Telefono di Anna')
  await name.press('Enter')
  await expect(list.getByText('Telefono di Anna')).toBeVisible()
  // Kept by the server (and the toasts gone, for the pictures).
  await page.reload()
  await expect(list.getByText('Telefono di Anna')).toBeVisible()
  await shot(passkeys, 'passkeys-card-360')
  await page.setViewportSize(DESKTOP)
  await shot(passkeys, 'passkeys-card-1366')

  await page.setViewportSize(MOBILE)
  await page.getByRole('button', { name: 'Esci', exact: true }).click()
  await expect(page).toHaveURL(/\/login/)
  expect(await me(page)).toBeNull()

  // A fresh visit, as tomorrow's (the settings' toasts would still be showing).
  await page.goto('/login')
  const button = page.getByRole('button', { name: 'Accedi con una passkey' })
  await expect(button).toBeVisible()
  await shot(page, 'passkeys-login-360')
  await page.setViewportSize(DESKTOP)
  await shot(page, 'passkeys-login-1366')
  await page.setViewportSize(MOBILE)

  await button.click()
  await expect(page).toHaveURL(/\/reserved-area$/)
  expect((await me(page))?.email).toBe(customer.email)
  const afterButton = (await authenticator.credentials())[0]!.signCount
  expect(afterButton).toBeGreaterThan(0)

  // Autofill: the login page's e-mail field offers the passkey; picking it signs in.
  await page.getByRole('button', { name: 'Esci', exact: true }).click()
  await expect(page).toHaveURL(/\/login/)
  expect(await me(page)).toBeNull()
  await autofill(true)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/reserved-area$/)
  expect((await me(page))?.email).toBe(customer.email)
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(afterButton)

  // Removed (after a confirmation), the passkey no longer opens the door.
  await page.goto('/reserved-area/settings')
  await expect(card(page)).toContainText('ultimo accesso il')
  await card(page).getByRole('button', { name: 'Rimuovi Telefono di Anna' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rimuovere questa passkey?' })
  await expect(dialog).toContainText('Non potrai più accedere con «Telefono di Anna»')
  await dialog.getByRole('button', { name: 'Rimuovi' }).click()
  await expect(card(page).getByText('Non hai ancora aggiunto una passkey.')).toBeVisible()

  // The device still holds it and offers it (autofill): the salon says it is not linked any more.
  await page.getByRole('button', { name: 'Esci', exact: true }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('alert')).toContainText('Questa passkey non è collegata a nessun account')
  expect(await me(page)).toBeNull()
  await page.getByRole('button', { name: 'Accedi con una passkey' }).click()
  await expect(page.getByRole('alert')).toContainText('Questa passkey non è collegata a nessun account')
  expect(await me(page)).toBeNull()
})

test('staff have the passkey card too: an operator’s settings', async ({ page }) => {
  await virtualAuthenticator(page)
  await loginInBrowser(page, 'operatore@demo.salon', 'demo1234')
  await page.goto('/reserved-area/settings')
  await expect(card(page).getByRole('button', { name: 'Aggiungi una passkey' })).toBeVisible()
})
