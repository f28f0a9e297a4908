import { expect, test, type Page } from '@playwright/test'
import {
  addDays,
  bookViaApi,
  firstFreeSlot,
  loginInBrowser,
  newCustomer,
  registerViaApi,
  romeDay,
  serviceIds,
} from './helpers'
import { expectNoSeriousA11yViolations } from './axe'

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

/** The wizard's calendar button of a local day ("martedì 24 novembre"), a month ahead if needed. */
async function pickDay(page: Page, day: string) {
  const date = new Date(`${day}T12:00:00Z`)
  const italian = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('it-IT', { ...options, timeZone: 'UTC' }).format(date)
  // The calendar opens on this month and turns by itself to the first free day's, which it then
  // chooses (into the URL: WhenStep.tsx). Wait for that, then turn the page by the grid's own name
  // ("Calendario, dicembre 2026"), not by whether the day's button shows yet: before, a slow machine
  // turned the page while the calendar was still turning by itself, one month too far.
  await expect(page).toHaveURL(/[?&]day=\d{4}-\d{2}-\d{2}/)
  const grid = page.getByRole('group', { name: /^Calendario/ })
  await expect(grid).toBeVisible()
  const month = `Calendario, ${italian({ month: 'long', year: 'numeric' })}`
  if ((await grid.getAttribute('aria-label')) !== month)
    await page.getByRole('button', { name: 'Mese successivo' }).click()
  await expect(grid).toHaveAttribute('aria-label', month)
  await page
    .getByRole('button', { name: italian({ weekday: 'long', day: 'numeric', month: 'long' }), exact: true })
    .click()
}

/** The start of a booking as the customer's list shows it ("martedì 24 novembre, 10:30"). */
const shown = (iso: string) => {
  const fmt = new Intl.DateTimeFormat('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Rome',
  })
  const parts = Object.fromEntries(fmt.formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`
}

test.describe('I miei appuntamenti', () => {
  test('a customer sees the booking and cancels it after confirming', async ({ page, request }) => {
    const { services } = await serviceIds(request)
    const me = await registerViaApi(request, newCustomer('cancel'))
    const piega = services.get('Piega')!
    // Beyond the 24-hour policy: cancelling online is allowed.
    const slot = await firstFreeSlot(request, [piega], 'any', 0, 26)
    const booking = await bookViaApi(request, me.token, { services: [piega], operator: 'any', date_start: slot.start })

    await loginInBrowser(page, me.email, me.password)
    await page.goto('/reserved-area')
    const card = page.getByRole('article', { name: new RegExp(shown(booking.date_start), 'i') })
    await expect(card).toContainText('Piega')
    await expect(card).toContainText('In attesa di conferma')
    await expect(card).toContainText(/Puoi disdire o spostare online fino a/)
    await card.getByRole('button', { name: 'Disdici' }).click()
    const dialog = page.getByRole('dialog', { name: 'Disdire l’appuntamento?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Sì, disdici' }).click()
    await expect(page.getByText('Appuntamento disdetto')).toBeVisible()
    // Still ahead: listed apart under "Appuntamenti annullati", not among the past ones.
    const cancelled = page.getByRole('region', { name: 'Appuntamenti annullati' })
    await expect(cancelled).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Appuntamenti passati' })).toHaveCount(0)
    const past = cancelled.getByRole('article', { name: new RegExp(shown(booking.date_start), 'i') })
    await expect(past).toContainText('Annullata')
    await expect(past.getByRole('link', { name: 'Prenota di nuovo' })).toHaveAttribute('href', /services=\d+/)
    // The time is offered to others again.
    const day = await (
      await request.get(`/api/reservations/time-availability-day?date=${slot.day}&services=${piega}&operator=any`)
    ).json()
    expect(day.slots.map((s: { start: string }) => Date.parse(s.start))).toContain(Date.parse(slot.start))
  })

  test('moving a booking: the new time in one step; a time taken meanwhile leaves it as it was', async ({
    page,
    request,
  }) => {
    const { services, operators } = await serviceIds(request)
    const taglio = services.get('Taglio uomo')!
    const marco = operators.get('Marco')!
    const me = await registerViaApi(request, newCustomer('move'))
    const rival = await registerViaApi(request, newCustomer('rival'))
    const first = await firstFreeSlot(request, [taglio], marco, 0, 30)
    const booking = await bookViaApi(request, me.token, {
      services: [taglio],
      operator: marco,
      date_start: first.start,
    })

    await loginInBrowser(page, me.email, me.password)
    await page.goto('/reserved-area')
    await page
      .getByRole('article', { name: new RegExp(shown(booking.date_start), 'i') })
      .getByRole('link', { name: 'Sposta' })
      .click()
    await expect(page.getByText('Stai spostando il tuo appuntamento')).toBeVisible()
    await expect(page.getByText('Passo 1 di 2')).toBeVisible()
    // Another time of the booking's own day (its own time is offered too: it is not busy for
    // itself) — beyond the 24-hour policy, so it can be moved again below.
    await pickDay(page, first.day)
    const slots = page.getByTestId('time-slot')
    await expect(slots.first()).toBeVisible()
    // The day's last other time: no earlier than the booking's own, so still beyond the policy.
    const target = slots.filter({ hasNotText: new RegExp(`^${shown(first.start).slice(-5)}$`) }).last()
    await target.click()
    const newTime = new URL(page.url()).searchParams.get('time')!
    await page.locator('.sticky-bar').getByRole('button', { name: 'Avanti' }).click()
    await page.locator('.sticky-bar').getByRole('button', { name: 'Sposta l’appuntamento' }).click()
    await expect(page.getByText('Appuntamento spostato')).toBeVisible()
    await expect(page.getByRole('article', { name: new RegExp(shown(newTime), 'i') })).toContainText('Taglio uomo')
    // The old time is free again for others.
    const freed = await (
      await request.get(
        `/api/reservations/time-availability-day?date=${first.day}&services=${taglio}&operator=${marco}`,
      )
    ).json()
    expect(freed.slots.map((s: { start: string }) => Date.parse(s.start))).toContain(Date.parse(first.start))

    // Second move: someone takes the chosen time meanwhile.
    await page
      .getByRole('article', { name: new RegExp(shown(newTime), 'i') })
      .getByRole('link', { name: 'Sposta' })
      .click()
    await pickDay(page, first.day)
    // Far from the booking (now the day's last time), so the rival can take it.
    const other = slots.filter({ hasNotText: new RegExp(`^${shown(newTime).slice(-5)}$`) }).first()
    await other.click()
    const wanted = new URL(page.url()).searchParams.get('time')!
    await page.locator('.sticky-bar').getByRole('button', { name: 'Avanti' }).click()
    await bookViaApi(request, rival.token, { services: [taglio], operator: marco, date_start: wanted })
    await page.locator('.sticky-bar').getByRole('button', { name: 'Sposta l’appuntamento' }).click()
    await expect(page.getByRole('alert')).toContainText('Qualcuno ha appena prenotato questo orario')
    const mine = await (
      await request.get('/api/reservations/mine', { headers: { authorization: `JWT ${me.token}` } })
    ).json()
    const kept = mine.upcoming.find((r: { id: number }) => r.id === booking.id)
    expect(Date.parse(kept.date_start)).toBe(Date.parse(newTime))
  })

  test('moving a "Qualsiasi operatore" booking: the current time shown, a time only a colleague has free offered and taken', async ({
    page,
    request,
  }) => {
    const { services, operators } = await serviceIds(request)
    const piega = services.get('Piega')!
    const names = new Map([...operators].map(([name, id]) => [id, name]))
    const me = await registerViaApi(request, newCustomer('move-any'))
    const rival = await registerViaApi(request, newCustomer('move-any-rival'))
    // The morning of a day at least two days ahead (never a first time late in an evening with no
    // later time left that day, whenever the suite runs); the next open day when that one is full.
    const toMorning = (Date.parse(`${addDays(romeDay(), 2)}T00:00:00Z`) - Date.now()) / 3_600_000
    let first: { day: string; start: string } | undefined
    let target: { start: string; operators: number[] } | undefined
    for (let k = 0; k < 7 && !target; k++) {
      first = await firstFreeSlot(request, [piega], 'any', 0, toMorning + 24 * k)
      // Later that day: a time when the first free operator and someone else are both free.
      const day = await (
        await request.get(`/api/reservations/time-availability-day?date=${first.day}&services=${piega}&operator=any`)
      ).json()
      const firstSlot = (day.slots as { start: string; operators: number[] }[]).find((s) => s.start === first!.start)
      target = (day.slots as { start: string; operators: number[] }[]).find(
        (s) =>
          Date.parse(s.start) >= Date.parse(first!.start) + 60 * 60_000 &&
          s.operators.length > 1 &&
          s.operators.some((o) => firstSlot?.operators.includes(o)),
      )
    }
    expect(target).toBeTruthy()
    const booking = await bookViaApi(request, me.token, {
      services: [piega],
      operator: 'any',
      date_start: first!.start,
    })
    const assigned = booking.operator
    // The assigned operator must be free at the target too (any operator picks the least booked).
    const again = await (
      await request.get(`/api/reservations/time-availability-day?date=${first!.day}&services=${piega}&operator=any`)
    ).json()
    target = (again.slots as { start: string; operators: number[] }[]).find(
      (s) =>
        Date.parse(s.start) >= Date.parse(first!.start) + 60 * 60_000 &&
        s.operators.includes(assigned) &&
        s.operators.length > 1,
    )
    expect(target).toBeTruthy()
    // The rival takes the assigned operator, so only a colleague is left at that time.
    await bookViaApi(request, rival.token, { services: [piega], operator: assigned, date_start: target!.start })

    await loginInBrowser(page, me.email, me.password)
    await page.goto('/reserved-area')
    await page
      .getByRole('article', { name: new RegExp(shown(booking.date_start), 'i') })
      .getByRole('link', { name: 'Sposta' })
      .click()
    // What is being moved, in the customer's words.
    await expect(page.getByText(/^Ora: /)).toHaveText(`Ora: ${shown(booking.date_start)} con ${names.get(assigned)}`)
    await expect(page.getByText('Hai scelto “Qualsiasi operatore”: vedi gli orari di tutti.')).toBeVisible()
    await pickDay(page, first!.day)
    const hhmm = shown(target!.start).slice(-5)
    await page
      .getByTestId('time-slot')
      .filter({ hasText: new RegExp(`^${hhmm}$`) })
      .click()
    await page.locator('.sticky-bar').getByRole('button', { name: 'Avanti' }).click()
    await expect(page.getByText('Qualsiasi operatore', { exact: true })).toBeVisible()
    await page.locator('.sticky-bar').getByRole('button', { name: 'Sposta l’appuntamento' }).click()
    await expect(page.getByText('Appuntamento spostato')).toBeVisible()
    const moved = page.getByRole('article', { name: new RegExp(shown(target!.start), 'i') })
    await expect(moved).toContainText('Piega')
    await expect(moved).not.toContainText(`con ${names.get(assigned)}`)
  })

  test('inside the cancellation limit: the reason and the phone instead of the buttons', async ({ page, request }) => {
    const admin = await request.post('/api/auth/login', { data: { email: 'admin@demo.salon', password: 'demo1234' } })
    const headers = { authorization: `JWT ${(await admin.json()).token}` }
    const config = (await (await request.get('/api/config?limit=1', { headers })).json()).docs[0]
    const { services } = await serviceIds(request)
    const me = await registerViaApi(request, newCustomer('late'))
    const piega = services.get('Piega')!
    const slot = await firstFreeSlot(request, [piega], 'any', 1)
    const booking = await bookViaApi(request, me.token, { services: [piega], operator: 'any', date_start: slot.start })
    // The longest limit the config allows (30 days): longer than the time left until the first free slot.
    expect(
      (await request.patch(`/api/config/${config.id}`, { headers, data: { cancellationTimeLimit: 720 } })).status(),
    ).toBe(200)
    try {
      await loginInBrowser(page, me.email, me.password)
      await page.goto('/reserved-area')
      const card = page.getByRole('article', { name: new RegExp(shown(booking.date_start), 'i') })
      await expect(card).toContainText('Puoi disdire o spostare online fino a 720 ore prima dell’appuntamento.')
      await expect(card.getByRole('link', { name: /Chiamaci al/ })).toHaveAttribute('href', /^tel:\+?\d+$/)
      await expect(card.getByRole('button', { name: 'Disdici' })).toHaveCount(0)
      await expect(card.getByRole('link', { name: 'Sposta' })).toHaveCount(0)
    } finally {
      await request.patch(`/api/config/${config.id}`, {
        headers,
        data: { cancellationTimeLimit: config.cancellationTimeLimit },
      })
    }
  })
})

test.describe('the operator’s agenda', () => {
  test('an operator confirms and cancels — never completes an appointment ahead — and undoes a cancellation; never sees another operator’s bookings', async ({
    page,
    request,
  }) => {
    const { services, operators } = await serviceIds(request)
    const piega = services.get('Piega')!
    const giulia = operators.get('Giulia')!
    const marco = operators.get('Marco')!
    const run = Date.now().toString(36) // names unique to this run: the agenda may hold earlier ones
    const a = await registerViaApi(request, newCustomer('agenda-a', 'Aurora', `Conferma${run}`))
    const b = await registerViaApi(request, newCustomer('agenda-b', 'Bianca', `Annulla${run}`))
    const c = await registerViaApi(request, newCustomer('agenda-c', 'Carla', `DiMarco${run}`))
    const slotA = await firstFreeSlot(request, [piega], giulia)
    await bookViaApi(request, a.token, { services: [piega], operator: giulia, date_start: slotA.start })
    const slotB = await firstFreeSlot(request, [piega], giulia)
    await bookViaApi(request, b.token, { services: [piega], operator: giulia, date_start: slotB.start })
    const slotC = await firstFreeSlot(request, [piega], marco)
    await bookViaApi(request, c.token, { services: [piega], operator: marco, date_start: slotC.start })

    await loginInBrowser(page, 'operatore@demo.salon', 'demo1234')
    await page.goto('/reserved-area?view=week')
    await expect(page.getByRole('heading', { name: 'L’agenda di Giulia' })).toBeVisible()
    const cardA = page.getByRole('article', { name: new RegExp(`Aurora Conferma${run}`) })
    const cardB = page.getByRole('article', { name: new RegExp(`Bianca Annulla${run}`) })
    await expect(cardA).toContainText('+39 333 123 4567')
    // A request: one accept button, no "Approva", no payment, nothing that only makes sense later.
    await expect(cardA.getByRole('button', { name: 'Approva' })).toHaveCount(0)
    await expect(cardA.getByRole('button', { name: 'In attesa di pagamento' })).toHaveCount(0)
    await cardA.getByRole('button', { name: 'Conferma' }).click()
    await expect(cardA).toContainText('Confermata')
    // The appointment is ahead: it can be cancelled, not completed nor marked a no-show (issue 20).
    await expect(cardA.getByRole('button', { name: 'Annulla' })).toBeVisible()
    await expect(cardA.getByRole('button', { name: 'Completato' })).toHaveCount(0)
    await expect(cardA.getByRole('button', { name: 'Non presentato' })).toHaveCount(0)

    // Cancelling asks first (the customer gets a mail), then can be taken back for 15 minutes.
    await cardB.getByRole('button', { name: 'Annulla' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(`Bianca Annulla${run}`)
    await expect(dialog).toContainText('Il cliente riceve una mail.')
    await dialog.getByRole('button', { name: 'Annulla' }).click()
    await expect(cardB).toContainText('Annullata')
    await expect(cardB).toContainText('Puoi ripristinare lo stato di prima fino alle')
    await expectNoSeriousA11yViolations(page)
    await cardB.getByRole('button', { name: 'Ripristina' }).click()
    await expect(cardB).toContainText('In attesa di conferma')
    await expect(cardB.getByRole('button', { name: 'Ripristina' })).toHaveCount(0)

    await expect(page.getByRole('article', { name: new RegExp(`Carla DiMarco${run}`) })).toHaveCount(0)
  })
})

test.describe('profile', () => {
  const PNG_8x8 = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGPQn+eCFTEMLQkApg5EQegZdooAAAAASUVORK5CYII=',
    'base64',
  )

  test('a customer edits name and phone (errors next to the field) and sets a photo', async ({ page, request }) => {
    const me = await registerViaApi(request, newCustomer('profile'))
    await loginInBrowser(page, me.email, me.password)
    await page.goto('/reserved-area/profile')
    await page.getByLabel('Telefono').fill('12')
    await page.getByRole('button', { name: 'Salva le modifiche' }).click()
    await expect(page.getByText('Numero di telefono non valido')).toBeVisible()
    await expect(page.getByLabel('Telefono')).toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel('Nome', { exact: true }).fill('Beatrice')
    await page.getByLabel('Telefono').fill('+39 347 765 4321')
    await page.getByRole('button', { name: 'Salva le modifiche' }).click()
    await expect(page.getByText('Profilo aggiornato')).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Beatrice')
    await expect(page.getByLabel('Telefono')).toHaveValue('+39 347 765 4321')

    await page.getByLabel('Aggiungi una foto').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_8x8 })
    await expect(page.getByText('Foto aggiornata')).toBeVisible()
    await expect(page.getByRole('img', { name: 'La tua foto profilo' })).toHaveAttribute(
      'src',
      /\/api\/upload\/file\/avatar-/,
    )
    await page.getByRole('button', { name: 'Rimuovi' }).click()
    await expect(page.getByRole('img', { name: 'La tua foto profilo' })).toHaveCount(0)
  })
})
