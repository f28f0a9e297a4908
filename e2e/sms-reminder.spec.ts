import pg from 'pg'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  adminToken,
  firstFreeSlot,
  loginInBrowser,
  newCustomer,
  registerViaApi,
  romeDay,
  serviceIds,
  textedMatch,
} from './helpers'
import { DESKTOP, PHONE, shot } from './screens'

/**
 * Issue 26 §5 ("Done when": an SMS reminder's link confirms attendance), on the production build:
 * a customer says yes to SMS in their reserved area, books, the salon confirms, the reminder falls due (its job is moved
 * to now in the test database, SALON_DATABASE_URL), the SMS is read from the provider stand-in's
 * outbox, its link is opened on a phone, "Confermo, ci sarò" — and the dashboard's booking page and
 * agenda say "Confirmed by the customer". With SALON_SHOTS=<dir>, the screens are saved there.
 */

/** As if the day before had come: the booking starts in a day and half a minute, its first reminder is due now. */
async function reminderDueNow(id: number) {
  const db = new pg.Client({ connectionString: process.env.SALON_DATABASE_URL })
  await db.connect()
  try {
    const {
      rows: [{ start }],
    } = await db.query(
      `update reservations set operator_id = null, date_start = date_trunc('second', now()) + interval '24 hours 30 seconds',
              date_end = date_trunc('second', now()) + interval '24 hours 45 minutes 30 seconds'
        where id = $1 returning to_char(date_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start`,
      [id],
    )
    await db.query(
      `select graphile_worker.add_job('reminder', json_build_object('reservation', $1::int, 'index', 1, 'start', $2::text),
                                      job_key := 'reminder:' || $1 || ':1', job_key_mode := 'replace')`,
      [id, start],
    )
    return start as string
  } finally {
    await db.end()
  }
}

const made: number[] = []
test.afterEach(async ({ request }) => {
  const token = await adminToken(request)
  for (const id of made.splice(0))
    await request.put(`/api/reservations/${id}/status`, {
      data: { status: 'CANCELLED' },
      headers: { authorization: `JWT ${token}` },
    })
})

test('an SMS reminder’s link confirms attendance; the dashboard shows “Confermato dal cliente”', async ({
  browser,
  request,
}) => {
  test.slow()
  const number = `347${String(Date.now() % 10_000_000).padStart(7, '0')}`
  const customer = await registerViaApi(request, {
    ...newCustomer('sms', 'Lidia', 'Promemoria'),
    phone_number: `+39 ${number}`,
  })
  const to = `+39${number}`
  const auth = { authorization: `JWT ${customer.token}` }

  // The customer says yes to SMS in their reserved area (Impostazioni), on their phone.
  const own = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL })
  const settings = await own.newPage()
  await loginInBrowser(settings, customer.email, customer.password)
  await settings.goto('/reserved-area/settings')
  const consent = settings.getByRole('checkbox', { name: 'Ricevi promemoria via SMS' })
  await expect(consent).toBeEnabled()
  await expect(consent).not.toBeChecked()
  await expect(settings.getByText(`Al numero +39 ${number}.`)).toBeVisible()
  await consent.check()
  await expect(consent).toBeChecked()
  await consent.scrollIntoViewIfNeeded()
  await shot(settings, 'sms-consent-360')
  await own.close()
  const saved = await request.get('/api/auth/me/sms-consent', { headers: auth })
  expect(await saved.json()).toMatchObject({ sms_consent: true })

  // Booked and confirmed by the salon: the confirmation SMS goes out with the mail.
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const { start } = await firstFreeSlot(request, [piega], operators.get('Marco')!, 0, 30)
  const since = Date.now()
  const session = await request.post('/api/reservations/create-session', { headers: auth })
  const id = (await session.json()).data.id as number
  made.push(id)
  const booked = await request.post('/api/reservations/confirm', {
    headers: auth,
    data: { id, services: [piega], operator: operators.get('Marco')!, date_start: start },
  })
  expect(booked.status(), await booked.text()).toBe(200)
  const admin = { authorization: `JWT ${await adminToken(request)}` }
  expect(
    (await request.put(`/api/reservations/${id}/status`, { data: { status: 'CONFIRMED' }, headers: admin })).status(),
  ).toBe(200)
  await textedMatch(to, since, /Salone Demo: confermato, ti aspettiamo .+ Per annullare: \S+\/a\/[\w-]{28}/)

  // The reminder falls due: one SMS, with its link.
  const remindedSince = Date.now()
  const newStart = await reminderDueNow(id)
  const link = await textedMatch(to, remindedSince, /https?:\/\/\S+\/a\/[\w-]{28}/)
  const sms = await textedMatch(
    to,
    remindedSince,
    /Salone Demo: ti aspettiamo domani alle \d\d:\d\d\. Confermi o annulli qui:/,
  )
  expect(sms).toBeTruthy()
  const linkPath = new URL(link).pathname

  // On a phone: the appointment, then "Confermo, ci sarò".
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL })
  const page = await phone.newPage()
  await page.goto(linkPath)
  await expect(page.getByRole('heading', { name: 'Il tuo appuntamento' })).toBeVisible()
  await expect(page.getByText('Piega', { exact: false }).first()).toBeVisible()
  await expect(page.getByText('Salone Demo').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await shot(page, 'sms-link-360')
  await page.getByRole('button', { name: 'Confermo, ci sarò' }).click()
  await expect(page.getByRole('heading', { name: 'Grazie, ti aspettiamo!' })).toBeVisible()
  await shot(page, 'sms-link-360-confirmed')
  // A tampered link: the kind page, not an error.
  await page.goto(linkPath.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
  await expect(page.getByRole('heading', { name: 'Questo link non è più valido' })).toBeVisible()
  await shot(page, 'sms-link-360-invalid')
  await phone.close()

  // The same link on a desktop: already confirmed.
  const desktop = await browser.newContext({ ...DESKTOP, baseURL: test.info().project.use.baseURL })
  const wide = await desktop.newPage()
  await wide.goto(linkPath)
  await expect(wide.getByRole('heading', { name: 'Grazie, ti aspettiamo!' })).toBeVisible()
  await shot(wide, 'sms-link-1366')

  // The dashboard (in Italian, as the suite's browsers choose): the booking page and the agenda card say so.
  await loginInBrowser(wide, 'admin@demo.salon', 'demo1234')
  await wide.goto(`/dashboard/booking/${id}`)
  await expect(wide.getByText('Confermato dal cliente', { exact: true })).toBeVisible()
  await expect(wide.getByText(/^dal link dell’SMS, /)).toBeVisible()
  await shot(wide, 'sms-dashboard-booking-1366')
  await wide.goto(`/dashboard/agenda?mode=day&date=${romeDay(new Date(newStart))}`)
  await expect(
    wide.getByRole('button', { name: /Confermato dal cliente\s*,\s*Lidia Promemoria/ }).first(),
  ).toBeVisible()
  await shot(wide, 'sms-dashboard-agenda-1366')
  await desktop.close()
})
