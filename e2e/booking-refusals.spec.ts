import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { bookViaApi, firstFreeSlot, loginInBrowser, registerViaApi, serviceIds, wizardParams } from './helpers'

/**
 * A refused confirm is answered by its code (issue 21 §4): a customer who already holds the most
 * bookings the salon allows online (config.maxOpenBookings, 3 in the demo) is told so, with the
 * way to "I miei appuntamenti" — not "someone just booked this time" — and keeps the choice.
 */
test('a customer over the open-booking cap sees the cap, a link to their bookings, and keeps the choice', async ({
  page,
  request,
}) => {
  const me = await registerViaApi(request)
  const { services } = await serviceIds(request)
  const piega = services.get('Piega')!
  // Three bookings an hour or more apart (the cap counts open bookings, whatever the operator).
  for (const skip of [0, 4, 8]) {
    const slot = await firstFreeSlot(request, [piega], 'any', skip, 30)
    await bookViaApi(request, me.token, { services: [piega], operator: 'any', date_start: slot.start })
  }
  const fourth = await firstFreeSlot(request, [piega], 'any', 12, 30)

  await loginInBrowser(page, me.email, me.password)
  const summary = `/reserve?services=${piega}&day=${fourth.day}&time=${encodeURIComponent(fourth.start)}&step=summary`
  await page.goto(summary)
  await page.getByRole('button', { name: 'Conferma prenotazione' }).click()

  const alert = page.getByRole('alert').filter({ hasText: 'è il massimo che si può prenotare online' })
  await expect(alert).toContainText('Hai già 3 appuntamenti in programma')
  await expect(page.getByText('Qualcuno ha appena prenotato questo orario')).toHaveCount(0)
  // The choice is kept: still the summary, same time.
  expect(wizardParams(page).get('step')).toBe('summary')
  expect(wizardParams(page).get('time')).toBe(fourth.start)
  await expectNoSeriousA11yViolations(page)
  await alert.getByRole('link', { name: 'Vai a I miei appuntamenti' }).click()
  await expect(page).toHaveURL(/\/reserved-area$/)
})

/**
 * A booking session gone when the customer confirms (held too long, removed on the server) is
 * reopened with the same choice and confirmed, and the customer is told in a word (issue 21 §4).
 */
test('a booking session gone at the confirm is reopened with the same choice, and said', async ({ page, request }) => {
  const me = await registerViaApi(request)
  const { services } = await serviceIds(request)
  const piega = services.get('Piega')!
  const slot = await firstFreeSlot(request, [piega], 'any', 16, 30)

  await loginInBrowser(page, me.email, me.password)
  await page.goto(`/reserve?services=${piega}&day=${slot.day}&time=${encodeURIComponent(slot.start)}&step=summary`)
  const confirm = page.getByRole('button', { name: 'Conferma prenotazione' })
  await expect(confirm).toBeEnabled()
  // The session this tab holds is gone on the server (an id no draft has: the answer is a 404).
  await page.waitForFunction(() => sessionStorage.getItem('salon.booking.session'))
  await page.evaluate(() => {
    const held = JSON.parse(sessionStorage.getItem('salon.booking.session')!)
    sessionStorage.setItem('salon.booking.session', JSON.stringify({ ...held, id: 2_000_000_000 }))
  })
  await confirm.click()

  await expect(page).toHaveURL(/\/reserve\/thankyou\?id=\d+/)
  await expect(page.getByText('l’abbiamo riaperta e confermata con la stessa scelta')).toBeVisible()
  const id = Number(new URL(page.url()).searchParams.get('id'))
  const mine = await request.get(`/api/reservations/${id}`, { headers: { authorization: `JWT ${me.token}` } })
  expect(mine.status()).toBe(200)
  expect((await mine.json()).date_start).toBe(slot.start)
})

/**
 * The same booking confirmed meanwhile in another tab (SESSION_CONFIRMED): the customer is pointed
 * to "I miei appuntamenti" — the wizard does not reopen a session and book a second time.
 */
test('a booking already confirmed in another tab is pointed to, never booked twice', async ({ page, request }) => {
  const me = await registerViaApi(request)
  const { services } = await serviceIds(request)
  const piega = services.get('Piega')!
  const slot = await firstFreeSlot(request, [piega], 'any', 20, 30)

  await loginInBrowser(page, me.email, me.password)
  await page.goto(`/reserve?services=${piega}&day=${slot.day}&time=${encodeURIComponent(slot.start)}&step=summary`)
  const confirm = page.getByRole('button', { name: 'Conferma prenotazione' })
  await expect(confirm).toBeEnabled()
  await page.waitForFunction(() => sessionStorage.getItem('salon.booking.session'))
  const held = await page.evaluate(() => JSON.parse(sessionStorage.getItem('salon.booking.session')!).id as number)
  // "Another tab": the same session confirmed through the API.
  const headers = { authorization: `JWT ${me.token}` }
  const other = await request.post('/api/reservations/confirm', {
    headers,
    data: { id: held, services: [piega], operator: 'any', date_start: slot.start },
  })
  expect(other.status(), await other.text()).toBe(200)

  await confirm.click()
  const alert = page.getByRole('alert').filter({ hasText: 'è già confermata' })
  await expect(alert).toBeVisible()
  // Nothing left to confirm: a second press would book the same choice twice.
  await expect(confirm).toBeDisabled()
  for (const [w, h] of [
    [360, 740],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.screenshot({ path: `.data/test/shots/already-booked-${w}.png` })
  }
  const mine = await (await request.get('/api/reservations/mine', { headers })).json()
  expect(mine.upcoming).toHaveLength(1)
  await alert.getByRole('link', { name: 'Vai a I miei appuntamenti' }).click()
  await expect(page).toHaveURL(/\/reserved-area$/)
})
