import { expect, test } from '@playwright/test'

test('the built apps run under the Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text())
  })
  await page.goto('/')
  await expect(page.getByText('Taglio donna')).toBeVisible()
  await page.goto('/login')
  await page.getByLabel('Email').fill('admin@demo.salon')
  await page.getByLabel('Password', { exact: true }).fill('demo1234')
  await page.getByRole('button', { name: 'Accedi' }).click()
  await expect(page).toHaveURL(/\/reserved-area/)
  await page.goto('/dashboard/service')
  await expect(page.getByRole('heading', { name: 'Servizi' })).toBeVisible()
  expect(violations).toEqual([])
})
