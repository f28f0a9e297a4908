import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { addDays, adminToken, loginInBrowser, newCustomer, registerViaApi, romeDay } from './helpers'
import { DESKTOP, PHONE, shot } from './screens'

/**
 * Issue 27 §3, the owner's waitlist in the dashboard on the production build: a client added to a
 * day's waitlist from /dashboard/waitlist is in that day's list (who, what, the window, "waiting
 * since"), the screen is axe-clean at 1366 and 360 wide, and its screens are saved with
 * SALON_SHOTS. What a test made is taken back afterwards (the shared database).
 */

const made = { entries: [] as number[], clients: [] as number[] }

async function api(request: APIRequestContext, token: string, method: string, url: string, data?: unknown) {
  const res = await request.fetch(url, { method, data, headers: { authorization: `JWT ${token}` } })
  return { status: res.status(), body: await res.json().catch(() => null) }
}

test.afterEach(async ({ request }) => {
  const token = await adminToken(request)
  for (const id of made.entries.splice(0)) await api(request, token, 'DELETE', `/api/waitlist/${id}`)
  for (const id of made.clients.splice(0)) await api(request, token, 'POST', `/api/clients/${id}/erase`, {})
})

async function newCard(request: APIRequestContext, name: string, surname: string) {
  const token = await adminToken(request)
  const res = await api(request, token, 'POST', '/api/clients', { name, surname, phone_number: '333 5550101' })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  made.clients.push(res.body.doc.id)
  return res.body.doc.id as number
}

test.describe('the waitlist page (1366 × 900)', () => {
  test.use(DESKTOP)

  test('the owner adds a client to a day’s waitlist and sees them in line', async ({ page, request }) => {
    await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
    const surname = `Attesa${Date.now() % 100000}`
    const client = await newCard(page.request, 'Lucia', surname)
    const day = addDays(romeDay(), 3)
    await page.goto(`/dashboard/waitlist?day=${day}`)
    await expect(page.getByRole('heading', { name: 'Lista d’attesa', level: 3 })).toBeVisible()
    // The menu has its entry, next to the agenda.
    await expect(page.getByRole('link', { name: 'Lista d’attesa' })).toBeVisible()

    await page.getByRole('button', { name: 'Aggiungi alla lista d’attesa' }).click()
    const dialog = page.getByRole('dialog', { name: 'Aggiungi alla lista d’attesa' })
    await dialog.getByRole('searchbox', { name: /^Cliente/ }).fill(`Lucia ${surname}`)
    await page
      .getByRole('option', { name: new RegExp(`^Lucia ${surname}`) })
      .first()
      .click()
    await dialog.getByRole('searchbox', { name: /^Servizi/ }).click()
    await page.getByRole('option', { name: 'Piega' }).click()
    await page.keyboard.press('Escape')
    await dialog.getByLabel(/^Dalle/).fill('09:00')
    await dialog.getByLabel(/^Alle/).fill('12:00')
    await shot(dialog, 'dashboard-waitlist-add-1366')
    await expectNoSeriousA11yViolations(page)
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Aggiungi alla lista d’attesa' }).click()
    const res = await posted
    const body = await res.json()
    expect(res.status(), JSON.stringify(body)).toBe(201)
    made.entries.push(body.id)
    await expect(dialog).toBeHidden()

    const entry = page.getByRole('article', { name: `Lucia ${surname}` })
    await expect(entry).toBeVisible()
    await expect(entry.getByTestId('waitlist-what')).toContainText('Piega · Qualsiasi operatore · 09:00–12:00')
    await expect(entry).toContainText('In attesa da')
    await expect(entry).toContainText('Nessuna proposta ancora')
    // A card without an app account: no automatic offer; the desk calls and books them in.
    await expect(entry.getByText('Senza account — chiamare')).toBeVisible()
    await expect(entry.getByRole('button', { name: /Proponi un orario/ })).toHaveCount(0)
    await expect(
      entry.getByRole('link', { name: `Prenota per il cliente: Lucia ${surname} (senza account, chiamalo prima)` }),
    ).toHaveAttribute('href', `/dashboard/booking/create?client=${client}`)
    await shot(page, 'dashboard-waitlist-1366')
    await expectNoSeriousA11yViolations(page)

    // A customer with an account joined the same day themselves: "Offer a time" lists the free
    // starts inside the window (or says there are none).
    // Her own API context: page.request shares the owner's cookies, and her login would replace them.
    const customer = await registerViaApi(request, { ...newCustomer('wl-dash', 'Nora', surname) })
    const services = (await (await page.request.get('/api/pages/home')).json()).categories
      .flatMap((c: { services: { id: number; title: string }[] }) => c.services)
      .filter((x: { title: string }) => x.title === 'Piega')
      .map((x: { id: number }) => x.id)
    const joined = await api(request, customer.token, 'POST', '/api/waitlist', {
      services,
      days: [day],
      from: '15:00',
      to: '18:00',
    })
    expect(joined.status, JSON.stringify(joined.body)).toBe(201)
    made.entries.push(joined.body.id)
    await page.reload()
    const nora = page.getByRole('article', { name: `Nora ${surname}` })
    await nora.getByRole('button', { name: `Proponi un orario a Nora ${surname}` }).click()
    const offer = page.getByRole('dialog', { name: `Proponi un orario a Nora ${surname}` })
    await expect(
      offer.getByRole('group', { name: 'Orari liberi' }).or(offer.getByText(/Nessun orario libero/)),
    ).toBeVisible()
    await shot(offer, 'dashboard-waitlist-offer-1366')
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('the waitlist page on a phone (360 × 740)', () => {
  test.use(PHONE)

  test('the day’s list and its day picker fit and are axe-clean', async ({ page }) => {
    await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
    const surname = `Telefono${Date.now() % 100000}`
    const client = await newCard(page.request, 'Marta', surname)
    const token = await adminToken(page.request)
    const { services } = await (async () => {
      const home = await (await page.request.get('/api/pages/home')).json()
      const ids = new Map<string, number>()
      for (const c of home.categories) for (const s of c.services) ids.set(s.title, s.id)
      return { services: ids }
    })()
    const day = addDays(romeDay(), 4)
    const res = await api(page.request, token, 'POST', '/api/waitlist', {
      client,
      services: [services.get('Piega')],
      days: [day, addDays(day, 1)],
      from: '15:00',
      to: '18:00',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    made.entries.push(res.body.id)
    await page.goto(`/dashboard/waitlist?day=${day}`)
    const entry = page.getByRole('article', { name: `Marta ${surname}` })
    await expect(entry).toBeVisible()
    await expect(entry).toContainText('Chiede anche:')
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await shot(page, 'dashboard-waitlist-360')
    await expectNoSeriousA11yViolations(page)
    // The next day's list has her too (two days asked).
    await page.getByRole('button', { name: 'Giorno dopo' }).click()
    await expect(page).toHaveURL(new RegExp(`day=${addDays(day, 1)}`))
    await expect(page.getByRole('article', { name: `Marta ${surname}` })).toBeVisible()
  })
})
