import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { adminToken, firstFreeSlot, loginInBrowser, romeDay, serviceIds } from './helpers'
import { DESKTOP, PHONE, shot } from './screens'

/**
 * Issue 27 §4 in the dashboard on the production build: a series of 6 (every 4 weeks) whose third
 * date was booked first by someone else is shown with that conflict and its alternatives; the
 * owner accepts the first alternative and books the 6; the occurrences carry the series badge on
 * the booking page and the mark on the agenda's card. Everything made is cancelled afterwards.
 */

const made = { bookings: [] as number[], clients: [] as number[] }

async function api(request: APIRequestContext, token: string, method: string, url: string, data?: unknown) {
  const res = await request.fetch(url, { method, data, headers: { authorization: `JWT ${token}` } })
  return { status: res.status(), body: await res.json().catch(() => null) }
}

test.afterEach(async ({ request }) => {
  const token = await adminToken(request)
  for (const id of made.bookings.splice(0))
    await api(request, token, 'PUT', `/api/reservations/${id}/status`, { status: 'CANCELLED' })
  for (const id of made.clients.splice(0)) await api(request, token, 'POST', `/api/clients/${id}/erase`, {})
})

async function newCard(request: APIRequestContext, token: string, name: string, surname: string) {
  const res = await api(request, token, 'POST', '/api/clients', { name, surname, phone_number: '333 5550202' })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  made.clients.push(res.body.doc.id)
  return res.body.doc.id as number
}

/** A first date for Marco whose 6 dates every 4 weeks are all free now (the server's own check). */
async function freeSeriesStart(
  request: APIRequestContext,
  token: string,
  client: number,
  piega: number,
  marco: number,
) {
  for (let skip = 0; skip < 12; skip++) {
    const { start } = await firstFreeSlot(request, [piega], marco, skip, 48)
    const check = await api(request, token, 'POST', '/api/reservations/series/check', {
      client,
      services: [piega],
      operator: marco,
      date_start: start,
      every_weeks: 4,
      count: 6,
    })
    expect(check.status, JSON.stringify(check.body)).toBe(200)
    const occurrences = check.body.occurrences as { available: boolean; date_start: string }[]
    if (occurrences.every((o) => o.available)) return occurrences
  }
  throw new Error('no start with 6 free dates every 4 weeks')
}

for (const [size, device] of [
  ['1366', DESKTOP],
  ['360', PHONE],
] as const) {
  test.describe(`a repeating booking from the dashboard (${size} wide)`, () => {
    test.use(device)

    test('6 every 4 weeks, one date taken first: its alternative accepted, the 6 booked and marked', async ({
      page,
    }) => {
      await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
      const token = await adminToken(page.request)
      const { services, operators } = await serviceIds(page.request)
      const piega = services.get('Piega')!
      const marco = operators.get('Marco')!
      const surname = `Serie${size}${Date.now() % 100000}`
      const client = await newCard(page.request, token, 'Elena', surname)
      const other = await newCard(page.request, token, 'Altra', `Cliente${size}${Date.now() % 100000}`)
      const dates = await freeSeriesStart(page.request, token, client, piega, marco)
      // The third date goes to someone else first (booked over the API).
      const taken = await api(page.request, token, 'POST', '/api/reservations/book', {
        client: other,
        services: [piega],
        operator: marco,
        date_start: dates[2]!.date_start,
      })
      expect(taken.status, JSON.stringify(taken.body)).toBe(201)
      made.bookings.push(taken.body.data.id)

      const start = dates[0]!.date_start
      await page.goto(
        `/dashboard/booking/create?client=${client}&operator=${marco}&start=${encodeURIComponent(start)}&services=${piega}`,
      )
      await expect(page.getByRole('searchbox', { name: /^Cliente/ })).toHaveValue(new RegExp(`Elena ${surname}`))
      await page.getByText('Ripeti', { exact: true }).click()
      await expect(page.getByRole('switch', { name: /Ripeti/ })).toBeChecked()
      await expect(page.getByRole('textbox', { name: 'Ogni quante settimane' })).toHaveValue('4')
      await page.getByRole('button', { name: 'Controlla le date' }).click()
      const table = page.getByRole('table', { name: 'Le date' })
      await expect(table).toBeVisible()
      await expect(table.getByText('Libero', { exact: true })).toHaveCount(5)
      const row = page.getByTestId('series-row-2')
      await expect(row.getByText('Libero', { exact: true })).toHaveCount(0)
      const alternatives = row.getByRole('group', { name: /^Al posto di/ })
      await expect(alternatives.getByRole('radio').first()).toBeVisible()
      const book = page.getByRole('button', { name: 'Prenota 6 appuntamenti' })
      await expect(book).toBeDisabled()
      await shot(page, `dashboard-series-check-${size}`)
      await expectNoSeriousA11yViolations(page)

      await alternatives.locator('label').first().click()
      await expect(alternatives.getByRole('radio').first()).toBeChecked()
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/reservations/series') && r.request().method() === 'POST',
      )
      await book.click()
      const res = await created
      const body = await res.json()
      expect(res.status(), JSON.stringify(body)).toBe(201)
      const ids = (body.reservations as { id: number }[]).map((r) => r.id)
      made.bookings.push(...ids)
      expect(ids).toHaveLength(6)
      const third = body.reservations.find((r: { index: number }) => r.index === 2)
      expect(third.date_start).not.toBe(dates[2]!.date_start)
      await expect(page.getByText('La serie è prenotata')).toBeVisible()
      await shot(page, `dashboard-series-booked-${size}`)

      // The third occurrence's page: its badge; cancel asks which ones.
      await page.goto(`/dashboard/booking/${third.id}`)
      await expect(page.getByTestId('series-badge')).toHaveText('Appuntamento ricorrente · ogni 4 settimane (3 di 6)')
      await page.getByRole('button', { name: 'Annulla', exact: true }).first().click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('group', { name: 'Quali appuntamenti?' })).toBeVisible()
      await expect(dialog.getByRole('radio', { name: 'Solo questo appuntamento' })).toBeChecked()
      await shot(dialog, `dashboard-series-scope-${size}`)
      await expectNoSeriousA11yViolations(page)
      await page.keyboard.press('Escape')

      // The agenda's card of that day says so too.
      await page.goto(`/dashboard/agenda?mode=day&date=${romeDay(new Date(third.date_start))}`)
      await expect(page.locator(`[data-id="r${third.id}"]`)).toContainText(
        'Appuntamento ricorrente · ogni 4 settimane (3 di 6)',
      )
      await shot(page, `dashboard-series-agenda-${size}`)
    })
  })
}
