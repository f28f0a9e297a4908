import { defineConfig, devices } from '@playwright/test'

const baseURL = process.env.SALON_BASE_URL ?? 'http://localhost:3000'

/**
 * Drives the real built app (started by scripts/test.mjs) in Debian's Chromium. The dashboard
 * speaks English by default; the specs read it in Italian, as the site's own people do: every
 * context starts with the dashboard's language set to Italian (its localStorage key,
 * admin/src/i18n/locale.ts). `dashboard-language.spec.ts` starts without it and tests the default.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: '.data/test/e2e-results',
  use: {
    baseURL,
    storageState: {
      cookies: [],
      origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'salon.dashboard.locale', value: 'it' }] }],
    },
    trace: 'retain-on-failure',
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'mobile-chromium', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
})
