import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, seriousA11yViolations } from './axe'

/** A small phone (360×740), where contrast, reflow and target sizes are hardest. */
test.use({ viewport: { width: 360, height: 740 } })

const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    ready: async (page) => {
      await expect(page.getByText('Taglio donna')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Crea account' })).toBeVisible()
    },
  },
  { path: '/login', ready: (page) => expect(page.getByLabel('Email')).toBeVisible() },
  { path: '/register', ready: (page) => expect(page.getByLabel('Email')).toBeVisible() },
  { path: '/terms', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/privacy', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/map-site', ready: (page) => expect(page.getByRole('heading', { name: 'Mappa del sito' })).toBeVisible() },
  { path: '/no-such-page', ready: (page) => expect(page.getByText('404 error')).toBeVisible() },
]

test.describe('accessibility (axe, WCAG 2.2 AA) at 360×740', () => {
  for (const { path, ready } of PAGES) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path)
      await ready(page)
      await expectNoSeriousA11yViolations(page)
    })
  }

  test('the check catches what it should (the old primary green with white text)', async ({ page }) => {
    await page.setContent(
      `<!doctype html><html lang="it"><title>t</title><main>
        <button style="background:#2f9e44;color:#fff;font:600 16px sans-serif;border:0;padding:12px">Prenota</button>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      </main></html>`,
    )
    const ids = (await seriousA11yViolations(page)).map((v) => v.id).sort()
    expect(ids).toEqual(['color-contrast', 'image-alt'])
  })
})
