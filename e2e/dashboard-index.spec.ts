import { devices, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  addDays,
  adminGet,
  adminToken,
  bookViaApi,
  firstFreeSlot,
  loginInBrowser,
  registerViaApi,
  romeDay,
  SALON_ZONE as ROME,
  serviceIds,
} from './helpers'

/**
 * /dashboard (issue 13 §1): the KPIs of a fixed past period equal figures this spec works out
 * itself from the demo seed's raw rows (the reservations list, opening hours, holidays, closures
 * and operators as the API lists them — not the dashboard's own code), a pending booking is
 * confirmed in one click, and the page passes axe. Read in Italian (playwright.config.ts).
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

const OCCURRING = ['PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'COMPLETED']
const WEEK = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY']

/** The instant of local midnight starting `day` in Rome (its offset read with Intl). */
function romeMidnight(day: string): Date {
  const noon = new Date(`${day}T12:00:00Z`)
  const offset = /GMT([+-]\d+)/.exec(noon.toLocaleString('en-US', { timeZone: ROME, timeZoneName: 'shortOffset' }))?.[1]
  return new Date(
    `${day}T00:00:00${offset!.startsWith('-') ? '-' : '+'}${offset!.replace(/[+-]/, '').padStart(2, '0')}:00`,
  )
}
type OpeningRow = {
  day_of_week: string
  is_closed: boolean
  intervals: { opening_time: string; closing_time: string }[]
}
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null)

test('the KPIs of a past period are the seed’s own figures; a pending booking is confirmed in one click; axe', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  // A fixed past fortnight of the demo seed (it fills the last 60 days): from 34 to 21 days ago.
  const today = romeDay(new Date())
  const from = addDays(today, -34)
  const to = addDays(today, -21)
  const previousFrom = addDays(from, -14)
  const start = romeMidnight(from)
  const end = romeMidnight(addDays(to, 1))
  const previousStart = romeMidnight(previousFrom)

  // Raw rows: every reservation of the two fortnights, as the admin's list gives them.
  const list = await adminGet(
    request,
    `/api/reservations?depth=0&limit=5000&where[date_start][greater_than_equal]=${previousStart.toISOString()}&where[date_start][less_than]=${end.toISOString()}`,
    token,
  )
  expect(list.totalDocs).toBe(list.docs.length)
  type Row = { status: string; total_price: number; duration: number; date_start: string }
  const rows = list.docs as Row[]
  const inCurrent = rows.filter((r) => Date.parse(r.date_start) >= start.getTime())
  const inPrevious = rows.filter((r) => Date.parse(r.date_start) < start.getTime())
  expect(inCurrent.length).toBeGreaterThan(10) // the seed's past is there
  const figures = (rs: Row[]) => {
    const happening = rs.filter((r) => OCCURRING.includes(r.status))
    const cents = happening.reduce((sum, r) => sum + Math.round(Number(r.total_price) * 100), 0)
    const made = rs.filter((r) => r.status !== 'PENDING_CONFIRMATION').length
    const settled = rs.filter((r) => r.status === 'COMPLETED' || r.status === 'NO_SHOW').length
    return {
      bookings: happening.length,
      cents,
      average: happening.length ? Math.round(cents / happening.length) : null,
      booked: rs
        .filter((r) => OCCURRING.includes(r.status) || r.status === 'NO_SHOW')
        .reduce((s, r) => s + Number(r.duration), 0),
      cancellation: pct(rs.filter((r) => r.status === 'CANCELLED').length, made),
      noShow: pct(rs.filter((r) => r.status === 'NO_SHOW').length, settled),
    }
  }
  const cur = figures(inCurrent)
  const prev = figures(inPrevious)

  // Open minutes: the weekly hours of each day, minus holidays and full-day closures, times the operators.
  const home = await (await request.get('/api/pages/home')).json()
  const holidays = (await adminGet(request, '/api/holidays?limit=500&depth=0', token)).docs as {
    date: string
    recurring_yearly: boolean
    is_active: boolean
  }[]
  const closures = (await adminGet(request, '/api/business-closures?limit=500&depth=0', token)).docs as {
    closure_type: string
    start_date: string
    end_date: string
    is_active: boolean
  }[]
  const active = closures.filter((c) => c.is_active !== false)
  // Only whole-day closures touch the demo's past (the timed kinds would need the engine's own rules).
  for (const c of active.filter((c) => c.closure_type !== 'FULL_DAY'))
    expect(Date.parse(c.start_date) >= end.getTime() || Date.parse(c.end_date) <= previousStart.getTime()).toBe(true)
  const closedDay = (day: string) =>
    holidays.some(
      (h) =>
        h.is_active !== false &&
        (h.recurring_yearly ? h.date.slice(5, 10) === day.slice(5) : h.date.slice(0, 10) === day),
    ) ||
    active.some(
      (c) => c.closure_type === 'FULL_DAY' && c.start_date.slice(0, 10) <= day && day <= c.end_date.slice(0, 10),
    )
  const openMinutes = (fromDay: string, days: number) => {
    let total = 0
    for (let i = 0; i < days; i++) {
      const day = addDays(fromDay, i)
      if (closedDay(day)) continue
      const weekday = WEEK[new Date(`${day}T00:00:00Z`).getUTCDay()]
      const hours = home.openingHours as OpeningRow[]
      for (const h of hours.filter((h) => h.day_of_week === weekday && !h.is_closed))
        for (const iv of h.intervals) total += minutesOf(iv.closing_time) - minutesOf(iv.opening_time)
    }
    return total * home.operators.length
  }
  const openCur = openMinutes(from, 14)
  const openPrev = openMinutes(previousFrom, 14)

  // The API's answer.
  const api = await adminGet(request, `/api/pages/dashboard-index?period=custom&from=${from}&to=${to}`, token)
  expect(api.previousRange.fromDay).toBe(previousFrom)
  expect(api.kpis.bookings).toMatchObject({ current: cur.bookings, previous: prev.bookings })
  expect(api.kpis.revenue).toMatchObject({ current: cur.cents / 100, previous: prev.cents / 100 })
  expect(api.kpis.revenue.difference).toBe((cur.cents - prev.cents) / 100)
  expect(api.kpis.averageTicket.current).toBe(cur.average! / 100)
  expect(api.kpis.cancellationRate).toMatchObject({ current: cur.cancellation, previous: prev.cancellation })
  expect(api.kpis.noShowRate).toMatchObject({ current: cur.noShow, previous: prev.noShow })
  expect(api.figures.current).toMatchObject({ bookedMinutes: cur.booked, openMinutes: openCur })
  expect(api.kpis.occupancy).toMatchObject({ current: pct(cur.booked, openCur), previous: pct(prev.booked, openPrev) })
  expect(api.series.reduce((s: number, d: { bookings: number }) => s + d.bookings, 0)).toBe(cur.bookings)

  // The screen shows the same figures, written the Italian way.
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}`)
  const euro = (cents: number) =>
    new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100)
  const number = (n: number) => new Intl.NumberFormat('it-IT').format(n)
  const kpi = (name: string) => page.getByRole('region', { name, exact: true }).getByTestId('kpi-value')
  await expect(kpi('Prenotazioni')).toHaveText(number(cur.bookings))
  await expect(kpi('Incasso')).toHaveText(euro(cur.cents))
  await expect(kpi('Scontrino medio')).toHaveText(euro(cur.average!))
  await expect(kpi('Annullamenti')).toHaveText(`${number(cur.cancellation!)}%`)
  await expect(kpi('Mancate presentazioni')).toHaveText(`${number(cur.noShow!)}%`)
  await expect(kpi('Occupazione')).toHaveText(`${number(pct(cur.booked, openCur)!)}%`)
  await expect(page.getByRole('radio', { name: 'Personalizzato' })).toBeChecked()
  await expect(page.getByRole('img', { name: /Prenotazioni per giorno/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // A pending booking of a fresh customer, confirmed in one click from the index.
  const customer = await registerViaApi(request)
  const { services } = await serviceIds(request)
  const piega = services.get('Piega')!
  const slot = await firstFreeSlot(request, [piega], 'any')
  const booking = await bookViaApi(request, customer.token, {
    services: [piega],
    operator: 'any',
    date_start: slot.start,
  })
  await page.goto('/dashboard?period=today')
  const pending = page.getByRole('region', { name: 'In attesa della tua risposta' })
  const more = pending.getByRole('button', { name: /^Mostra altre/ })
  const item = pending.getByTestId(`booking-${booking.id}`)
  await expect(pending.getByRole('listitem').first()).toBeVisible()
  if (!(await item.isVisible()) && (await more.isVisible())) await more.click()
  await expect(item).toBeVisible()
  await expect(item.getByText('In attesa di conferma')).toBeVisible()
  await item.getByRole('button', { name: /^Conferma la prenotazione di/ }).click()
  await expect(page.getByText('Stato: Confermata')).toBeVisible()
  await expect(pending.getByTestId(`booking-${booking.id}`)).toHaveCount(0)
  const after = await adminGet(request, `/api/reservations/${booking.id}?depth=0`, token)
  expect(after.status).toBe('CONFIRMED')
  await expectNoSeriousA11yViolations(page)
})
