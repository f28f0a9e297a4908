import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser } from './helpers'

// No stored choice: the dashboard as a new browser first sees it (playwright.config sets Italian for the other specs).
// Without a choice the dashboard follows the browser's language: an English browser here…
test.use({ storageState: { cookies: [], origins: [] }, locale: 'en-US' })

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang)

test('an English browser gets English; Italian is one click away and remembered', async ({ page }) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto('/dashboard/service')

  // English by default (spec §1): titles, headers, Refine's buttons, money the English way.
  await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Price' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log out', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: /^€\d+\.\d\d$/ }).first()).toBeVisible()
  expect(await lang(page)).toBe('en')
  await expectNoSeriousA11yViolations(page)

  // One click on the header's switch: everything in Italian, at once.
  const switcher = page.getByRole('radiogroup', { name: 'Language' })
  await switcher.getByText('IT', { exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Servizi' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Prezzo' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Esci', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: /^\d+,\d\d\s€$/ }).first()).toBeVisible()
  expect(await lang(page)).toBe('it')
  await expect(page.getByRole('radio', { name: 'Italiano' })).toBeChecked()
  await expectNoSeriousA11yViolations(page)

  // Remembered: a reload, and another screen, stay Italian.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Servizi' })).toBeVisible()
  expect(await lang(page)).toBe('it')
  await page.goto('/dashboard/booking')
  await expect(page.getByRole('heading', { name: 'Prenotazioni' })).toBeVisible()
  await expect(page.getByText('Mostra le bozze')).toBeVisible()

  // And back to English with one click.
  await page.getByRole('radiogroup', { name: 'Lingua' }).getByText('EN', { exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible()
  await expect(page.getByText('Show drafts')).toBeVisible()
})

test.describe('an Italian browser', () => {
  // A wide screen: the menu is on screen (a phone keeps it behind the burger).
  test.use({ locale: 'it-IT', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false })

  test('gets the dashboard in Italian at once, and an explicit English stays English', async ({ page }) => {
    await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
    await page.goto('/dashboard')
    const menu = page.getByRole('navigation').first()
    await expect(menu.getByRole('link', { name: 'Prenotazioni' }).first()).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Servizi' }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Esci', exact: true })).toBeVisible()
    expect(await lang(page)).toBe('it')
    await expect(page.getByRole('radio', { name: 'Italiano' })).toBeChecked()

    // The choice wins over the browser's language, after a reload too.
    await page.getByRole('radiogroup', { name: 'Lingua' }).getByText('EN', { exact: true }).click()
    await expect(menu.getByRole('link', { name: 'Bookings' }).first()).toBeVisible()
    await page.reload()
    await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Bookings' }).first()).toBeVisible()
    expect(await lang(page)).toBe('en')
  })
})
