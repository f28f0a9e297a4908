import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  addDays,
  adminToken,
  firstFreeSlot,
  loginInBrowser,
  mailedLink,
  newCustomer,
  registerViaApi,
  serviceIds,
} from './helpers'
import { DESKTOP, PHONE, shot } from './screens'

/**
 * Issue 27 "Done when", on the production build and a phone: a customer finds a day full (every
 * operator blocked over the whole day through the API), asks "Avvisami se si libera" in the wizard,
 * sees the entry in "I miei appuntamenti"; the salon frees a time (one block removed), the waitlist
 * queue offers it by mail, the customer opens the mail's link and books it with one tap. Axe on the
 * new screens; with SALON_SHOTS=<dir> they are saved at 360 and 1366 wide.
 */

const blocks: number[] = []
const bookings: number[] = []

test.afterEach(async ({ request }) => {
  const admin = { authorization: `JWT ${await adminToken(request)}` }
  for (const id of blocks.splice(0)) await request.delete(`/api/operator-blocks/${id}`, { headers: admin })
  for (const id of bookings.splice(0))
    await request.put(`/api/reservations/${id}/status`, { data: { status: 'CANCELLED' }, headers: admin })
})

/**
 * Blocks every operator over the whole of a salon day (UTC 22:00 the day before to 23:00 of the
 * day: the Rome day in summer and in winter). The first day from `from` where no booking is in the
 * way; returns it with the blocks by operator.
 */
async function fillADay(request: APIRequestContext, services: number[], operators: number[], from: string) {
  const admin = { authorization: `JWT ${await adminToken(request)}` }
  for (let n = 0; n < 50; n++) {
    const day = addDays(from, n)
    // Open that day (free times now), so that blocking it makes it full, not closed.
    const { slots } = await (
      await request.get(
        `/api/reservations/time-availability-day?date=${day}&services=${services.join(',')}&operator=any`,
      )
    ).json()
    if (!slots.length) continue
    const made = new Map<number, number>()
    let ok = true
    for (const operator of operators) {
      const res = await request.post('/api/operator-blocks', {
        headers: admin,
        data: {
          operator,
          date_start: `${addDays(day, -1)}T22:00:00.000Z`,
          date_end: `${day}T23:00:00.000Z`,
          reason: 'e2e waitlist',
        },
      })
      if (res.status() !== 201) {
        ok = false
        break
      }
      const id = (await res.json()).data.id as number
      made.set(operator, id)
      blocks.push(id)
    }
    if (ok) return { day, blocks: made }
    for (const id of made.values()) {
      await request.delete(`/api/operator-blocks/${id}`, { headers: admin })
      blocks.splice(blocks.indexOf(id), 1)
    }
  }
  throw new Error('no day without bookings to fill')
}

test('join the waitlist from a full day on a phone, get the offer by mail, book it with one tap', async ({
  browser,
  request,
}) => {
  test.slow()
  const customer = await registerViaApi(request, newCustomer('wl', 'Wanda', 'Attesa'))
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  // A day that has free times today (so the salon is open then), two days or more ahead.
  const { day: openDay } = await firstFreeSlot(request, [piega], 'any', 0, 48)
  const { day, blocks: byOperator } = await fillADay(request, [piega], [...operators.values()], openDay)
  const empty = await (
    await request.get(`/api/reservations/time-availability-day?date=${day}&services=${piega}&operator=any`)
  ).json()
  expect(empty.slots).toEqual([])

  // On a phone, the wizard at that day: full, and the way to be told.
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL })
  const page = await phone.newPage()
  await loginInBrowser(page, customer.email, customer.password)
  await page.goto(`/reserve?services=${piega}&day=${day}&step=when`)
  await expect(page.getByText('In questo giorno non ci sono più orari liberi.', { exact: false })).toBeVisible()
  await expect(page.getByText('Oppure ti avvisiamo noi', { exact: false })).toBeVisible()
  await shot(page, 'waitlist-full-day-360')
  await page.getByRole('button', { name: 'Avvisami se si libera' }).click()
  const form = page.getByRole('form', { name: 'Avvisami se si libera' })
  await expect(form).toBeVisible()
  await expect(form.getByRole('button', { pressed: true })).toHaveCount(1)
  await expect(form.getByRole('radio', { name: /Tutto il giorno/ })).toBeChecked()
  await expectNoSeriousA11yViolations(page)
  await shot(page, 'waitlist-form-360')
  await form.getByRole('button', { name: 'Avvisami', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Ti avvisiamo appena si libera un posto' })).toBeVisible()
  await shot(page, 'waitlist-joined-360')

  // "I miei appuntamenti": the entry, waiting.
  await page.getByRole('link', { name: 'Vai a I miei appuntamenti' }).click()
  const section = page.getByRole('region', { name: 'Lista d’attesa' })
  await expect(section.getByText('Piega')).toBeVisible()
  await expect(section.getByText('In attesa')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await shot(page, 'waitlist-mine-360')

  // The salon frees a time: one operator's block is removed. The queue offers it by mail.
  const since = Date.now()
  const freed = [...byOperator.keys()][0]!
  const admin = { authorization: `JWT ${await adminToken(request)}` }
  expect((await request.delete(`/api/operator-blocks/${byOperator.get(freed)}`, { headers: admin })).status()).toBe(200)
  blocks.splice(blocks.indexOf(byOperator.get(freed)!), 1)
  const link = await mailedLink(customer.email, since, /https?:\/\/[^\s"<]+\/reserve\/offer\/\d+/)
  const offerPath = new URL(link).pathname

  // "I miei appuntamenti" now shows the open offer, prominently.
  await page.reload()
  await expect(
    section.getByRole('link', { name: /Si è liberato un posto: prenota entro le \d\d:\d\d/ }),
  ).toHaveAttribute('href', offerPath)
  await shot(page, 'waitlist-mine-offer-360')

  // The mail's link: the time, held, one tap.
  await page.goto(offerPath)
  await expect(page.getByRole('heading', { name: 'Si è liberato un posto' })).toBeVisible()
  await expect(page.getByText(/Te lo teniamo fino alle \d\d:\d\d/)).toBeVisible()
  await expect(page.getByText('Piega').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await shot(page, 'waitlist-offer-360')

  // The same offer on a desktop, before the tap.
  const desktop = await browser.newContext({ ...DESKTOP, baseURL: test.info().project.use.baseURL })
  const wide = await desktop.newPage()
  await loginInBrowser(wide, customer.email, customer.password)
  await wide.goto(offerPath)
  await expect(wide.getByRole('heading', { name: 'Si è liberato un posto' })).toBeVisible()
  await shot(wide, 'waitlist-offer-1366')
  await wide.goto(`/reserve?services=${piega}&day=${day}&step=when`)
  await wide.getByRole('button', { name: 'Avvisami se si libera' }).click()
  await expect(wide.getByRole('form', { name: 'Avvisami se si libera' })).toBeVisible()
  await shot(wide, 'waitlist-form-1366')
  await desktop.close()

  await page.getByRole('button', { name: 'Prenota', exact: true }).click()
  await expect(page).toHaveURL(/\/reserve\/thankyou\?id=\d+/)
  await expect(page.getByRole('heading', { name: 'Prenotazione inviata' })).toBeVisible()
  bookings.push(Number(new URL(page.url()).searchParams.get('id')))
  await shot(page, 'waitlist-booked-360')

  // The offer's link again: already booked, said kindly.
  await page.goto(offerPath)
  await expect(page.getByRole('heading', { name: 'Fatto! È già prenotato' })).toBeVisible()
  await shot(page, 'waitlist-offer-taken-360')
  await phone.close()
})
