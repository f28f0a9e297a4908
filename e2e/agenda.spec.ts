import { devices, expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  addDays,
  adminGet,
  adminToken,
  bookViaApi,
  loginInBrowser,
  newCustomer,
  registerViaApi,
  romeDay,
  serviceIds,
} from './helpers'
import { dayWhere, grid, minutesOfDay, openAgenda, romeTime, settled, slotsOf, type Slot } from './agendaGrid'

/**
 * The agenda of /dashboard/booking (issue 13): real mouse drags on the production build. A booking
 * dragged to a free time is saved and the customer sees the new time; dragged onto a taken time it
 * is refused by the server (409), snaps back, and the server's words are shown; an afternoon
 * blocked for one operator disappears from that operator's public times only; clicking a free
 * time opens the new-booking form on it. The browser runs in UTC while the salon is in
 * Europe/Rome: the agenda must show and save the salon's wall clock regardless.
 *
 * Days: three weeks ahead and later, which the other specs (first free times from today) do not reach.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, timezoneId: 'UTC' })

/** A surname no other booking has (letters only, as a name should be). */
const unique = (base: string) =>
  base +
  Date.now()
    .toString(26)
    .replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!)
    .slice(-5)
/** Free starts of a day from 10:00 on (salon time). */
const from10 = (slots: Slot[]) => slots.filter((s) => minutesOfDay(s.start) >= 600)
/** A first free start and another two to four hours later: a drag that fits the window. */
const twoTimes = (slots: Slot[]) => {
  const first = from10(slots)[0]
  const later = first && slots.find((s) => Date.parse(s.start) - Date.parse(first.start) >= 2 * 3_600_000)
  return first && later && Date.parse(later.start) - Date.parse(first.start) <= 4 * 3_600_000
    ? { first, later }
    : undefined
}
/** An afternoon mostly free (at least eight free starts from 14:00 to 18:00): nobody blocked it yet. */
const freeAfternoon = (slots: Slot[]) =>
  slots.filter((s) => minutesOfDay(s.start) >= 14 * 60 && minutesOfDay(s.start) < 18 * 60).length >= 8

/** A real mouse drag in small steps (the calendar needs pointer moves, not a synthetic drop). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x, from.y + 4, { steps: 2 })
  await page.mouse.move(to.x, to.y, { steps: 12 })
  await page.mouse.up()
}

/** Scrolls so that the card sits high in the window, leaving room below it for the drop at `dy`. */
async function showForDrag(page: Page, card: Locator, dy: number) {
  await card.scrollIntoViewIfNeeded()
  const box = (await card.boundingBox())!
  await page.mouse.wheel(0, box.y - 160)
  await expect
    .poll(async () => {
      const now = (await card.boundingBox())!
      return now.y >= 0 && now.y + 10 + dy < page.viewportSize()!.height - 10
    })
    .toBe(true)
}

/** Drags a card by `dy` pixels down (and `dx` across columns), holding it near its top. */
async function dragCardBy(page: Page, card: Locator, dy: number, dx = 0) {
  await showForDrag(page, card, Math.max(dy, 0))
  const box = (await card.boundingBox())!
  const from = { x: box.x + box.width / 2, y: box.y + Math.min(10, box.height / 2) }
  await drag(page, from, { x: from.x + dx, y: from.y + dy })
  return box
}

/** A new customer `first surname` (a surname no other booking has) booked with `operator` at `start`. */
async function seedBooking(
  request: APIRequestContext,
  who: { first: string; surname: string },
  booking: { services: number[]; operator: number; start: string },
) {
  const surname = unique(who.surname)
  const customer = await registerViaApi(request, newCustomer('agenda', who.first, surname))
  const saved = await bookViaApi(request, customer.token, {
    services: booking.services,
    operator: booking.operator,
    date_start: booking.start,
  })
  return { customer, booking: saved, name: new RegExp(`${who.first} ${surname}`) }
}

test('a booking dragged to a free time (and to another operator) is saved, the customer sees it; Enter opens it', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const marco = operators.get('Marco')!
  const { day, slots } = await dayWhere(request, [piega], marco, 21, twoTimes)
  // A booking, and a free time two to four hours later on the same day.
  const { first, later: free } = twoTimes(slots)!
  const { customer, booking, name } = await seedBooking(
    request,
    { first: 'Ottavia', surname: 'Trascinata' },
    { services: [piega], operator: marco, start: first.start },
  )

  await openAgenda(page, day)
  const card = page.getByRole('button', { name })
  await expect(card).toBeVisible()
  // The salon's wall clock, not the browser's UTC.
  await expect(card).toContainText(romeTime(booking.date_start))
  const pxPerMinute = (await grid(page, 'Marco Bianchi')).pxPerMinute
  await dragCardBy(page, card, (minutesOfDay(free.start) - minutesOfDay(booking.date_start)) * pxPerMinute)

  await expect(page.getByText('Appuntamento spostato')).toBeVisible()
  await expect(card).toContainText(romeTime(free.start))
  await settled(page)
  await expectNoSeriousA11yViolations(page)
  const mine = await (
    await request.get('/api/reservations/mine', { headers: { authorization: `JWT ${customer.token}` } })
  ).json()
  const moved = mine.upcoming.find((r: { id: number }) => r.id === booking.id)
  expect(moved.date_start).toBe(new Date(free.start).toISOString())
  expect(moved.operator.id).toBe(marco)

  // Across columns: to Giulia, at one of her free times near it.
  const giulia = operators.get('Giulia')!
  const hers = (await slotsOf(request, day, [piega], giulia)).find(
    (s) => Math.abs(Date.parse(s.start) - Date.parse(free.start)) <= 2 * 3_600_000,
  )!
  expect(hers).toBeTruthy()
  const dy2 = (minutesOfDay(hers.start) - minutesOfDay(free.start)) * (await grid(page, 'Giulia Rossi')).pxPerMinute
  const dx = (await grid(page, 'Giulia Rossi')).x - (await grid(page, 'Marco Bianchi')).x
  const edit = page.waitForResponse((r) => r.url().includes(`/api/reservations/${booking.id}/edit`))
  await dragCardBy(page, card, dy2, dx)
  expect((await edit).request().postDataJSON()).toEqual({
    date_start: new Date(hers.start).toISOString(),
    operator: giulia,
  })
  await expect(card).toContainText(romeTime(hers.start))
  const again = await (
    await request.get('/api/reservations/mine', { headers: { authorization: `JWT ${customer.token}` } })
  ).json()
  expect(again.upcoming.find((r: { id: number }) => r.id === booking.id).operator.id).toBe(giulia)

  // The keyboard: the card is a button; Enter opens the booking's page.
  await card.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/dashboard/booking/${booking.id}$`))
})

test('a booking dragged onto a taken time is refused (409), snaps back, and the server says why', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const marco = operators.get('Marco')!
  const { day, slots } = await dayWhere(request, [piega], marco, 28, twoTimes)
  const times = twoTimes(slots)!
  const { booking: a, name: firstName } = await seedBooking(
    request,
    { first: 'Prima', surname: 'Ferma' },
    { services: [piega], operator: marco, start: times.first.start },
  )
  const { booking: b, name: secondName } = await seedBooking(
    request,
    { first: 'Seconda', surname: 'Occupante' },
    { services: [piega], operator: marco, start: times.later.start },
  )

  await openAgenda(page, day)
  const card = page.getByRole('button', { name: firstName })
  await expect(page.getByRole('button', { name: secondName })).toBeVisible()
  const dy = (minutesOfDay(b.date_start) - minutesOfDay(a.date_start)) * (await grid(page, 'Marco Bianchi')).pxPerMinute
  const refused = page.waitForResponse((r) => r.url().includes(`/api/reservations/${a.id}/edit`))
  const before = await dragCardBy(page, card, dy)

  expect((await refused).status()).toBe(409)
  await expect(page.getByText('Non spostato')).toBeVisible()
  // The server's own words (OPERATOR_BUSY / SLOT_TAKEN), not a generic error.
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Non spostato' })).toContainText(
    /occupat|prenotat|disponibil/i,
  )
  // Back where it was, on the screen and on the server.
  await expect.poll(async () => Math.round((await card.boundingBox())!.y)).toBe(Math.round(before.y))
  await expect(card).toContainText(romeTime(a.date_start))
  const saved = await adminGet(request, `/api/reservations/${a.id}`)
  expect(saved.date_start).toBe(new Date(a.date_start).toISOString())
})

test('in the English dashboard the refusal of a drag is in English (worded by its code, issue 21 §4)', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto('/dashboard')
  await page.evaluate(() => localStorage.setItem('salon.dashboard.locale', 'en'))
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const marco = operators.get('Marco')!
  const { day, slots } = await dayWhere(request, [piega], marco, 29, twoTimes)
  const times = twoTimes(slots)!
  const { booking: a, name: firstName } = await seedBooking(
    request,
    { first: 'First', surname: 'Stays' },
    { services: [piega], operator: marco, start: times.first.start },
  )
  const { booking: b, name: secondName } = await seedBooking(
    request,
    { first: 'Second', surname: 'Holder' },
    { services: [piega], operator: marco, start: times.later.start },
  )

  await page.goto(`/dashboard/agenda?mode=day&date=${day}`)
  await expect(page.getByRole('region', { name: /^Agenda of/ })).toBeVisible()
  const card = page.getByRole('button', { name: firstName })
  await expect(page.getByRole('button', { name: secondName })).toBeVisible()
  await settled(page)
  const dy = (minutesOfDay(b.date_start) - minutesOfDay(a.date_start)) * (await grid(page, 'Marco Bianchi')).pxPerMinute
  const refused = page.waitForResponse((r) => r.url().includes(`/api/reservations/${a.id}/edit`))
  await dragCardBy(page, card, dy)
  expect((await refused).status()).toBe(409)
  const note = page.locator('.mantine-Notification-root').filter({ hasText: 'Not moved' })
  await expect(note).toContainText(/no longer available|just been booked/)
  await expect(note).not.toContainText(/orario|disponibile|prenotato/)
})

test('an afternoon blocked for one operator leaves that operator’s public times only', async ({ page, request }) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const marco = operators.get('Marco')!
  const giulia = operators.get('Giulia')!
  const { day } = await dayWhere(request, [piega], marco, 35, freeAfternoon)
  const afternoon = (slots: Slot[]) =>
    slots.filter((s) => minutesOfDay(s.start) >= 14 * 60 && minutesOfDay(s.start) < 18 * 60).map((s) => s.start)
  const giuliaBefore = afternoon(await slotsOf(request, day, [piega], giulia))

  await openAgenda(page, day)
  const g0 = await grid(page, 'Marco Bianchi')
  await page.mouse.wheel(0, g0.y(14 * 60) - 200)
  const g = await grid(page, 'Marco Bianchi')
  // Drag over 14:00–18:00 in Marco's column (the last quarter hour is 17:45–18:00).
  await drag(page, { x: g.x, y: g.y(14 * 60) + 4 }, { x: g.x, y: g.y(18 * 60) - 4 })
  const dialog = page.getByRole('dialog', { name: 'Blocca orario' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Dalle', exact: true })).toHaveValue('14:00')
  await expect(dialog.getByRole('textbox', { name: 'Alle', exact: true })).toHaveValue('18:00')
  await expect(dialog.getByLabel(/^Dal giorno/)).toHaveValue(day)
  await expect(dialog.getByLabel(/^Al giorno/)).toHaveValue(day)
  await dialog.getByLabel('Motivo (facoltativo)').fill('Formazione colore')
  await dialog.getByRole('button', { name: 'Blocca', exact: true }).click()
  await expect(page.getByText('Orario bloccato per l’operatore')).toBeVisible()
  const block = page.getByRole('button', { name: /Non disponibile\s*,\s*Formazione colore\s*,\s*Marco/ })
  await expect(block).toBeVisible()
  await expect(block).toContainText('14:00–18:00')

  // Marco's afternoon is gone from the public times (a Piega must also end by 14:00); Giulia's stays.
  const marcoAfter = await slotsOf(request, day, [piega], marco)
  expect(marcoAfter.filter((s) => minutesOfDay(s.end) > 14 * 60 && minutesOfDay(s.start) < 18 * 60)).toEqual([])
  expect(afternoon(await slotsOf(request, day, [piega], giulia))).toEqual(giuliaBefore)
  await expectNoSeriousA11yViolations(page)
})

test('clicking a free time opens the new booking on that operator, day and time; the agenda passes axe', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const marco = operators.get('Marco')!
  const { day, slots } = await dayWhere(request, [piega], marco, 42, (slots) =>
    slots.some((s) => minutesOfDay(s.start) >= 15 * 60),
  )
  const target = slots.find((s) => minutesOfDay(s.start) >= 15 * 60)!

  await openAgenda(page, day)
  await expectNoSeriousA11yViolations(page)
  const g0 = await grid(page, 'Marco Bianchi')
  await page.mouse.wheel(0, g0.y(minutesOfDay(target.start)) - 300)
  const g = await grid(page, 'Marco Bianchi')
  await page.mouse.click(g.x, g.y(minutesOfDay(target.start)) + 4)

  await expect(page).toHaveURL(/\/dashboard\/booking\/create\?/)
  const url = new URL(page.url())
  expect(url.searchParams.get('operator')).toBe(String(marco))
  expect(url.searchParams.get('start')).toBe(new Date(target.start).toISOString())
  await expect(page.getByRole('heading', { name: 'Nuova prenotazione' })).toBeVisible()
  await expect(page.getByLabel('Operatore')).toHaveValue('Marco')
  await expect(page.getByLabel('Giorno')).toHaveValue(day)
  await page.getByLabel('Servizi').click()
  await page.getByRole('option', { name: 'Piega' }).click()
  await page.keyboard.press('Escape')
  // The clicked time stays chosen once the services are known (the salon's clock).
  await expect(page.getByRole('button', { name: `Prenota alle ${romeTime(target.start)}` })).toBeVisible()

  // The week of one operator, chosen in the URL, survives a reload — also from the agenda's old
  // address (a toggle of the bookings list before issue 20), which now leads to its own page.
  await page.goto(`/dashboard/booking?view=agenda&mode=week&date=${day}&operator=${marco}`)
  await expect(page).toHaveURL(new RegExp(`/dashboard/agenda\\?mode=week&date=${day}&operator=${marco}$`))
  // Named as the grid names operators: name and surname.
  await expect(page.getByLabel('Operatore')).toHaveValue('Marco Bianchi')
  await expect(page.locator('.ec-col-head')).toHaveCount(7)
  await expectNoSeriousA11yViolations(page)
})

test('a booking’s lower edge dragged makes it longer; a block made from the keyboard is renamed and removed', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const marco = operators.get('Marco')!
  const { day, slots } = await dayWhere(request, [piega], marco, 49, twoTimes)
  const { booking, name } = await seedBooking(
    request,
    { first: 'Rita', surname: 'Allungata' },
    { services: [piega], operator: marco, start: twoTimes(slots)!.first.start },
  )
  const token = await adminToken(request)
  const read = () => adminGet(request, `/api/reservations/${booking.id}`, token)
  const minutes = (r: { date_start: string; date_end: string }) =>
    (Date.parse(r.date_end) - Date.parse(r.date_start)) / 60_000
  const before = await read()

  await openAgenda(page, day)
  const card = page.getByRole('button', { name })
  const g = await grid(page, 'Marco Bianchi')
  await showForDrag(page, card, 30 * g.pxPerMinute + 40)
  const box = (await card.boundingBox())!
  await card.hover()
  // The lower edge (the library's resizer) pulled down by half an hour.
  await drag(
    page,
    { x: box.x + box.width / 2, y: box.y + box.height - 3 },
    { x: box.x + box.width / 2, y: box.y + box.height - 3 + 30 * g.pxPerMinute },
  )
  await expect(page.getByText('Durata cambiata')).toBeVisible()
  await settled(page)
  const after = await read()
  expect(minutes(after)).toBe(minutes(before) + 30)
  expect(after.date_start).toBe(before.date_start)
  await expect(card).toContainText(`${romeTime(after.date_start)}–${romeTime(after.date_end)}`)

  // The keyboard path: "Blocca orario", the fields, Enter on the card, rename, remove.
  await page.getByRole('button', { name: 'Blocca orario' }).click()
  const dialog = page.getByRole('dialog', { name: 'Blocca orario' })
  await dialog.getByRole('searchbox', { name: 'Operatore' }).click()
  await page.getByRole('option', { name: 'Marco' }).click()
  await dialog.getByRole('textbox', { name: 'Dalle', exact: true }).fill('20:00')
  await dialog.getByRole('textbox', { name: 'Alle', exact: true }).fill('20:30')
  await dialog.getByLabel('Motivo (facoltativo)').fill('Visita medica')
  await dialog.getByRole('button', { name: 'Blocca', exact: true }).click()
  const block = page.getByRole('button', { name: /Visita medica/ })
  await expect(block).toContainText('20:00–20:30')
  await settled(page)
  await block.focus()
  await page.keyboard.press('Enter')
  const edit = page.getByRole('dialog', { name: 'Orario bloccato' })
  await expect(edit.getByLabel(/^Al giorno/)).toHaveValue(day)
  // Renamed, and made to last until 09:00 of the next day (a block may span days).
  await edit.getByLabel('Motivo (facoltativo)').fill('Visita dal dentista')
  await edit.getByLabel(/^Al giorno/).fill(addDays(day, 1))
  await edit.getByRole('textbox', { name: 'Alle', exact: true }).fill('09:00')
  await edit.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Orario bloccato salvato')).toBeVisible()
  const renamed = page.getByRole('button', { name: /Visita dal dentista/ })
  await expect(renamed).toContainText('20:00–09:00')
  await settled(page)
  const saved = await adminGet(request, `/api/reservations/agenda?from=${day}&to=${day}&operator=${marco}`, token)
  expect(saved.blocks).toHaveLength(1)
  expect(romeDay(new Date(saved.blocks[0].date_end))).toBe(addDays(day, 1))
  expect(romeTime(saved.blocks[0].date_end)).toBe('09:00')
  // Opened again, it keeps both days: editing it does not shorten it.
  await renamed.focus()
  await page.keyboard.press('Enter')
  const again = page.getByRole('dialog', { name: 'Orario bloccato' })
  await expect(again.getByLabel(/^Dal giorno/)).toHaveValue(day)
  await expect(again.getByLabel(/^Al giorno/)).toHaveValue(addDays(day, 1))
  await expect(again.getByRole('textbox', { name: 'Alle', exact: true })).toHaveValue('09:00')
  // Removing asks first; "Annulla" goes back, "Sì, rimuovi" removes.
  await again.getByRole('button', { name: 'Rimuovi il blocco' }).click()
  await again.getByRole('button', { name: 'Annulla' }).click()
  await again.getByRole('button', { name: 'Rimuovi il blocco' }).click()
  await again.getByRole('button', { name: 'Sì, rimuovi' }).click()
  await expect(page.getByText('Blocco rimosso')).toBeVisible()
  await expect(renamed).toHaveCount(0)
  const agenda = await adminGet(request, `/api/reservations/agenda?from=${day}&to=${day}&operator=${marco}`, token)
  expect(agenda.blocks).toEqual([])
})

// ---- issue 20: the agenda's own menu entry, hidden cancelled bookings, closed time, every operator's week ----

/** `2026-11-25` → `mercoledì 25 novembre 2026`, as the agenda titles its day. */
const italianDay = (day: string) =>
  new Intl.DateTimeFormat('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`))

test('“Agenda” is a menu entry of its own, opens on the salon’s today; the day is in the URL, reload and Back keep it', async ({
  page,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto('/dashboard')
  await page.getByRole('navigation').getByRole('link', { name: 'Agenda', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/agenda$/)
  const today = romeDay()
  await expect(page.getByRole('heading', { name: 'Agenda' })).toBeVisible()
  await expect(page.getByText(italianDay(today), { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: `Agenda di ${italianDay(today)}` })).toBeVisible()

  await page.getByRole('button', { name: 'Giorno successivo' }).click()
  const tomorrow = addDays(today, 1)
  await expect(page).toHaveURL(new RegExp(`date=${tomorrow}`))
  await page.reload()
  await expect(page.getByText(italianDay(tomorrow), { exact: true })).toBeVisible()
  await page.goBack()
  await expect(page.getByText(italianDay(today), { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('cancelled bookings are hidden, the filter (in the URL) shows them muted; a closed Sunday and Christmas are shaded', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const marco = operators.get('Marco')!
  const { day, slots } = await dayWhere(request, [piega], marco, 56, (slots) => slots.length > 0)
  const seeded = await seedBooking(
    request,
    { first: 'Annullata', surname: 'Prova' },
    { services: [piega], operator: marco, start: slots[0]!.start },
  )
  const token = await adminToken(request)
  const cancelled = await request.put(`/api/reservations/${seeded.booking.id}/status`, {
    headers: { authorization: `JWT ${token}` },
    data: { status: 'CANCELLED' },
  })
  expect(cancelled.status(), await cancelled.text()).toBe(200)

  await openAgenda(page, day)
  const card = page.locator(`.ec-event[data-id="r${seeded.booking.id}"]`)
  // Hidden by default: the grid shows only what holds the chair. (The day's answer is drawn: its
  // closed hours are shaded — they come with the bookings.)
  await expect(page.locator('.ec-bg-event.salon-closed-hours').first()).toBeAttached()
  await expect(card).toHaveCount(0)
  await page.locator('label', { hasText: 'Mostra annullati e rifiutati' }).click()
  await expect(page).toHaveURL(/cancelled=1/)
  await expect(card).toBeVisible()
  await expect(card).toHaveClass(/salon-cancelled/)
  await expect(card).toContainText('Annullata')
  await page.reload()
  await expect(card).toBeVisible()
  await expect(page.getByLabel('Mostra annullati e rifiutati')).toBeChecked()
  await page.locator('label', { hasText: 'Mostra annullati e rifiutati' }).click()
  await expect(card).toHaveCount(0)

  // The salon's closed time, from the engine: the hours outside opening on that day (above), a Sunday (closed in the demo salon) all day, in words…
  let sunday = addDays(day, 1)
  while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1)
  await openAgenda(page, sunday)
  const closedDay = page.locator('.ec-bg-event.salon-closed-closed-day')
  await expect(closedDay.first()).toBeVisible()
  await expect(closedDay.first()).toHaveText('Chiuso tutto il giorno')
  // …and a holiday (Christmas, yearly in the demo salon).
  const christmas = `${new Date().getUTCFullYear() + 1}-12-25`
  await openAgenda(page, christmas)
  await expect(page.locator('.ec-bg-event.salon-closed-holiday').first()).toHaveText('Festività')
  await expectNoSeriousA11yViolations(page)
})

test('the week view shows every active operator by default, a column each under every day', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const active = await adminGet(request, '/api/operators?depth=0&limit=100&where[active][equals]=true')
  const names = (active.docs as { name: string; surname?: string }[]).map((o) => `${o.name} ${o.surname ?? ''}`.trim())
  expect(names.length).toBeGreaterThan(1)
  const day = addDays(romeDay(), 28)
  await page.goto(`/dashboard/agenda?mode=week&date=${day}`)
  await expect(page.getByLabel('Operatore')).toHaveValue('Tutti gli operatori')
  // Seven days, each with a column per active operator.
  await expect(page.locator('.ec-col-head')).toHaveCount(7 * names.length)
  for (const name of names) await expect(page.locator('.ec-col-head', { hasText: name })).toHaveCount(7)
  // Every operator's bookings of that week are drawn (not cancelled or rejected ones).
  const monday = addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7))
  const week = await adminGet(request, `/api/reservations/agenda?from=${monday}&to=${addDays(monday, 6)}`)
  const live = (week.reservations as { id: number; status: string }[]).filter(
    (r) => !['CANCELLED', 'REJECTED'].includes(r.status),
  )
  await expect(page.locator('.ec-event[data-id^="r"]')).toHaveCount(live.length)
  await expectNoSeriousA11yViolations(page)
  // One operator chosen: that operator's week, in the URL.
  await page.getByLabel('Operatore').click()
  await page.getByRole('option', { name: names[1]! }).click()
  await expect(page).toHaveURL(/operator=\d+/)
  await expect(page.locator('.ec-col-head')).toHaveCount(7)
})
