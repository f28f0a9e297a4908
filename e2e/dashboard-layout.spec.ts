import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser } from './helpers'
import { DESKTOP, PHONE, shot } from './screens'

/**
 * The dashboard's own side menu (issue 28: it replaced @refinedev/mantine's ThemedSider, whose
 * tooltips and scroll area weighed ~13 KiB gzip of the first load): on a wide screen the menu with
 * the active item marked, folded to named icons and back, usable by keyboard; on a phone the
 * burger opens it as a drawer (fetched at that tap), a choice goes there and closes it; axe on
 * both. Read in Italian (playwright.config.ts). SALON_SHOTS=<dir> saves the screens.
 */

test.describe('a wide screen', () => {
  test.use(DESKTOP)

  test('the menu marks where you are, folds to named icons and back, and works by keyboard', async ({ page }) => {
    await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
    await page.goto('/dashboard/service')
    await expect(page.getByRole('heading', { name: 'Servizi' })).toBeVisible()
    const menu = page.getByRole('navigation')
    const services = menu.getByRole('link', { name: 'Servizi', exact: true })
    await expect(services).toBeVisible()
    await expect(services).toHaveAttribute('data-active', 'true')
    await expect(menu.getByRole('link', { name: 'Prenotazioni', exact: true })).not.toHaveAttribute('data-active')
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden()
    // The signed-in admin: name and address.
    await expect(page.getByTestId('header-user-name')).toHaveText('Anna Amministratrice')
    await expect(page.getByTestId('header-user').getByText('admin@demo.salon')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'dashboard-layout-1366')

    // Folded: icons only, each still named (and titled on hover); the content column grows.
    const main = page.getByRole('main')
    const wide = (await main.boundingBox())!.width
    await page.getByRole('button', { name: 'Riduci il menu' }).click()
    await expect(services).toHaveAttribute('title', 'Servizi')
    await expect(menu.getByText('Servizi', { exact: true })).toHaveCount(0)
    await expect.poll(async () => (await menu.boundingBox())!.width).toBe(80)
    await expect.poll(async () => (await main.boundingBox())!.width).toBeGreaterThan(wide + 100)
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'dashboard-layout-1366-folded')
    await page.getByRole('button', { name: 'Espandi il menu' }).click()
    await expect(menu.getByText('Servizi', { exact: true })).toBeVisible()

    // By keyboard: focus a menu link, Enter goes there and marks it.
    const bookings = menu.getByRole('link', { name: 'Prenotazioni', exact: true })
    await bookings.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dashboard\/booking$/)
    await expect(bookings).toHaveAttribute('data-active', 'true')
  })
})

test.describe('a phone', () => {
  test.use(PHONE)

  test('the burger opens the menu as a drawer; a choice goes there and closes it', async ({ page }) => {
    await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
    // Not the index: its "Gestisci" links are a navigation of their own.
    await page.goto('/dashboard/service')
    await expect(page.getByRole('heading', { name: 'Servizi' })).toBeVisible()
    const burger = page.getByRole('button', { name: 'Menu', exact: true })
    await expect(burger).toBeVisible()
    await expect(burger).toHaveAttribute('aria-expanded', 'false')
    // The wide screen's menu is not on a phone's screen.
    await expect(page.getByRole('navigation')).toBeHidden()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    // The services' four columns fit: no sideways scrolling of the table either.
    const table = page.getByRole('table', { name: 'Servizi' })
    await expect(table.getByRole('row')).not.toHaveCount(1)
    expect(
      await table.evaluate(
        (t) => t.scrollWidth - (t.closest('.mantine-ScrollArea-viewport') ?? t.parentElement)!.clientWidth,
      ),
    ).toBeLessThanOrEqual(0)
    // The signed-in name, not cut to its first word ("Anna…"); the address only on wider screens.
    const name = page.getByTestId('header-user-name')
    await expect(name).toContainText('Anna Amministratrice')
    expect((await name.boundingBox())!.width).toBeGreaterThan(100)
    await expect(page.getByTestId('header-user').getByText('admin@demo.salon')).toBeHidden()
    await shot(page, 'dashboard-layout-360')

    await burger.click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    // (The page behind the drawer is hidden from assistive tech while it is open: so is the burger.)
    await expect(drawer.getByRole('link', { name: 'Servizi', exact: true })).toHaveAttribute('data-active', 'true')
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'dashboard-layout-360-menu')

    await drawer.getByRole('link', { name: 'Prenotazioni', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/booking$/)
    await expect(drawer).toBeHidden()
    await expect(burger).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('heading', { name: 'Prenotazioni' })).toBeVisible()

    // Escape closes it too, and the focus goes back to the burger.
    await burger.click()
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Prenotazioni', exact: true })).toHaveAttribute('data-active', 'true')
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(burger).toBeFocused()
  })
})
