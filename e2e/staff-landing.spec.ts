import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { firstFreeSlot, newCustomer, serviceIds } from './helpers'

/** Issue 20: staff who sign in on the site are offered their place; a waiting booking is said; consent is asked. */
test.describe('the way in from the site', () => {
  async function signIn(page: import('@playwright/test').Page, email: string) {
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link', { name: 'Accedi' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('demo1234')
    await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  }

  test('the owner signs in on /login and lands on the dashboard; the reserved area links it', async ({ page }) => {
    await signIn(page, 'admin@demo.salon')
    await expect(page).toHaveURL(/\/dashboard$/)
    // The dashboard app itself, greeting the owner: not the site's 404 nor the customer area.
    await expect(page.getByText(/Anna/).first()).toBeVisible()
    await expect(page.getByText(/Page Not Found/)).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Sezioni dell’area riservata' })).toHaveCount(0)

    await page.goto('/reserved-area')
    const link = page.getByRole('link', { name: 'Vai alla dashboard' })
    await expect(link).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await link.click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('an operator signs in and lands on their agenda', async ({ page }) => {
    await signIn(page, 'operatore@demo.salon')
    await expect(page).toHaveURL(/\/reserved-area$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Giulia')
    await expect(page.getByRole('button', { name: 'Oggi', exact: true })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('link', { name: 'Vai alla dashboard' })).toHaveCount(0)
  })

  test('registration says which booking waits, asks consent, and comes back to confirm it', async ({
    page,
    request,
  }) => {
    const { services } = await serviceIds(request)
    const id = services.get('Taglio donna')!
    const slot = await firstFreeSlot(request, [id], 'any')
    const day = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
    const time = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' })
    const wizard = `/reserve?services=${id}&day=${slot.day}&time=${encodeURIComponent(slot.start)}&step=summary`
    await page.goto(`/register?redirectTo=${encodeURIComponent(wizard)}`)
    await expect(page.getByRole('status')).toHaveText(
      `Ti aspetta: Taglio donna, ${day.format(new Date(`${slot.day}T12:00:00Z`))} alle ${time.format(new Date(slot.start))}` +
        'Dopo la registrazione confermi la prenotazione.',
    )

    const customer = newCustomer('consent')
    await page.getByLabel('Nome', { exact: true }).fill(customer.name)
    await page.getByLabel('Cognome').fill(customer.surname)
    await page.getByLabel('Email').fill(customer.email)
    await page.getByLabel('Telefono').fill(customer.phone_number)
    await page.getByLabel('Password').fill(customer.password)
    await page.getByRole('button', { name: 'Crea account' }).click()
    const consent = page.getByRole('checkbox', { name: 'Ho letto l’informativa sulla privacy' })
    await expect(consent).toHaveAttribute('aria-invalid', 'true')
    await expect(
      page.getByText('Per creare l’account conferma di aver letto l’informativa sulla privacy'),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // The policy opens in another tab: the form keeps what was typed.
    const [policy] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .locator('form')
        .getByRole('link', { name: /informativa sulla privacy/ })
        .click(),
    ])
    await expect(policy.getByRole('heading', { name: 'Privacy' })).toBeVisible()
    await policy.close()
    await expect(page.getByLabel('Email')).toHaveValue(customer.email)

    await consent.check()
    await page.getByRole('button', { name: 'Crea account' }).click()
    await expect(page.getByRole('heading', { name: 'Riepilogo' })).toBeVisible()
    await expect(page).toHaveURL(/\/reserve\?.*step=summary/)
    await expect(page.locator('.sticky-bar').getByRole('button', { name: 'Conferma prenotazione' })).toBeEnabled()
  })
})

// The owner's very first visit: nothing remembered, an Italian browser (issue 20, "Done when").
test.describe('the owner in an Italian browser, first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] }, locale: 'it-IT' })

  test('signs in from the site and lands on the dashboard, in Italian', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill('admin@demo.salon')
    await page.getByLabel('Password', { exact: true }).fill('demo1234')
    await page.getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('link', { name: 'Prenotazioni' }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Bookings' })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
  })
})
