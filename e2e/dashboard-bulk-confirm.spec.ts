import { devices, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { adminGet, bookViaApi, firstFreeSlot, loginInBrowser, newCustomer, registerViaApi, serviceIds } from './helpers'

/**
 * Issue 20: the owner answers several pending requests at once from the bookings list — chosen by
 * keyboard ("choose all pending on this page"), confirmed after one confirmation dialog, each
 * through its own `PUT /api/reservations/:id/status` — and the three end up Confermata.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

test('three pending requests confirmed together from the bookings list', async ({ page, request }) => {
  // Three customers of this run ask for three times (autoConfirm is off in the demo: PENDING).
  const run = `bulk${Date.now()}`
  const { services } = await serviceIds(request)
  const piega = services.get('Piega')!
  const names = ['Bice', 'Carla', 'Dora']
  const bookings: { id: number }[] = []
  for (const name of names) {
    const customer = await registerViaApi(request, newCustomer(run, name, 'Prova'))
    const slot = await firstFreeSlot(request, [piega], 'any', 0, 30)
    bookings.push(
      await bookViaApi(request, customer.token, { services: [piega], operator: 'any', date_start: slot.start }),
    )
  }
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  for (const b of bookings) expect((await adminGet(request, `/api/reservations/${b.id}`)).status).toBe('PENDING')

  // The list of this run's requests (the search finds their e-mails), upcoming first.
  await page.goto(`/dashboard/booking?f_status=PENDING&f_q=${run}`)
  await expect(page.getByRole('heading', { name: 'Prenotazioni' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Prossime' })).toBeChecked()
  for (const name of names) await expect(page.getByRole('cell', { name: `${name} Prova`, exact: true })).toBeVisible()
  // Dates in words, never spec §3's numbers.
  await expect(
    page.getByRole('cell', { name: /^(lun|mar|mer|gio|ven|sab|dom) \d{1,2} \w{3} \d{4}, \d\d:\d\d$/ }),
  ).toHaveCount(3)

  // Keyboard: focus "choose all", space.
  const all = page.getByRole('checkbox', { name: 'Scegli tutte le richieste in attesa di questa pagina' })
  await all.focus()
  await page.keyboard.press('Space')
  for (const name of names)
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Scegli ${name} Prova,`) })).toBeChecked()
  await expect(page.getByText('Richieste scelte: 3').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Conferma (3)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confermare 3 richieste?' })
  await expect(dialog).toBeVisible()
  for (const name of names) await expect(dialog.getByText(new RegExp(`^${name} Prova, `))).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Conferma tutte' }).click()

  const summary = page.getByTestId('bulk-summary')
  await expect(summary).toContainText('Confermate: 3')
  await expect(summary).not.toContainText('Non cambiate')
  // The list is read again: no longer pending (the filter shows none), and Confermata on the server.
  await expect(page.getByRole('cell', { name: 'Bice Prova', exact: true })).toHaveCount(0)
  for (const b of bookings) expect((await adminGet(request, `/api/reservations/${b.id}`)).status).toBe('CONFIRMED')
  await page.goto(`/dashboard/booking?f_q=${run}`)
  await expect(page.getByText('Confermata', { exact: true })).toHaveCount(3)
})
