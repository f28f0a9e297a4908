import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { adminToken, firstFreeSlot, loginInBrowser, newCustomer, registerViaApi, serviceIds } from './helpers'
import { DESKTOP, PHONE, shot } from './screens'

/**
 * Issue 27 §4 for customers (the demo salon lets them: `seriesForCustomers`), on a phone: the
 * summary's "Ripeti" every 4 weeks, 3 times → the dates checked → booked → the thank-you lists
 * them; "I miei appuntamenti" says which occurrence each is; cancelling the second asks "Solo
 * questo" or "Questo e i successivi" and the latter cancels the last two.
 */

const made: number[] = []
test.afterEach(async ({ request }) => {
  const admin = { authorization: `JWT ${await adminToken(request)}` }
  for (const id of made.splice(0))
    await request.put(`/api/reservations/${id}/status`, { data: { status: 'CANCELLED' }, headers: admin })
})

test('a customer books a repeating appointment from the summary and cancels this and the following', async ({
  browser,
  request,
}) => {
  test.slow()
  const customer = await registerViaApi(request, newCustomer('series', 'Rita', 'Ricorrente'))
  const { services } = await serviceIds(request)
  const piega = services.get('Piega')!
  const { day, start } = await firstFreeSlot(request, [piega], 'any', 0, 48)

  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL })
  const page = await phone.newPage()
  await loginInBrowser(page, customer.email, customer.password)
  await page.goto(`/reserve?services=${piega}&day=${day}&time=${encodeURIComponent(start)}&step=summary`)
  await page.getByRole('checkbox', { name: 'Ripeti' }).check()
  await page.getByRole('radio', { name: '4 settimane' }).check({ force: true })
  const count = page.getByRole('spinbutton', { name: 'Quante volte in tutto' })
  await count.fill('3')
  await page.getByRole('button', { name: 'Controlla le date' }).first().click()
  const dates = page
    .getByRole('list')
    .filter({ has: page.getByRole('listitem') })
    .last()
  await expect(page.getByRole('heading', { name: 'Le date' })).toBeVisible()
  await expect(dates.getByRole('listitem')).toHaveCount(3)
  // A date not free: its first nearby time, or "Salta" when there is none.
  for (const conflict of await page.locator('.series__conflict').all()) {
    const radios = conflict.getByRole('radio')
    await radios.first().check({ force: true })
  }
  await expectNoSeriousA11yViolations(page)
  await shot(page, 'series-summary-360')
  const book = page.getByRole('button', { name: /^Prenota \d appuntament/ })
  await expect(book).toBeEnabled()
  await book.click()
  await expect(page.getByRole('heading', { name: 'Appuntamenti prenotati' })).toBeVisible()
  const booked = page.locator('.series__list--done > li')
  const n = await booked.count()
  expect(n).toBeGreaterThanOrEqual(2)
  await shot(page, 'series-thanks-360')

  // "I miei appuntamenti": each one says which occurrence it is.
  await page.getByRole('link', { name: 'I miei appuntamenti' }).click()
  const upcoming = page.getByRole('region', { name: 'Prossimi appuntamenti' })
  await expect(upcoming.getByText(/^Ricorrente · ogni 4 settimane \(1 di \d\)$/)).toBeVisible()
  const mine = await (
    await request.get('/api/reservations/mine', { headers: { authorization: `JWT ${customer.token}` } })
  ).json()
  for (const item of mine.upcoming as { id: number }[]) made.push(item.id)
  expect(mine.upcoming.length).toBe(n)
  await shot(page, 'series-mine-360')

  // Cancel the second and the following.
  const second = upcoming.getByRole('article').filter({ hasText: /\(2 di \d\)/ })
  await second.getByRole('button', { name: 'Disdici' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('radio', { name: 'Solo questo' })).toBeChecked()
  await dialog.getByRole('radio', { name: 'Questo e i successivi' }).check()
  await expectNoSeriousA11yViolations(page)
  await shot(dialog, 'series-cancel-360')
  await dialog.getByRole('button', { name: 'Sì, disdici' }).click()
  await expect(upcoming.getByRole('article')).toHaveCount(1)

  // The same area on a desktop.
  const desktop = await browser.newContext({ ...DESKTOP, baseURL: test.info().project.use.baseURL })
  const wide = await desktop.newPage()
  await loginInBrowser(wide, customer.email, customer.password)
  await wide.goto('/reserved-area')
  await expect(wide.getByText(/^Ricorrente · ogni 4 settimane \(1 di 3\)$/)).toBeVisible()
  await shot(wide, 'series-mine-1366')
  await desktop.close()
  await phone.close()
})
