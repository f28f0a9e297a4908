import { devices, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { adminToken, loginInBrowser, serviceIds } from './helpers'
import { dayWhere, grid, minutesOfDay, openAgenda, romeTime, settled } from './agendaGrid'
import { shot } from './screens'

/**
 * Issue 25 ("Done when", e2e): the owner sets a colour's phases in the service form — 30 minutes
 * with the stylist, 40 of tempo di posa, 50 with the stylist — and, in the agenda, books a cut into
 * its processing gap with a click: the form opens on that time, the cut is saved next to the colour
 * in the same column, and the agenda draws the gap lighter with the customer's name on it. On the
 * production build, with the server's engine and PostgreSQL deciding.
 *
 * The colour is a service of this spec's own, without a category (not in the public catalogue's
 * groups) and deactivated afterwards; its bookings are cancelled. With SALON_SHOTS=<dir>, the
 * screens are saved there.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, timezoneId: 'UTC' })

const made = { service: 0, bookings: [] as number[] }
test.afterAll(async ({ request }) => {
  const token = await adminToken(request)
  const headers = { authorization: `JWT ${token}` }
  for (const id of made.bookings)
    await request.put(`/api/reservations/${id}/status`, { headers, data: { status: 'CANCELLED' } })
  if (made.service) await request.patch(`/api/services/${made.service}`, { headers, data: { active: false } })
})

test('the owner sets a colour’s phases and books a cut into its tempo di posa from the agenda', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const headers = { authorization: `JWT ${token}` }
  const { operators } = await serviceIds(request)
  const marco = operators.get('Marco')!
  const title = `Colore con posa ${Date.now().toString(36)}`
  const created = await request.post('/api/services', {
    headers,
    data: { title, price: 60, time: 120, operators: [marco], active: true },
  })
  expect(created.status(), await created.text()).toBe(201)
  made.service = (await created.json()).doc.id

  // The owner: three phases, the middle one without the stylist.
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto(`/dashboard/service/${made.service}`)
  await expect(page.getByRole('heading', { name: 'Modifica servizio' })).toBeVisible()
  const minutes = page.getByRole('textbox', { name: /^Minuti/ })
  await expect(minutes).toHaveCount(1)
  // The record's own phase (its 120 minutes) first: typed before it arrives, a value is replaced.
  await expect(minutes.first()).toHaveValue('120')
  await minutes.first().fill('30')
  await page.getByRole('button', { name: 'Aggiungi una fase' }).click()
  await minutes.nth(1).fill('40')
  // By keyboard, as the switch is drawn over its (visually hidden) input.
  const stylist = page.getByLabel('Con l’operatore', { exact: true }).nth(1)
  await stylist.focus()
  await page.keyboard.press('Space')
  await expect(stylist).not.toBeChecked()
  await page.getByRole('button', { name: 'Aggiungi una fase' }).click()
  await minutes.nth(2).fill('50')
  await expect(page.getByText('Totale per il cliente: 2 h', { exact: true })).toBeVisible()
  await shot(page, 'phases-service-form-1366')
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/services/${made.service}`) && r.request().method() === 'PATCH',
  )
  await page.getByRole('button', { name: 'Salva' }).click()
  expect((await saved).status()).toBe(200)
  const service = await (await request.get(`/api/services/${made.service}?depth=0`, { headers })).json()
  expect(service.time).toBe(120)
  expect(service.phases.map((p: { minutes: number; operator_busy: boolean }) => [p.minutes, p.operator_busy])).toEqual([
    [30, true],
    [40, false],
    [50, true],
  ])

  // The colour at 10:00 with Marco, on a day far enough ahead that nobody else books him then.
  const { day, slots } = await dayWhere(request, [made.service], marco, 48, (s) =>
    s.some((x) => romeTime(x.start) === '10:00'),
  )
  const ten = slots.find((s) => romeTime(s.start) === '10:00')!
  const card = await request.post('/api/clients', {
    headers,
    data: { name: 'Posa', surname: `E${Date.now()}`, phone_number: '333 250 0025' },
  })
  expect(card.status()).toBe(201)
  const client = (await card.json()).doc
  const colour = await request.post('/api/reservations/book', {
    headers,
    data: { client: client.id, services: [made.service], operator: marco, date_start: ten.start },
  })
  expect(colour.status(), await colour.text()).toBe(201)
  made.bookings.push((await colour.json()).data.id)

  // The agenda draws the gap lighter, with the customer's name; a click there opens a new booking at 10:30.
  await openAgenda(page, day)
  const gap = page.getByText(`Tempo di posa · Posa ${client.surname}`)
  await expect(gap).toBeVisible()
  const g0 = await grid(page, 'Marco Bianchi')
  await page.mouse.wheel(0, g0.y(10 * 60) - 300)
  await settled(page)
  const g = await grid(page, 'Marco Bianchi')
  await page.mouse.click(g.x, g.y(10 * 60 + 30) + 4)
  await expect(page).toHaveURL(/\/dashboard\/booking\/create\?/)
  const start = new URL(page.url()).searchParams.get('start')!
  expect(romeTime(start)).toBe('10:30')
  expect(new URL(page.url()).searchParams.get('operator')).toBe(String(marco))

  // A 30-minute cut for the same person, at the time clicked.
  const search = page.getByRole('searchbox', { name: /^Cliente/ })
  await search.fill(client.surname)
  await page.getByRole('option', { name: new RegExp(`^Posa ${client.surname}`) }).click()
  // The focus goes on to the services: type, pick.
  await expect(page.getByRole('searchbox', { name: /^Servizi/ })).toBeFocused()
  await page.keyboard.type('Taglio u')
  await page.getByRole('option', { name: 'Taglio uomo' }).click()
  await page.keyboard.press('Escape')
  const booked = page.waitForResponse((r) => r.url().endsWith('/api/reservations/book'))
  await page.getByRole('button', { name: 'Prenota alle 10:30' }).click()
  const answer = await booked
  expect(answer.status(), await answer.text()).toBe(201)
  const cut = (await answer.json()).data
  made.bookings.push(cut.id)
  expect(cut.operator).toBe(marco)
  expect(minutesOfDay(cut.date_start)).toBe(10 * 60 + 30)

  // Both in Marco's column: the cut inside the colour's tempo di posa.
  await openAgenda(page, day)
  await expect(page.locator(`[data-id="r${cut.id}"]`)).toBeVisible()
  await expect(page.locator(`[data-id="r${cut.id}"]`)).toContainText('10:30')
  await expect(gap).toBeVisible()
  await shot(page, 'phases-agenda-cut-in-gap-1366')
  await expectNoSeriousA11yViolations(page)
})
