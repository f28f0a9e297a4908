import fs from 'node:fs'
import path from 'node:path'
import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { addDays, adminToken, loginInBrowser, romeDay, serviceIds } from './helpers'

/**
 * The client cards (issue 24) on the production build: the owner finds a card by a misspelt,
 * accent-less name, opens it, adds a staff note and an allergy and sees the allergy alert; two
 * cards with the same phone are found as duplicates and merged, and the booking of the merged
 * card shows on the kept one. Cards get names of their own (a random tag), and are erased after
 * each test (`POST /api/clients/:id/erase`), their bookings cancelled.
 *
 * `CLIENTS_SHOTS=1` also saves screenshots of the list and the card at 1366 and 360 px into
 * .data/shots/ (for a person to look at).
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

const SHOTS = process.env.CLIENTS_SHOTS ? path.join(process.cwd(), '.data', 'shots') : ''
async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0))
  else await page.waitForTimeout(400) // a dialog's opening transition
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage })
  if (!fullPage) return
  // A tall page also in screens of the window's height, to look at each at its size.
  const { width, height } = page.viewportSize()!
  const full = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let i = 0, y = 0; y < full && full > height * 1.5; i++, y += height)
    await page.screenshot({
      path: path.join(SHOTS, `${name}-part${i + 1}.png`),
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(height, full - y) },
    })
}
/** The same screen at a phone's 360×740, then back to the desk's width. */
async function shotPhone(page: Page, name: string) {
  if (!SHOTS) return
  await page.setViewportSize({ width: 360, height: 740 })
  await page.waitForTimeout(300) // the layout's media queries (cards instead of a table)
  await shot(page, name)
  await page.setViewportSize({ width: 1366, height: 900 })
}

/** Four letters of its own for this run ("Kqzt"): a name no other card has. */
function tag() {
  let n = Date.now() + process.pid
  let out = ''
  for (let i = 0; i < 4; i++, n = Math.floor(n / 26)) out += String.fromCharCode(97 + (n % 26))
  return out.charAt(0).toUpperCase() + out.slice(1)
}

/** Ten digits of their own (a mobile number no other card has). */
const phoneDigits = () => `3${String(Date.now() % 1_000_000_000).padStart(9, '0')}`

interface Cleanup {
  token: string
  clients: number[]
  bookings: number[]
}

async function createClient(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const res = await request.post('/api/clients', { headers: { authorization: `JWT ${token}` }, data: body })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { doc: { id: number }; duplicates: { id: number }[] }
}

/** Cancels what a test booked and erases its cards (erasure anonymises: they leave every list). */
async function cleanUp(request: APIRequestContext, { token, clients, bookings }: Cleanup) {
  const headers = { authorization: `JWT ${token}` }
  for (const id of bookings)
    await request.put(`/api/reservations/${id}/status`, { headers, data: { status: 'CANCELLED' } })
  for (const id of clients) await request.post(`/api/clients/${id}/erase`, { headers, data: {} })
}

test('the owner finds a card by a misspelt name without accents, adds a note and an allergy, and sees the allergy alert', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const cleanup: Cleanup = { token, clients: [], bookings: [] }
  const own = tag()
  const surname = `Zanardèlli ${own}`
  const digits = phoneDigits()
  try {
    const { doc } = await createClient(request, token, {
      name: 'Rosalìa',
      surname,
      phone_number: `${digits.slice(0, 3)} ${digits.slice(3)}`,
    })
    cleanup.clients.push(doc.id)
    await loginInBrowser(page, 'admin@demo.salon', 'demo1234')

    await page.goto('/dashboard/clients')
    await expect(page.getByRole('heading', { name: 'Clienti', level: 3 })).toBeVisible()
    // No accents, one "l" missing, all lower case.
    await page.getByRole('searchbox', { name: 'Cerca clienti' }).fill(`rosalia zanardeli ${own.toLowerCase()}`)
    const row = page.getByTestId(`client-${doc.id}`)
    await expect(row).toBeVisible()
    // The search has answered: the demo's other clients are gone from the list.
    await expect(page.getByRole('link', { name: 'Chiara Conti' })).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: /^\d+ client[ei]$/ })).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard\/clients\?q=rosalia/)
    await shot(page, 'clients-list-1366')
    await expectNoSeriousA11yViolations(page)
    await shotPhone(page, 'clients-list-360')

    await row.getByRole('link', { name: `Rosalìa ${surname}` }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/clients/${doc.id}$`))
    await expect(page.getByRole('heading', { name: `Rosalìa ${surname}`, level: 3 })).toBeVisible()
    await expect(page.getByTestId('allergy-alert')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Nuova prenotazione' })).toHaveAttribute(
      'href',
      `/dashboard/booking/create?client=${doc.id}`,
    )

    // A staff note: with its author and today's date.
    const notes = page.getByTestId('client-notes')
    await notes.getByRole('textbox', { name: /^Nuova nota/ }).fill('Preferisce Giulia, caffè senza zucchero')
    await notes.getByRole('button', { name: 'Aggiungi nota' }).click()
    const note = notes.getByRole('listitem').filter({ hasText: 'Preferisce Giulia, caffè senza zucchero' })
    await expect(note).toBeVisible()
    const today = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeZone: 'Europe/Rome' }).format(new Date())
    await expect(note).toContainText(today)

    // An allergy in the technical record: the alert appears at the top of the card.
    const record = page.getByTestId('technical-record')
    await record.getByRole('textbox', { name: /^Allergie e sensibilità/ }).fill('PPD (parafenilendiammina)')
    await record.getByRole('textbox', { name: /^Formule colore/ }).fill('6.3 + ossigeno 20 vol, 35 min')
    await record.getByRole('button', { name: 'Salva la scheda tecnica' }).click()
    const alert = page.getByTestId('allergy-alert')
    await expect(alert).toContainText('PPD (parafenilendiammina)')
    await expect(alert).toBeInViewport()
    await shot(page, 'clients-card-1366')
    await expectNoSeriousA11yViolations(page)
    await shotPhone(page, 'clients-card-360')

    // Back to the list: the same search, the row now says "Allergie".
    await page.getByRole('link', { name: 'Torna ai clienti' }).click()
    await expect(page.getByTestId(`client-${doc.id}`)).toContainText('Allergie')

    // The server kept both (what the next person at the desk sees).
    const saved = await (
      await request.get(`/api/clients/${doc.id}`, { headers: { authorization: `JWT ${token}` } })
    ).json()
    expect(saved.allergies).toBe('PPD (parafenilendiammina)')
    expect(saved.technical_notes).toBe('6.3 + ossigeno 20 vol, 35 min')
  } finally {
    await cleanUp(request, cleanup)
  }
})

test('two cards with the same phone are duplicates; merging moves the booking of one onto the other', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const cleanup: Cleanup = { token, clients: [], bookings: [] }
  const surname = `Merlini ${tag()}`
  const digits = phoneDigits()
  try {
    const kept = await createClient(request, token, {
      name: 'Ottavia',
      surname,
      phone_number: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    })
    cleanup.clients.push(kept.doc.id)
    const other = await createClient(request, token, { name: 'Ottavia', surname, phone_number: digits })
    cleanup.clients.push(other.doc.id)
    // The desk is told at once: the second card names the first.
    expect(other.duplicates.map((d) => d.id)).toContain(kept.doc.id)

    // A booking of the second card, far ahead (no other spec books there).
    const { services, operators } = await serviceIds(request)
    const piega = services.get('Piega')!
    const marco = operators.get('Marco')!
    let start: string | undefined
    for (let i = 91; i < 120 && !start; i++) {
      const day = addDays(romeDay(), i)
      const res = await request.get(`/api/reservations/book-slots?date=${day}&services=${piega}&operator=${marco}`, {
        headers: { authorization: `JWT ${token}` },
      })
      const slots = (await res.json()).slots as { start: string }[] | undefined
      start = slots?.at(-1)?.start
    }
    expect(start, 'a free time for Marco 13 to 17 weeks ahead').toBeTruthy()
    const booked = await request.post('/api/reservations/book', {
      headers: { authorization: `JWT ${token}` },
      data: { client: other.doc.id, services: [piega], operator: marco, date_start: start },
    })
    expect(booked.status(), await booked.text()).toBe(201)
    const booking = (await booked.json()).data as { id: number }
    cleanup.bookings.push(booking.id)

    await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
    await page.goto(`/dashboard/clients/${kept.doc.id}`)
    await expect(page.getByRole('heading', { name: `Ottavia ${surname}`, level: 3 })).toBeVisible()
    await expect(page.getByTestId(`visit-${booking.id}`)).toHaveCount(0)
    const duplicate = page.getByTestId(`duplicate-${other.doc.id}`)
    await expect(duplicate).toContainText('Stesso telefono')
    await duplicate.getByRole('button', { name: `Unisci a questa scheda: Ottavia ${surname}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Unire l’altra scheda a questa?' })
    await expect(dialog).toContainText(`Sparisce l’altra: Ottavia ${surname} (${digits} · 0 visite)`) // visits are completed ones: this booking is ahead
    await expect(dialog).toContainText('Ogni prenotazione e nota dello staff dell’altra scheda passa a questa.')
    await expect(dialog).toContainText('Non si può annullare.')
    await shot(page, 'clients-merge-1366', { fullPage: false }) // a dialog: the window as seen
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Unisci', exact: true }).click()
    await expect(dialog).toBeHidden()

    // The booking of the merged card is now on this one; the other card is gone.
    const visit = page.getByTestId(`visit-${booking.id}`)
    await expect(visit).toBeVisible()
    await expect(visit).toContainText('Piega')
    await expect(visit).toContainText('Con Marco')
    await expect(page.getByTestId(`duplicate-${other.doc.id}`)).toHaveCount(0)
    await shot(page, 'clients-merged-1366')
    const gone = await request.get(`/api/clients/${other.doc.id}`, { headers: { authorization: `JWT ${token}` } })
    expect(gone.status()).toBe(404)
    cleanup.clients = [kept.doc.id]
  } finally {
    await cleanUp(request, cleanup)
  }
})

test('"Nuovo cliente" at the desk: name and phone; a phone already on a card shows that card, which opens', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const cleanup: Cleanup = { token, clients: [], bookings: [] }
  const surname = `Ferrandi ${tag()}`
  const digits = phoneDigits()
  try {
    const first = await createClient(request, token, { name: 'Gemma', surname, phone_number: digits })
    cleanup.clients.push(first.doc.id)
    await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
    await page.goto('/dashboard/clients')
    await page.getByRole('button', { name: 'Nuovo cliente' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nuovo cliente' })
    // The shared rules first: nothing is sent without a name.
    await dialog.getByRole('button', { name: 'Crea la scheda' }).click()
    await expect(dialog.getByText('Inserisci il nome del cliente')).toBeVisible()
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Gemma')
    await dialog.getByRole('textbox', { name: /^Telefono/ }).fill(`${digits.slice(0, 3)} ${digits.slice(3)}`)
    await shot(page, 'clients-new-1366', { fullPage: false })
    const created = page.waitForResponse((r) => r.url().endsWith('/api/clients') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Crea la scheda' }).click()
    const answer = await created
    expect(answer.status()).toBe(201)
    const second = (await answer.json()).doc.id as number
    cleanup.clients.push(second)

    const found = page.getByRole('dialog', { name: 'Qualcuno con lo stesso telefono o e-mail' })
    await expect(found).toContainText(`Gemma ${surname}`)
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'clients-new-duplicates-1366', { fullPage: false })
    if (SHOTS) {
      await page.setViewportSize({ width: 360, height: 740 })
      await shot(page, 'clients-new-duplicates-360', { fullPage: false })
      await page.setViewportSize({ width: 1366, height: 900 })
    }
    await found.getByRole('button', { name: `Apri la scheda di Gemma ${surname}` }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/clients/${first.doc.id}$`))
    await expect(page.getByRole('heading', { name: `Gemma ${surname}`, level: 3 })).toBeVisible()

    // The card made by mistake: its data exported, then erased by the owner.
    await page.goto(`/dashboard/clients/${second}`)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Esporta dati' }).click()
    expect((await download).suggestedFilename()).toBe(`cliente-${second}.json`)
    await page.getByRole('button', { name: 'Cancella cliente' }).click()
    const erase = page.getByRole('dialog', { name: 'Cancellare Gemma?' }) // made with a name only
    await expect(erase).toContainText('Gli appuntamenti passati restano come cifre anonime')
    await expectNoSeriousA11yViolations(page)
    await erase.getByRole('button', { name: 'Cancella per sempre' }).click()
    await expect(page).toHaveURL(/\/dashboard\/clients$/)
    const erased = await (
      await request.get(`/api/clients/${second}`, { headers: { authorization: `JWT ${token}` } })
    ).json()
    expect(erased.anonymised_at).toBeTruthy()
    expect(erased.name).toBe('Cliente cancellato')
  } finally {
    await cleanUp(request, cleanup)
  }
})

test('a card with its history (the demo’s Maria Esposito): allergy first, visits with what was paid, colleagues’ notes; axe-clean on a desk and a phone', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const found = await (
    await request.get('/api/clients?search=maria%20esposito', { headers: { authorization: `JWT ${token}` } })
  ).json()
  const maria = (found.docs as { id: number; name: string; surname: string | null }[]).find(
    (c) => c.name === 'Maria' && c.surname === 'Esposito',
  )
  test.skip(!maria, 'the demo salon has no Maria Esposito')
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto(`/dashboard/clients/${maria!.id}`)
  await expect(page.getByRole('heading', { name: 'Maria Esposito', level: 3 })).toBeVisible()
  await expect(page.getByTestId('allergy-alert')).toContainText('PPD')
  const visits = page.getByTestId('client-visits')
  await expect(visits.getByRole('listitem').first()).toBeVisible()
  // Statuses and payment methods in the glossary's words, never an enum.
  await expect(visits).not.toContainText(/COMPLETED|CONFIRMED|CASH|CARD/)
  await expect(page.getByTestId('client-stats')).toContainText('€')
  await shot(page, 'clients-history-1366')
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByTestId('allergy-alert')).toBeInViewport()
  await shot(page, 'clients-history-360')
  await expectNoSeriousA11yViolations(page)
  // Nothing wider than the phone: no sideways scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
