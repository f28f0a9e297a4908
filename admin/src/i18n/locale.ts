/**
 * The dashboard's language: English by default (spec §1), Italian one click away (the header's
 * switch), remembered in this browser (localStorage). A module-level variable, not React state:
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

function readStored(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY)
    return isLocale(stored) ? stored : DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE // storage disabled: the default, every time
  }
}

let current: Locale = readStored()
const listeners = new Set<() => void>()

const markDocument = (locale: Locale) => {
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}
markDocument(current)

export const getLocale = (): Locale => current

/**
 * Switch language: remembered, `<html lang>` updated, every subscribed screen re-rendered. Callers
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
