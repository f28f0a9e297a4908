import { expect, test, type Page } from '@playwright/test'

/** Violations the page itself saw (also those of a caught `new Function` probe, which logs nothing). */
const reported = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)

test('the built apps run under the Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = [])
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  await page.goto('/')
  await expect(page.getByText('Taglio donna')).toBeVisible()
  expect(await reported(page)).toEqual([])
  // The wizard and the login validate with zod: it must not probe `new Function` (jitless).
  await page.goto('/reserve')
  await expect(page.getByRole('checkbox', { name: 'Piega' })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Piega' }).check()
  expect(await reported(page)).toEqual([])
  await page.goto('/login')
  await page.getByLabel('Email').fill('admin@demo.salon')
  await page.getByLabel('Password', { exact: true }).fill('demo1234')
  await page.getByRole('button', { name: 'Accedi', exact: true }).click()
  // The owner lands on the dashboard (landingFor).
  await expect(page).toHaveURL(/\/dashboard$/)
  expect(await reported(page)).toEqual([])
  await page.goto('/dashboard/service')
  await expect(page.getByRole('heading', { name: 'Servizi' })).toBeVisible()
  expect(await reported(page)).toEqual([])
  expect(violations).toEqual([])
})
