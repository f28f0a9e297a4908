import { expect, type APIRequestContext, type Page } from '@playwright/test'

let seq = 0
/** A fresh customer for one test: nothing left over from another test can get in the way. */
export const newCustomer = (prefix = 'e2e', name = 'Anna', surname = 'Verdi') => ({
  name,
  surname,
  email: `${prefix}-${process.pid}-${Date.now()}-${++seq}@example.com`,
  phone_number: '+39 333 123 4567',
  password: 'prenota-2026',
  /** "Ho letto l'informativa sulla privacy", required at registration. */
  privacy_accepted: true as const,
})

/** An address of its own for a registration (limited to 5 per address an hour; the test server trusts X-Forwarded-For). */
export const ownAddress = () =>
  `2001:db8::e2e:${(process.pid >>> 16).toString(16)}:${(process.pid & 0xffff).toString(16)}:${(++seq).toString(16)}`

/** Registers a customer over the API and returns a JWT for `Authorization: JWT …` calls. */
export async function registerViaApi(request: APIRequestContext, customer = newCustomer('api')) {
  expect(
    (await request.post('/api/users', { data: customer, headers: { 'x-forwarded-for': ownAddress() } })).status(),
  ).toBe(201)
  const login = await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } })
  expect(login.status()).toBe(200)
  return { ...customer, token: (await login.json()).token as string }
}

/** Books a time over the API (create-session + confirm), as another customer would meanwhile. */
export async function bookViaApi(
  request: APIRequestContext,
  token: string,
  body: { services: number[]; operator: number | 'any'; date_start: string },
) {
  const headers = { authorization: `JWT ${token}` }
  const session = await request.post('/api/reservations/create-session', { headers })
  expect(session.status()).toBe(201)
  const id = (await session.json()).data.id
  const res = await request.post('/api/reservations/confirm', { headers, data: { id, ...body } })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()).data as { id: number; date_start: string; operator: number }
}

/**
 * After "Primo giorno disponibile" was pressed (click or keyboard): its search is over and the
 * day it found shows its times. A time chosen while the search runs is dropped when that day
 * opens — the visitor waits for the button to read "Primo giorno disponibile" again.
 */
export async function firstFreeDayShown(page: Page) {
  await expect(page.getByRole('button', { name: 'Primo giorno disponibile' })).toBeEnabled()
  await expect(page.getByTestId('time-slot').first()).toBeVisible()
}

/** The wizard's choice as the page's URL holds it. */
export const wizardParams = (page: Page) => new URL(page.url()).searchParams

/** The service ids of the demo salon by title (the catalogue the wizard reads). */
export async function serviceIds(request: APIRequestContext) {
  const home = await (await request.get('/api/pages/home')).json()
  const ids = new Map<string, number>()
  for (const c of home.categories) for (const s of c.services) ids.set(s.title, s.id)
  const operators = new Map<string, number>(home.operators.map((o: { name: string; id: number }) => [o.name, o.id]))
  return { services: ids, operators }
}

/**
 * The first free start for these services and operator, from today on (the engine's own answers),
 * skipping `skip` of them; with `minHoursAhead`, only starts at least that far from now — a test
 * that cancels or moves as the customer needs one beyond the 24-hour policy, whatever the hour
 * the suite runs at.
 */
export async function firstFreeSlot(
  request: APIRequestContext,
  services: number[],
  operator: number | 'any',
  skip = 0,
  minHoursAhead = 0,
) {
  const query = `services=${services.join(',')}&operator=${operator}`
  const today = new Date()
  const earliest = Date.now() + minHoursAhead * 3_600_000
  for (let m = 0; m < 3; m++) {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + m, 1)).toISOString().slice(0, 7)
    const { days } = await (await request.get(`/api/reservations/availability-month?month=${month}&${query}`)).json()
    for (const day of days as string[]) {
      const { slots } = await (await request.get(`/api/reservations/time-availability-day?date=${day}&${query}`)).json()
      const late = (slots as { start: string }[]).filter((s) => Date.parse(s.start) >= earliest)
      if (late.length > skip) return { day, start: late[skip]!.start }
    }
  }
  throw new Error('no free time in the next three months')
}

/** Logs the browser context in (the cookie session the apps use). */
export async function loginInBrowser(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } })
  expect(res.status()).toBe(200)
}

/**
 * The first link matching `link` in a mail to `to` sent after `since`, decoded from
 * quoted-printable (the mail catcher writes to SALON_MAIL_DIR): waits for the mail to arrive, as
 * long as an expectation may wait (playwright.config.ts).
 */
export async function mailedLink(to: string, since: number, link: RegExp): Promise<string> {
  const fs = await import('node:fs')
  const path = await import('node:path')
  const mailDir = process.env.SALON_MAIL_DIR ?? ''
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_')
  const find = () => {
    const files = fs.existsSync(mailDir)
      ? fs.readdirSync(mailDir).filter((f) => f.endsWith(`-${safe}.eml`) && Number(f.split('-')[0]) >= since)
      : []
    for (const f of files) {
      const raw = fs
        .readFileSync(path.join(mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
      const m = link.exec(raw)
      if (m) return m[0]
    }
    return ''
  }
  let found = ''
  await expect
    .poll(() => (found = find()), { message: `a mail to ${to} with ${link}`, intervals: [100, 250, 500] })
    .not.toBe('')
  return found
}

/**
 * The first match of `pattern` in a text to `to` (E.164) sent after `since`: the SMS provider's
 * stand-in writes each accepted text to SALON_SMS_DIR (scripts/lib/smsProvider.mjs). Waits as long
 * as an expectation may wait.
 */
export async function textedMatch(to: string, since: number, pattern: RegExp): Promise<string> {
  const fs = await import('node:fs')
  const path = await import('node:path')
  const dir = process.env.SALON_SMS_DIR ?? ''
  const find = () => {
    const files = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${to}.txt`) && Number(f.split('-')[0]) >= since)
      : []
    for (const f of files) {
      const m = pattern.exec(fs.readFileSync(path.join(dir, f), 'utf8'))
      if (m) return m[0]
    }
    return ''
  }
  let found = ''
  await expect
    .poll(() => (found = find()), { message: `a text to ${to} with ${pattern}`, intervals: [100, 250, 500] })
    .not.toBe('')
  return found
}

/** The "choose a password" link (recovery or invitation) mailed to `to` after `since`. */
export const mailedPasswordLink = (to: string, since: number) =>
  mailedLink(to, since, /https?:\/\/[^\s"<]+\/password-recovery\/[A-Za-z0-9_-]+\/[^\s"<]+/)

/** The salon's time zone (the demo seed's `config.timezone`). */
export const SALON_ZONE = 'Europe/Rome'

/** `YYYY-MM-DD` of an instant in the salon's zone: "today" is Rome's day, whatever the browser's or the machine's. */
export const romeDay = (d: Date = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: SALON_ZONE }).format(d)

/** `YYYY-MM-DD` plus `n` calendar days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

/** The demo admin's JWT, for reading over the API (the page's cookie needs a same-origin browser request). */
export async function adminToken(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.salon', password: 'demo1234' } })
  expect(login.status()).toBe(200)
  return (await login.json()).token as string
}

/** A GET as the admin that must answer 200 (signs in when no token is given). */
export async function adminGet(request: APIRequestContext, path: string, token?: string) {
  const jwt = token ?? (await adminToken(request))
  const res = await request.get(path, { headers: { authorization: `JWT ${jwt}` } })
  expect(res.status(), await res.text()).toBe(200)
  return res.json()
}
