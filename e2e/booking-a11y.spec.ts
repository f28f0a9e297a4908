import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  bookViaApi,
  firstFreeDayShown,
  firstFreeSlot,
  loginInBrowser,
  newCustomer,
  registerViaApi,
  serviceIds,
} from './helpers'

/** Presses Tab (at most `max` times) until `target` has the focus: the keyboard's own way there. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`never reached ${target.toString()} with Tab`)
}

test.describe('booking by keyboard alone, and axe on every screen (phone)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

  test('every wizard step, the thank-you page and the reserved area, by keyboard', async ({ page, request }) => {
    const me = await registerViaApi(request, newCustomer('keyboard'))
    await page.goto('/reserve')
    await expect(page.getByRole('checkbox', { name: 'Piega' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await tabTo(page, page.getByRole('checkbox', { name: 'Piega' }))
    await page.keyboard.press('Space')
    await expect(page.getByRole('checkbox', { name: 'Piega' })).toBeChecked()
    await tabTo(page, page.getByRole('button', { name: 'Avanti' }))
    await page.keyboard.press('Enter')

    // Focus moves to the step's heading.
    await expect(page.getByRole('heading', { name: 'Con chi?' })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await tabTo(page, page.getByRole('radio', { name: 'Qualsiasi operatore' }))
    await page.keyboard.press('ArrowDown') // radios: arrows choose
    await expect(page.getByRole('radio', { name: 'Giulia' })).toBeChecked()
    await tabTo(page, page.getByRole('button', { name: 'Avanti' }))
    await page.keyboard.press('Enter')

    await expect(page.getByRole('heading', { name: 'Scegli giorno e ora' })).toBeFocused()
    await tabTo(page, page.getByRole('button', { name: 'Primo giorno disponibile' }))
    await page.keyboard.press('Enter')
    await firstFreeDayShown(page)
    const slot = page.getByTestId('time-slot').first()
    await expectNoSeriousA11yViolations(page)
    await tabTo(page, slot)
    await page.keyboard.press('Enter')
    await expect(slot).toHaveAttribute('aria-pressed', 'true')
    await tabTo(page, page.getByRole('button', { name: 'Avanti' }))
    await page.keyboard.press('Enter')

    await expect(page.getByRole('heading', { name: 'Riepilogo' })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    // Sign in by keyboard from the summary, and come back to it.
    await tabTo(page, page.getByRole('link', { name: 'Accedi', exact: true }).last())
    await page.keyboard.press('Enter')
    await expect(page.getByLabel('Email')).toBeVisible()
    await tabTo(page, page.getByLabel('Email'))
    await page.keyboard.type(me.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(me.password)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Conferma prenotazione' })).toBeEnabled()
    await expectNoSeriousA11yViolations(page)
    await tabTo(page, page.getByRole('button', { name: 'Conferma prenotazione' }))
    await page.keyboard.press('Enter')

    await expect(page.getByRole('heading', { name: 'Prenotazione inviata' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    // The wizard took the first free time, which may fall inside the 24-hour policy (no "Disdici"
    // then): a second booking beyond it has the button whatever the hour the suite runs at.
    const { services } = await serviceIds(request)
    const later = await firstFreeSlot(request, [services.get('Piega')!], 'any', 0, 26)
    await bookViaApi(request, me.token, {
      services: [services.get('Piega')!],
      operator: 'any',
      date_start: later.start,
    })
    await tabTo(page, page.getByRole('link', { name: 'I miei appuntamenti' }).last())
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Prossimi appuntamenti' })).toBeVisible()
    await expect(page.getByRole('article').first()).toContainText('Piega')
    await expectNoSeriousA11yViolations(page)

    // The confirmation dialog traps focus and Esc closes it.
    await tabTo(page, page.getByRole('button', { name: 'Disdici' }).first())
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Disdici' }).first()).toBeFocused()
  })

  test('my bookings with a cancelled one ahead, and moving a "Qualsiasi operatore" booking, pass axe', async ({
    page,
    request,
  }) => {
    const { services } = await serviceIds(request)
    const piega = services.get('Piega')!
    const me = await registerViaApi(request, newCustomer('axe-move'))
    const first = await firstFreeSlot(request, [piega], 'any', 0, 30)
    await bookViaApi(request, me.token, { services: [piega], operator: 'any', date_start: first.start })
    const second = await firstFreeSlot(request, [piega], 'any', 4, 30)
    const called = await bookViaApi(request, me.token, { services: [piega], operator: 'any', date_start: second.start })
    const cancel = await request.put(`/api/reservations/${called.id}/status`, {
      headers: { authorization: `JWT ${me.token}` },
      data: { status: 'CANCELLED' },
    })
    expect(cancel.status()).toBe(200)
    await loginInBrowser(page, me.email, me.password)
    await page.goto('/reserved-area')
    await expect(page.getByRole('heading', { name: 'Appuntamenti annullati' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('link', { name: 'Sposta' }).click()
    await expect(page.getByText(/^Ora: /)).toBeVisible()
    await expect(page.getByTestId('time-slot').first()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('the operator’s agenda passes axe', async ({ page, request }) => {
    const { services, operators } = await serviceIds(request)
    const piega = services.get('Piega')!
    const giulia = operators.get('Giulia')!
    const surname = `Axe${Date.now().toString(36)}`
    const customer = await registerViaApi(request, newCustomer('axe-agenda', 'Elena', surname))
    const slot = await firstFreeSlot(request, [piega], giulia)
    await bookViaApi(request, customer.token, { services: [piega], operator: giulia, date_start: slot.start })
    await loginInBrowser(page, 'operatore@demo.salon', 'demo1234')
    await page.goto('/reserved-area?view=week')
    await expect(page.getByRole('article', { name: new RegExp(`Elena ${surname}`) })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('desktop (1366 px)', () => {
  test.use({ viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false })

  test('a signed-in customer books two services with a chosen operator', async ({ page, request }) => {
    const me = await registerViaApi(request, newCustomer('desktop'))
    await loginInBrowser(page, me.email, me.password)
    await page.goto('/reserve')
    await page.getByRole('checkbox', { name: 'Taglio donna' }).check()
    await page.getByRole('checkbox', { name: 'Piega' }).check()
    await page.getByRole('button', { name: 'Avanti' }).click()
    await page.getByRole('radio', { name: 'Marco' }).check()
    await page.getByRole('button', { name: 'Avanti' }).click()
    await page.getByRole('button', { name: 'Primo giorno disponibile' }).click()
    await firstFreeDayShown(page)
    // Calendar and times side by side.
    const calendar = await page.locator('.calendar').boundingBox()
    const times = await page.locator('.times').boundingBox()
    expect(times!.x).toBeGreaterThan(calendar!.x + calendar!.width - 1)
    await page.getByTestId('time-slot').first().click()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Avanti' }).click()
    await expect(page.getByText('Marco')).toBeVisible()
    await page.getByRole('button', { name: 'Conferma prenotazione' }).click()
    await expect(page.getByRole('heading', { name: 'Prenotazione inviata' })).toBeVisible()
    await expect(page.getByText('55,00 €')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})
