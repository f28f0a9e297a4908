import { devices, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { adminGet, bookViaApi, firstFreeSlot, loginInBrowser, registerViaApi, serviceIds } from './helpers'

/**
 * Bookings from /dashboard (issue 11): readable statuses and filters in the list, a booking's page
 * with only the transitions the status machine allows, and booking a customer in through the same
 * guarded path as customers — a taken time is a 409 on the form, never a double booking.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

test('the list shows labels, hides drafts, filters by status in the URL; a pending booking is approved from its page', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  // A pending booking of a fresh customer (autoConfirm is off in the demo salon).
  // (Customers act through their own request context: the page's one carries the admin's cookie.)
  const customer = await registerViaApi(request)
  const { services } = await serviceIds(request)
  const piega = services.get('Piega')!
  const slot = await firstFreeSlot(request, [piega], 'any', 3)
  const booking = await bookViaApi(request, customer.token, {
    services: [piega],
    operator: 'any',
    date_start: slot.start,
  })

  await page.goto('/dashboard/booking?f_status=PENDING')
  await expect(page.getByRole('heading', { name: 'Prenotazioni' })).toBeVisible()
  await expect(page.getByText('In attesa di conferma').first()).toBeVisible()
  await expect(page.getByText('PENDING', { exact: true })).toHaveCount(0)
  await expect(page.getByText('In compilazione (bozza)')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  await page.goto(`/dashboard/booking/${booking.id}`)
  await expect(page.getByRole('heading', { name: `Prenotazione #${booking.id}` })).toBeVisible()
  await expect(page.getByText(customer.email)).toBeVisible()
  // A request ahead: one accept button (Conferma — Approva only in the two-step flow), Rifiuta,
  // Annulla; no payment, and nothing that only makes sense from the start (issue 20).
  await expect(page.getByRole('button', { name: 'Conferma' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approva' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'In attesa di pagamento' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Completato' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Non presentato' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Conferma' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click()
  await expect(page.getByText('Confermata').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Conferma' })).toHaveCount(0)
  await expect(page.getByText('Stato cambiato')).toBeVisible()
  const saved = await adminGet(request, `/api/reservations/${booking.id}`)
  expect(saved.status).toBe('CONFIRMED')
})

test('booking a customer onto a time taken meanwhile shows the 409 on the form; nothing double-booked', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const { services, operators } = await serviceIds(page.request)
  const piega = services.get('Piega')!
  const marco = operators.get('Marco')!
  const slot = await firstFreeSlot(page.request, [piega], marco, 5)

  await page.goto('/dashboard/booking/create')
  await expect(page.getByRole('heading', { name: 'Nuova prenotazione' })).toBeVisible()
  await page.getByLabel('Cliente').fill('cliente@demo')
  await page.getByRole('option', { name: /cliente@demo\.salon/ }).click()
  // Picking the client moves the focus on to the services (issue 24: a phone call by keyboard).
  await expect(page.getByRole('searchbox', { name: 'Servizi' })).toBeFocused()
  await page.getByRole('searchbox', { name: 'Servizi' }).fill('Pieg')
  await page.getByRole('option', { name: 'Piega' }).click()
  await page.keyboard.press('Escape')
  await page.getByLabel('Operatore').click()
  await page.getByRole('option', { name: 'Marco' }).click()
  await page.getByLabel('Giorno').fill(slot.day)
  const time = new Intl.DateTimeFormat('it-IT', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Rome',
  }).format(new Date(slot.start))
  await page.getByText(time, { exact: true }).click()
  await expectNoSeriousA11yViolations(page)

  // Someone else takes that time first.
  const other = await registerViaApi(request)
  await bookViaApi(request, other.token, { services: [piega], operator: marco, date_start: slot.start })

  await page.getByRole('button', { name: `Prenota alle ${time}` }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: /non è più disponibile|appena stato prenotato/ }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/booking\/create/)
  // One booking holds that time for Marco, not two.
  const agenda = await adminGet(request, `/api/reservations/agenda?from=${slot.day}&to=${slot.day}&operator=${marco}`)
  const holding = agenda.reservations.filter(
    (r: { date_start: string; status: string }) =>
      Date.parse(r.date_start) === Date.parse(slot.start) && r.status !== 'CANCELLED',
  )
  expect(holding).toHaveLength(1)

  // Another free time goes through and lands on the booking's page, CONFIRMED.
  await page.locator('[role="group"][aria-label="Orari liberi"] label').first().click()
  await page.getByRole('button', { name: /Prenota alle/ }).click()
  await expect(page).toHaveURL(/\/dashboard\/booking\/\d+$/)
  await expect(page.getByText('Confermata').first()).toBeVisible()
  await expect(page.getByText('Prenotata dal salone')).toBeVisible()
})
