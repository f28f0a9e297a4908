import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { bookViaApi, firstFreeSlot, loginInBrowser, newCustomer, registerViaApi, serviceIds } from './helpers'

/**
 * The operator's calendar feed (issue 12): the operator turns it on in their agenda, the link
 * serves their appointments (without the customer's e-mail), turning it off by keyboard makes it
 * 404; the owner makes a new link from the operator's dashboard page.
 */
test.use({ viewport: { width: 1280, height: 900 } })

test('operator: create the link, the feed has the appointment, turn it off; owner: a new link', async ({
  page,
  request,
}) => {
  const { services, operators } = await serviceIds(request)
  const piega = services.get('Piega')!
  const giulia = operators.get('Giulia')!
  const surname = `Feed${Date.now().toString(36)}`
  const customer = await registerViaApi(request, newCustomer('feed', 'Elena', surname))
  const slot = await firstFreeSlot(request, [piega], giulia)
  await bookViaApi(request, customer.token, { services: [piega], operator: giulia, date_start: slot.start })

  await loginInBrowser(page, 'operatore@demo.salon', 'demo1234')
  await page.goto('/reserved-area')
  const card = page.getByRole('region', { name: 'I tuoi appuntamenti nel tuo calendario' })
  await expect(card).toBeVisible()
  // A previous run may have left it on: start from off (once the status has loaded).
  await expect(card.getByText(/^(non attivo|attivo dal )/)).toBeVisible()
  if (await card.getByRole('button', { name: 'Disattiva' }).isVisible()) {
    await card.getByRole('button', { name: 'Disattiva' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Sì, disattiva' }).click()
  }
  await expect(card.getByText('non attivo')).toBeVisible()
  await card.getByRole('button', { name: 'Crea il link' }).click()
  const link = card.getByRole('textbox', { name: 'Il tuo link' })
  await expect(link).toHaveValue(/\/api\/operators\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
  const url = await link.inputValue()
  await expect(card.getByRole('link', { name: 'Aggiungi al calendario del telefono' })).toHaveAttribute(
    'href',
    url.replace(/^https?:\/\//, 'webcal://'),
  )
  await expect(card.getByText(/^attivo dal /)).toBeVisible()
  // axe with the "Link pronto" toast on screen (its live region sits inside the list item), then
  // the toast closed by its button.
  await expect(page.getByRole('status').filter({ hasText: 'Link pronto' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Chiudi notifica' }).click()
  await expect(page.locator('.toast')).toHaveCount(0)

  const path = new URL(url).pathname
  const feed = await page.request.get(path, { headers: { cookie: '' } })
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const text = (await feed.text()).replace(/\r\n[ \t]/g, '') // unfolded
  expect(text).toContain(`Elena ${surname}`)
  expect(text.toLowerCase()).not.toContain(customer.email.toLowerCase())

  // Turned off by keyboard: the confirmation is a modal dialog; then the link is dead.
  await card.getByRole('button', { name: 'Disattiva' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Disattivare il link?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Sì, disattiva' }).focus()
  await page.keyboard.press('Enter')
  await expect(card.getByText('non attivo')).toBeVisible()
  expect((await page.request.get(path)).status()).toBe(404)

  // The owner, on the operator's dashboard page: a new link works, the operator's old one stays dead.
  await page.context().clearCookies()
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto(`/dashboard/operator/${giulia}`)
  const create = page.getByRole('button', { name: /^(Create link|Crea il link)$/ })
  await expect(create).toBeVisible()
  await create.click()
  const adminLink = page.getByRole('textbox', { name: 'Link' })
  await expect(adminLink).toHaveValue(/\/api\/operators\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
  const adminPath = new URL(await adminLink.inputValue()).pathname
  expect((await page.request.get(adminPath)).status()).toBe(200)
  expect((await page.request.get(path)).status()).toBe(404)
  await page.getByRole('button', { name: /^(Turn off|Disattiva)$/ }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Yes, turn off|Sì, disattiva)$/ })
    .click()
  await expect(page.getByText(/^(Not active|Non attivo)$/)).toBeVisible()
  expect((await page.request.get(adminPath)).status()).toBe(404)
})
