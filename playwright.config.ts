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
  // Room for a machine twice as slow with other work running (issue 21 §8): a journey of ~15 s
  // here takes ~30 s there. The specs wait for what the user waits for (a response, a visible
  // state), never a fixed time, so a long timeout costs nothing when all is well; no retries —
  // a test that passes only on its second try hides a race.
  timeout: 90_000,
  expect: { timeout: 15_000 },
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
    // One click, fill or navigation that cannot happen says so on its own line, not as the test's timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
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
