import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { addDays, romeDay, SALON_ZONE as ZONE } from './helpers'

/**
 * The dashboard's agenda as a test reads it (agenda.spec.ts, phases.spec.ts): the salon's wall
 * clock of an instant, the free times of a day, the calendar's pixels (an operator's column, the
 * height of a minute) and when it has settled.
 */

export const romeTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: ZONE, hourCycle: 'h23' }).format(
    new Date(iso),
  )
export const minutesOfDay = (iso: string) => {
  const [h, m] = romeTime(iso).split(':').map(Number) as [number, number]
  return h * 60 + m
}
export interface Slot {
  start: string
  end: string
}
export async function slotsOf(request: APIRequestContext, day: string, services: number[], operator: number | 'any') {
  const res = await request.get(
    `/api/reservations/time-availability-day?date=${day}&services=${services.join(',')}&operator=${operator}`,
  )
  expect(res.status()).toBe(200)
  return (await res.json()).slots as Slot[]
}

/** The first day from `offset` days ahead on which `operator`'s free times satisfy `fits`. */
export async function dayWhere(
  request: APIRequestContext,
  services: number[],
  operator: number,
  offset: number,
  fits: (slots: Slot[]) => unknown,
) {
  const today = romeDay()
  for (let i = offset; i < offset + 14; i++) {
    const day = addDays(today, i)
    const slots = await slotsOf(request, day, services, operator)
    if (fits(slots)) return { day, slots }
  }
  throw new Error('no day with room in two weeks')
}

/** An operator's column title (the grid is presentational: the cards carry the meaning). */
export const columnOf = (page: Page, operatorName: string) => page.locator('.ec-col-head', { hasText: operatorName })

/** Minutes of the day of a `HH:mm[:ss]` (or a date-time ending so). */
export const minutesOfLabel = (text: string) => {
  const [, h, m] = /(\d{2}):(\d{2})(?::\d{2})?$/.exec(text)!
  return Number(h) * 60 + Number(m)
}

/**
 * Pixels of the calendar: the column of an operator and the height of a minute. The grid's hours
 * follow what it shows (08–20 at least), so they are read from its time axis.
 */
export async function grid(page: Page, operatorName: string) {
  const head = columnOf(page, operatorName)
  const headBox = (await head.boundingBox())!
  const slots = await page
    .locator('.ec-body .ec-sidebar time')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''))
  const first = minutesOfLabel(slots[0]!)
  const span = (minutesOfLabel(slots[1]!) - first) * slots.length
  // The body's first day cell spans the grid's hours.
  const cell = (await page.locator('.ec-body .ec-day').first().boundingBox())!
  const pxPerMinute = cell.height / span
  return {
    x: headBox.x + headBox.width / 2,
    y: (minute: number) => cell.y + (minute - first) * pxPerMinute,
    pxPerMinute,
  }
}

/**
 * The agenda has its answer and no change is in flight: its spinner is gone. What the user waits
 * for before the next drag — a drag begun while the agenda is read again is dropped when the new
 * answer redraws the cards (a race a slow machine loses).
 */
export async function settled(page: Page) {
  await expect(page.getByLabel(/^(Caricamento…|Loading…)$/)).toHaveCount(0)
}

export async function openAgenda(page: Page, day: string) {
  await page.goto(`/dashboard/agenda?mode=day&date=${day}`)
  await expect(page.getByRole('region', { name: /^Agenda di/ })).toBeVisible()
  await expect(columnOf(page, 'Marco Bianchi')).toBeVisible()
  await settled(page)
}
