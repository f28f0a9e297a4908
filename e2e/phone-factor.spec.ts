import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser, newCustomer, registerViaApi, textedMatch } from './helpers'
import { shot } from './screens'

/**
 * Issue 26 §3 end to end on the production build: a customer verifies the phone in Impostazioni
 * ("Telefono", a code by SMS), turns on the second factor by SMS, logs out and back in with the
 * code the SMS brings. Codes are read from the SMS outbox (SALON_SMS_DIR). With SALON_SHOTS=<dir>,
 * the screens are saved there as PNG files at 360 × 740 and 1366 px.
 */

test.use({ viewport: { width: 360, height: 740 } })

const DESKTOP = { width: 1366, height: 900 }
const MOBILE = { width: 360, height: 740 }

async function bothSizes(page: Page, name: string) {
  await shot(page, `${name}-360`)
  await page.setViewportSize(DESKTOP)
  await shot(page, `${name}-1366`)
  await page.setViewportSize(MOBILE)
}

/** A mobile number of this run alone (sending is limited per number, and the limits outlive a run). */
function freshPhone() {
  const tail = `${process.pid % 100}`.padStart(2, '0') + `${Date.now() % 10_000_000}`.padStart(7, '0')
  return { national: `3${tail.slice(0, 2)} ${tail.slice(2, 5)} ${tail.slice(5)}`, e164: `+393${tail}` }
}

/** "+39 ••• ••• 4567" as a pattern: the screens keep it on one line with no-break spaces. */
const masked = (e164: string) => `\\+39\\s•••\\s•••\\s${e164.slice(-4)}`

/** The 6 digits of the newest code texted to `e164` since `since`. */
const textedCode = (e164: string, since: number) => textedMatch(e164, since, /(?<=: )\d{6}(?=\. Scade)/)

test('a customer verifies the phone, turns on the SMS second factor, and signs in with the texted code', async ({
  page,
  request,
}) => {
  const phone = freshPhone()
  const customer = await registerViaApi(request, {
    ...newCustomer('phone', 'Paola', 'Neri'),
    phone_number: phone.national,
  })
  await loginInBrowser(page, customer.email, customer.password)
  await page.goto('/reserved-area/settings')

  // "Telefono": the profile's number, not verified yet; a code by SMS verifies it.
  const phoneCard = page.getByRole('region', { name: 'Telefono', exact: true })
  await expect(phoneCard.getByText('Da verificare')).toBeVisible()
  await expect(phoneCard.getByLabel('Numero di cellulare')).toHaveValue(phone.national)
  await expectNoSeriousA11yViolations(page)
  await bothSizes(page, 'phone-settings')
  let since = Date.now()
  await phoneCard.getByRole('button', { name: 'Verifica con un SMS' }).click()
  const codeField = phoneCard.getByLabel('Codice dell’SMS')
  await expect(codeField).toBeFocused()
  await codeField.fill('000000' === (await textedCode(phone.e164, since)) ? '111111' : '000000')
  await phoneCard.getByRole('button', { name: 'Conferma' }).click()
  await expect(phoneCard.getByText('Codice non valido')).toBeVisible()
  await phoneCard.scrollIntoViewIfNeeded()
  await bothSizes(page, 'phone-code-wrong')
  await codeField.fill(await textedCode(phone.e164, since))
  await phoneCard.getByRole('button', { name: 'Conferma' }).click()
  await expect(phoneCard.getByText('Verificato', { exact: true })).toBeVisible()
  await expect(phoneCard.getByText(new RegExp(`^\\+39\\s${phone.national.replace(/ /g, '\\s')}`))).toBeVisible()

  // "Verifica in due passaggi": SMS al tuo numero.
  const mfa = page.getByRole('region', { name: 'Verifica in due passaggi' })
  await mfa.getByRole('button', { name: 'SMS al tuo numero' }).click()
  await expect(mfa.getByLabel('Numero di cellulare')).toHaveValue(phone.e164)
  since = Date.now()
  await mfa.getByRole('button', { name: 'Inviami il codice' }).click()
  await expect(mfa.getByText(new RegExp(`al ${masked(phone.e164)}`))).toBeVisible()
  await mfa.getByLabel('Codice di verifica').fill(await textedCode(phone.e164, since))
  await mfa.getByRole('button', { name: 'Conferma' }).click()
  await expect(mfa.getByRole('heading', { name: 'Codici di recupero' })).toBeVisible()
  await expect(mfa.getByRole('listitem')).toHaveCount(10)
  await bothSizes(page, 'phone-factor-codes')
  await mfa.getByRole('button', { name: 'Ho salvato i codici' }).click()
  await expect(mfa.getByRole('heading', { name: new RegExp(`SMS al ${masked(phone.e164)}`) })).toBeVisible()
  await expect(mfa.getByText('Attiva', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await bothSizes(page, 'phone-factor-on')

  // Out, and in again: the password, then the code the SMS brings.
  await page.getByRole('button', { name: 'Esci', exact: true }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/login')
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible()
  await expect(page.getByText(new RegExp(`Ti invieremo un codice via SMS al ${masked(phone.e164)}\\.`))).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await bothSizes(page, 'phone-login-step')
  since = Date.now()
  await page.getByRole('button', { name: 'Inviami il codice via SMS' }).click()
  const loginCode = page.getByLabel('Codice di verifica')
  await expect(loginCode).toBeFocused()
  await bothSizes(page, 'phone-login-code')
  await loginCode.fill(await textedCode(phone.e164, since))
  await page.getByRole('button', { name: 'Verifica', exact: true }).click()
  await expect(page).toHaveURL(/\/reserved-area/)
  const me = await page.evaluate(
    async () => (await (await fetch('/api/auth/me')).json()) as { user: { email: string } },
  )
  expect(me.user.email).toBe(customer.email.toLowerCase())
})
