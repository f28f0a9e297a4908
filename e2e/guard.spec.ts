import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { serviceIds } from './helpers'

/** The redirect guard's cookie (REDIRECT_GUARD in shared/src/routes.ts). */
const COOKIE = 'salon_redirect_path'

test.describe('redirect guard (spec §2)', () => {
  test('a visitor opening a private page lands on login and, after signing in later, returns to it', async ({
    page,
    context,
  }) => {
    await page.goto('/reserved-area/settings?from=mail')
    await expect(page).toHaveURL(/\/login\?redirectTo=\/reserved-area\/settings%3Ffrom%3Dmail$/)
    const cookie = (await context.cookies()).find((c) => c.name === COOKIE)
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false })
    expect(decodeURIComponent(cookie!.value)).toBe('/reserved-area/settings?from=mail')
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(600)

    // The visitor looks around first, then signs in from the header: the plain login page
    // (no redirectTo) sends them to the page the guard remembered, and forgets it.
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link', { name: 'Accedi' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Email').fill('cliente@demo.salon')
    await page.getByLabel('Password', { exact: true }).fill('demo1234')
    await page.getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page).toHaveURL(/\/reserved-area\/settings\?from=mail$/)
    expect((await context.cookies()).find((c) => c.name === COOKIE)).toBeUndefined()
  })

  test('public pages stay open to visitors and set no cookie', async ({ page, context }) => {
    for (const path of ['/', '/reserve', '/terms', '/privacy', '/map-site', '/register']) {
      await page.goto(path)
      await expect(page.locator('#main h1').first()).toBeVisible()
      expect(new URL(page.url()).pathname, path).toBe(path)
    }
    expect((await context.cookies()).find((c) => c.name === COOKIE)).toBeUndefined()
  })
})

test.describe('tooltips (spec §9)', () => {
  test('the calendar arrows show their tooltip on keyboard focus and on hover; Escape hides it', async ({
    page,
    request,
  }) => {
    const { services } = await serviceIds(request)
    await page.goto(`/reserve?services=${services.get('Piega')}`)
    await expect(page.getByRole('heading', { name: 'Scegli giorno e ora' })).toBeVisible()
    const next = page.getByRole('button', { name: 'Mese successivo' })
    await expect(next).toBeEnabled()
    await expect(page.getByRole('tooltip')).toHaveCount(0)

    // From the calendar's day grid, Shift+Tab reaches "Mese successivo".
    await page.locator('.calendar__day[tabindex="0"]').focus()
    await page.keyboard.press('Shift+Tab')
    await expect(next).toBeFocused()
    const tip = page.getByRole('tooltip')
    await expect(tip).toHaveText('Mese successivo')
    await expect(next).toHaveAttribute('aria-describedby', (await tip.getAttribute('id'))!)
    // Inside the viewport, and axe finds nothing serious with it shown.
    const box = (await tip.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)
    await expectNoSeriousA11yViolations(page, { include: ['.calendar'] })

    await page.keyboard.press('Escape')
    await expect(tip).toHaveCount(0)
    await expect(next).toBeFocused()

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await next.hover()
    await expect(page.getByRole('tooltip')).toHaveText('Mese successivo')
    await page.mouse.move(0, 0)
    await expect(page.getByRole('tooltip')).toHaveCount(0)
  })
})
