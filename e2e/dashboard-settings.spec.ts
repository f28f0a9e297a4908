import { devices, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser } from './helpers'

/** The settings form and the holidays under it (issue 11). Values are put back at the end. */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

test('the owner changes a booking rule, sees the shared rule refuse a bad value, adds a holiday', async ({ page }) => {
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  await page.goto('/dashboard/config')
  const cap = page.getByLabel('Appuntamenti aperti per cliente')
  await expect(cap).toHaveValue('3')
  // Repeating appointments online (issue 27): the demo lets customers book them.
  await expect(page.getByLabel('I clienti possono prenotare appuntamenti ricorrenti online')).toBeChecked()
  // The backups' status (issue 22): the test server's PostgreSQL is external to it and not archived.
  const backups = page.getByRole('region', { name: 'Backup' })
  await expect(backups.getByRole('row', { name: /Ultimo backup riuscito/ })).toContainText('Ancora nessuno')
  await expect(backups.getByRole('row', { name: /Archiviazione continua/ })).toContainText('Disattivata')
  await expectNoSeriousA11yViolations(page)

  const step = page.getByLabel('Passo degli orari (minuti)')
  await step.fill('2')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Almeno 5 minuti')).toBeVisible()
  await step.fill('15')

  await cap.fill('4')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Modifiche salvate')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Appuntamenti aperti per cliente')).toHaveValue('4')
  await page.getByLabel('Appuntamenti aperti per cliente').fill('3')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Modifiche salvate').first()).toBeVisible()

  // A holiday, from the list under the settings.
  const name = `Chiusura e2e ${Date.now()}`
  await page.goto('/dashboard/config/holiday/create')
  await page.getByLabel('Nome').fill(name)
  await page.getByRole('textbox', { name: 'Giorno' }).fill('2026-12-28')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/dashboard\/config$/)
  await page.getByRole('link', { name }).click()
  await expect(page.getByRole('textbox', { name: 'Giorno' })).toHaveValue('2026-12-28')
  await page.getByRole('button', { name: 'Elimina' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click()
  await expect(page).toHaveURL(/\/dashboard\/config$/)
  await expect(page.getByRole('link', { name })).toHaveCount(0)
})
