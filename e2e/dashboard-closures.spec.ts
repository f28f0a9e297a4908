import { devices, expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser, serviceIds } from './helpers'

/**
 * Closures from /dashboard (issue 11): a recurring weekly closure built with the recurrence
 * builder, previewed by the engine, removes that weekday's public times. Deleted at the end.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

/** A weekday (0 = Sunday) at least `minDays` ahead, as YYYY-MM-DD. */
function nextWeekday(weekday: number, minDays: number) {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + minDays)
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

const publicSlots = async (request: APIRequestContext, day: string, service: number) =>
  (
    await (
      await request.get(`/api/reservations/time-availability-day?date=${day}&services=${service}&operator=any`)
    ).json()
  ).slots as unknown[]

test('a weekly closure on Wednesdays, previewed, removes Wednesday’s public times', async ({ page, request }) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const { services } = await serviceIds(request)
  const piega = services.get('Piega')!
  const firstWednesday = nextWeekday(3, 2)
  const laterWednesday = nextWeekday(3, 16)
  expect((await publicSlots(request, laterWednesday, piega)).length).toBeGreaterThan(0)

  const name = `Formazione e2e ${Date.now()}`
  await page.goto('/dashboard/config/business-closure/create')
  await page.getByRole('textbox', { name: 'Nome' }).fill(name)
  await page.getByLabel('Tipo').click()
  await page.getByRole('option', { name: 'Ogni settimana' }).click()
  await page.getByLabel('Prima volta').fill(firstWednesday)
  await page.locator('input[type="time"]').nth(0).fill('08:00')
  await page.locator('input[type="time"]').nth(1).fill('21:00')
  await page.getByRole('group', { name: 'Giorni della settimana' }).getByText('Mer', { exact: true }).click()
  await expect(page.getByText('Regola: FREQ=WEEKLY;BYDAY=WE')).toBeVisible()
  // The engine's preview: Wednesdays, 08:00–21:00.
  const preview = page.getByRole('list', { name: 'Prossime chiusure' })
  await expect(preview.getByRole('listitem').first()).toContainText('mercoledì')
  await expect(preview.getByRole('listitem').first()).toContainText('08:00–21:00')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/dashboard\/config\/business-closure(\?|$)/)
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Ogni settimana')

  try {
    await expect.poll(() => publicSlots(request, laterWednesday, piega).then((s) => s.length)).toBe(0)
    // Thursday is untouched.
    const thursday = nextWeekday(4, 16)
    expect((await publicSlots(request, thursday, piega)).length).toBeGreaterThan(0)
  } finally {
    await page.getByRole('link', { name }).click()
    await page.getByRole('button', { name: 'Elimina' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click()
    await expect(page).toHaveURL(/\/dashboard\/config\/business-closure(\?|$)/)
  }
  await expect.poll(() => publicSlots(request, laterWednesday, piega).then((s) => s.length)).toBeGreaterThan(0)
})
