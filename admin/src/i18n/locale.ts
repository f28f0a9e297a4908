/**
 * The dashboard's language: the one chosen on the header's switch, remembered in this browser
 * (localStorage); without a choice, the browser's — Italian for a browser that prefers Italian,
 * English otherwise (spec §1's default). A module-level variable, not React state:
 * Refine keeps the first i18n provider object it gets, so `getLocale` must read from here.
 * Screens re-render through `subscribeLocale` (see `useT`).
 */

export const LOCALES = ['en', 'it'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'
/** The localStorage key holding the choice (the e2e specs set it to start in Italian). */
export const LOCALE_STORAGE_KEY = 'salon.dashboard.locale'

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

/** `Intl` locale of each language: British English writes days as 23/11/2026 and money as €55.00. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', it: 'it-IT' }

/**
 * The browser's language among ours: the first of its preferred languages (`navigator.languages`,
 * else `navigator.language`) that is Italian or English — `it-IT`, `it-CH` and `it` are Italian;
 * `de-DE, it` is Italian too (the reader's first language we speak); none of ours → English.
 */
export function browserLocale(
  nav: { languages?: readonly string[]; language?: string } | undefined = globalThis.navigator,
): Locale {
  const preferred = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0]
    if (isLocale(primary)) return primary
  }
  return DEFAULT_LOCALE
}

/** The remembered choice, if any (storage disabled or empty: none). */
export function storedLocale(): Locale | null {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY)
    return isLocale(stored) ? stored : null
  } catch {
    return null
  }
}

/** At load: the remembered choice wins over the browser's language. */
export const initialLocale = (): Locale => storedLocale() ?? browserLocale()

let current: Locale = initialLocale()
const listeners = new Set<() => void>()

const markDocument = (locale: Locale) => {
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}
markDocument(current)

export const getLocale = (): Locale => current

/**
 * Switch language (an explicit choice): remembered, so it wins over the browser's language from now on, `<html lang>` updated, every subscribed screen re-rendered. Callers
 * load the language's dictionary first (`switchLocale`), or screens show English until it comes.
 */
export function setLocale(locale: Locale): void {
  if (!isLocale(locale)) return
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // storage disabled: the choice lasts until the page is reloaded
  }
  if (locale === current) return
  current = locale
  markDocument(locale)
  for (const listener of [...listeners]) listener()
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
