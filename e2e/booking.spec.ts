import ICAL from 'ical.js'
import { expect, test, type Page } from '@playwright/test'
import { bookViaApi, firstFreeDayShown, newCustomer, registerViaApi, serviceIds, wizardParams } from './helpers'

/** A phone: 360 × 740 with touch (the wizard is designed for it first). */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

/**
 * The days with free times other than the chosen one: this month's, or the next month's when the
 * chosen day is the month's last free one (late on a Saturday the 28th, say).
 */
async function otherFreeDays(page: Page) {
  const grid = page.getByRole('group', { name: /^Calendario/ })
  await expect(grid).not.toHaveAttribute('aria-busy', 'true')
  const others = grid.locator('.calendar__day:not([aria-disabled]):not([aria-pressed="true"])')
  if ((await others.count()) === 0) {
    await page.getByRole('button', { name: 'Mese successivo' }).click()
    await expect(grid).not.toHaveAttribute('aria-busy', 'true')
  }
  return others
}

/** From the day step: the first day with free times, then a free time (the nth of the day). */
async function pickFirstDayAndTime(page: Page, nth = 0) {
  await page.getByRole('button', { name: 'Primo giorno disponibile' }).click()
  await firstFreeDayShown(page)
  // Late in the day the first free day may have fewer times left than asked: the next free day.
  if ((await page.getByTestId('time-slot').count()) <= nth) {
    await (await otherFreeDays(page)).first().click()
    await expect(page.getByTestId('time-slot').nth(nth)).toBeVisible()
  }
  const slot = page.getByTestId('time-slot').nth(nth)
  await slot.click()
  await expect(slot).toHaveAttribute('aria-pressed', 'true')
  const params = wizardParams(page)
  return { label: (await slot.textContent())!, day: params.get('day')!, time: params.get('time')! }
}

test.describe('booking wizard (phone)', () => {
  test('a touch user picks a day and sees its times without scrolling; the chosen day reads as chosen', async ({
    page,
    request,
  }) => {
    const { services } = await serviceIds(request)
    await page.goto(`/reserve?services=${services.get('Piega')}&step=when`)
    await expect(page.getByTestId('time-slot').first()).toBeVisible()
    // The first free day is open; tap another free day of the month (a later month if needed).
    const grid = page.getByRole('group', { name: /^Calendario/ })
    const day = (await otherFreeDays(page)).last()
    const label = (await day.getAttribute('aria-label'))!
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await day.tap()
    const chosen = grid.getByRole('button', { name: label, exact: true })
    await expect(chosen).toHaveAttribute('aria-pressed', 'true')
    // Its times come into view on their own: the first one is on screen, above the bottom bar.
    const heading = page.getByRole('heading', { name: `Orari disponibili di ${label}` })
    await expect(heading).toBeVisible()
    const first = page.getByTestId('time-slot').first()
    await expect(first).toBeInViewport()
    await expect
      .poll(async () => {
        const box = (await first.boundingBox())!
        const bar = (await page.locator('.sticky-bar').boundingBox())!
        return box.y + box.height <= bar.y && box.y >= 0
      })
      .toBe(true)
    // A phone leaves :hover on the day just tapped: the chosen day still reads white on the
    // darkest green (7.9:1), never white on pale green.
    await chosen.hover()
    await expect(chosen).toHaveCSS('background-color', 'rgb(29, 90, 41)')
    await expect(chosen).toHaveCSS('color', 'rgb(255, 255, 255)')
    // The time is one tap away, and so is "Avanti".
    await first.tap()
    await expect(first).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('.sticky-bar').getByRole('button', { name: 'Avanti' })).toBeInViewport()
    await expect(page.locator('.sticky-bar').getByRole('button', { name: 'Avanti' })).toBeEnabled()
  })

  test('a visitor books two services with any operator, registers on the way, gets the calendar file', async ({
    page,
  }) => {
    const customer = newCustomer('visitor')
    await page.goto('/')
    await page.getByRole('link', { name: 'Prenota: Piega' }).click()
    await expect(page).toHaveURL(/\/reserve\?services=\d+/)
    // Straight to the day and time: the first free day's times are on screen at once.
    await expect(page.getByRole('heading', { name: 'Scegli giorno e ora' })).toBeVisible()
    await expect(page.getByTestId('time-slot').first()).toBeVisible()
    // One more service: back through the steps.
    await page.getByRole('link', { name: 'Indietro' }).click()
    await expect(page.getByRole('heading', { name: 'Con chi?' })).toBeVisible()
    await page.getByRole('link', { name: 'Indietro' }).click()
    await expect(page.getByRole('checkbox', { name: 'Piega' })).toBeChecked()

    await page.getByRole('checkbox', { name: 'Taglio donna' }).check()
    const bar = page.locator('.sticky-bar')
    await expect(bar).toContainText('2 servizi')
    await expect(bar).toContainText('55,00 €')
    await expect(bar).toContainText('1 h 15 min')
    await bar.getByRole('button', { name: 'Avanti' }).click()

    await expect(page.getByRole('heading', { name: 'Con chi?' })).toBeFocused()
    await expect(page.getByRole('radio', { name: 'Qualsiasi operatore' })).toBeChecked()
    await bar.getByRole('button', { name: 'Avanti' }).click()

    await expect(page.getByRole('heading', { name: 'Scegli giorno e ora' })).toBeVisible()
    const chosen = await pickFirstDayAndTime(page)
    await bar.getByRole('button', { name: 'Avanti' }).click()

    await expect(page.getByRole('heading', { name: 'Riepilogo' })).toBeVisible()
    await expect(page.getByText(chosen.label, { exact: false }).first()).toBeVisible()
    await page.getByLabel('Nota per il salone (facoltativa)').fill('Capelli lunghi, grazie')
    await page.getByRole('link', { name: 'Registrati' }).last().click()

    // The booking waits, said in words; consent to the privacy policy is asked.
    const day = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
    const dayLabel = day.format(new Date(`${chosen.day}T12:00:00Z`))
    await expect(page.getByRole('status')).toContainText(
      new RegExp(`^Ti aspetta: (Piega, Taglio donna|Taglio donna, Piega), ${dayLabel} alle\\s${chosen.label.trim()}`),
    )
    await expect(page.getByRole('status')).toContainText('Dopo la registrazione confermi la prenotazione.')
    await page.getByLabel('Nome', { exact: true }).fill(customer.name)
    await page.getByLabel('Cognome').fill(customer.surname)
    await page.getByLabel('Email').fill(customer.email)
    await page.getByLabel('Telefono').fill(customer.phone_number)
    await page.getByLabel('Password').fill(customer.password)
    await page.getByRole('button', { name: 'Crea account' }).click()
    await expect(
      page.getByText('Per creare l’account conferma di aver letto l’informativa sulla privacy'),
    ).toBeVisible()
    await page.getByRole('checkbox', { name: 'Ho letto l’informativa sulla privacy' }).check()
    await page.getByRole('button', { name: 'Crea account' }).click()

    // Back at the very same choice, signed in: one tap confirms.
    await expect(page.getByRole('heading', { name: 'Riepilogo' })).toBeVisible()
    expect(wizardParams(page).get('time')).toBe(chosen.time)
    await expect(page.getByLabel('Nota per il salone (facoltativa)')).toHaveValue('Capelli lunghi, grazie')
    await expect(page.getByText(/Hai \d+:\d\d per confermare/)).toBeVisible()
    await bar.getByRole('button', { name: 'Conferma prenotazione' }).click()

    await expect(page.getByRole('heading', { name: 'Prenotazione inviata' })).toBeVisible()
    await expect(page).toHaveURL(/\/reserve\/thankyou\?id=\d+/)
    await expect(page.getByText('In attesa di conferma')).toBeVisible()
    await expect(page.getByText('55,00 €')).toBeVisible()
    await expect(page.getByRole('link', { name: /Aggiungi a Google Calendar/ })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
    )

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Aggiungi al calendario' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^prenotazione-\d+\.ics$/)
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString())
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!)
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(chosen.time).toISOString())
    expect(event.duration.toSeconds()).toBe(75 * 60)
  })

  test('a time taken meanwhile: a clear message, fresh times, everything else kept', async ({ page, request }) => {
    const { services, operators } = await serviceIds(request)
    const me = await registerViaApi(request, newCustomer('conflict'))
    const other = await registerViaApi(request, newCustomer('rival'))
    await page.request.post('/api/auth/login', { data: { email: me.email, password: me.password } })
    const taglio = services.get('Taglio uomo')!
    const marco = operators.get('Marco')!
    await page.goto(`/reserve?services=${taglio}&operator=${marco}&step=when`)
    const chosen = await pickFirstDayAndTime(page, 2)
    await page.locator('.sticky-bar').getByRole('button', { name: 'Avanti' }).click()
    await expect(page.getByRole('button', { name: 'Conferma prenotazione' })).toBeEnabled()

    // Someone else books that very time with Marco first.
    await bookViaApi(request, other.token, { services: [taglio], operator: marco, date_start: chosen.time })
    await page.getByRole('button', { name: 'Conferma prenotazione' }).click()

    await expect(page.getByRole('alert')).toContainText('Qualcuno ha appena prenotato questo orario')
    await expect(page.getByRole('heading', { name: 'Scegli giorno e ora' })).toBeVisible()
    const params = wizardParams(page)
    expect(params.get('services')).toBe(String(taglio))
    expect(params.get('operator')).toBe(String(marco))
    expect(params.get('day')).toBe(chosen.day)
    expect(params.get('time')).toBeNull()
    await expect(page.getByTestId('time-slot').first()).toBeVisible()
    await expect(page.getByTestId('time-slot').filter({ hasText: new RegExp(`^${chosen.label}$`) })).toHaveCount(0)
  })

  test('a reload in the middle keeps the choice; Back goes to the previous step', async ({ page }) => {
    await page.goto('/reserve')
    await page.getByRole('checkbox', { name: 'Colore' }).check()
    await page.getByRole('checkbox', { name: 'Piega' }).check()
    await page.locator('.sticky-bar').getByRole('button', { name: 'Avanti' }).click()
    await page.getByRole('radio', { name: 'Giulia' }).check()
    await page.locator('.sticky-bar').getByRole('button', { name: 'Avanti' }).click()
    const chosen = await pickFirstDayAndTime(page)

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Scegli giorno e ora' })).toBeVisible()
    await expect(page.getByTestId('time-slot').filter({ hasText: new RegExp(`^${chosen.label}$`) })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'Con chi?' })).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Giulia' })).toBeChecked()
    await page.goBack()
    await expect(page.getByRole('checkbox', { name: 'Colore' })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Piega' })).toBeChecked()
  })
})
