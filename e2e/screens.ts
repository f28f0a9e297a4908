import fs from 'node:fs'
import path from 'node:path'
import { devices, type Locator, type Page } from '@playwright/test'

/**
 * The two sizes every screen is looked at (a phone at 360 × 740, a desktop at 1366 × 900), as
 * browser-context options, and `shot`: with SALON_SHOTS=<dir> a screen (a whole page, or one
 * element) is saved there as `<name>.png` for a person to open; without it, nothing.
 */
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
/** The device's options without its browser type (which a describe cannot change). */
export const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  userAgent: devices['Desktop Chrome'].userAgent,
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
}

const SHOTS = process.env.SALON_SHOTS

export async function shot(target: Page | Locator, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  const isElement = 'page' in target
  const page = isElement ? target.page() : target
  // An element clear of the sticky header; a dialog fading in is not what a person looks at.
  if (isElement) await target.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`), ...(isElement ? {} : { fullPage: true }) })
}
