import { expect, test } from '@playwright/test'

test.describe('dashboard', () => {
  test('a visitor is sent to login with the Unauthorized toast, then lands on the dashboard as admin', async ({
    page,
  }) => {
    await page.goto('/dashboard/service')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fservice|\/login\?redirectTo=\/dashboard\/service/)
    await expect(page.getByText('Unauthorized')).toBeVisible()
    await expect(page.getByText('You are not authorized to access this page, please login as an admin.')).toBeVisible()

    await page.getByLabel('Email').fill('admin@demo.salon')
    await page.getByLabel('Password').fill('demo1234')
    await page.getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/service/)
    await expect(page.getByRole('heading', { name: 'Servizi' })).toBeVisible()
    await expect(page.getByText('Taglio donna')).toBeVisible()

    await page.getByRole('button', { name: 'Esci', exact: true }).click()
    await expect(page).toHaveURL(/\/login/)
  })

  test('a logged-in customer is sent back to the home page', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill('cliente@demo.salon')
    await page.getByLabel('Password').fill('demo1234')
    await page.getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page).toHaveURL(/\/reserved-area/)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/$/)
  })

  test('an unknown dashboard path answers 404', async ({ request }) => {
    expect((await request.get('/dashboard/nothing-here')).status()).toBe(404)
    expect((await request.get('/dashboard/service/12')).status()).toBe(200)
  })
})
