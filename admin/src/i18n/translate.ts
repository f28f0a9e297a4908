import type { MessageKey } from './en'
import { enShell } from './en-shell'
import { getLocale, setLocale, type Locale } from './locale'

export type { MessageKey }
export type Vars = Record<string, unknown>

/**
 * The words of the shell and the home in English are in the first load (the default); the other
 * screens' English words (`en-screens.ts`) arrive with the first of them (`loadScreenWords`, awaited
 * by every lazy screen in pages/registry.tsx), and Italian as its own chunk the first time it is
 * needed (`loadDictionary`: before the first render when it is the stored choice, before the
 * switch changes language). Issue 28: the dashboard's first load within 200 KiB gzip.
 */
const DICTIONARIES: Partial<Record<Locale, Record<string, string>>> = { en: enShell }

/** Adds words that arrived in a chunk of their own to the English dictionary. */
export function addEnglish(words: Record<string, string>) {
  DICTIONARIES.en = { ...DICTIONARIES.en, ...words }
}

let screenWords: Promise<void> | null = null
/** Fetches the other screens' English words once (the fallback of every language). */
export function loadScreenWords(): Promise<void> {
  screenWords ??= import('./en-screens').then(
    ({ enScreens }) => addEnglish(enScreens),
    (err: unknown) => {
      screenWords = null // offline: asked again by the next screen
      throw err
    },
  )
  return screenWords
}

/** Fetches the dictionary of `locale` once; resolves when `lookup` can answer in it. */
export async function loadDictionary(locale: Locale): Promise<void> {
  if (locale === 'it' && !DICTIONARIES.it) DICTIONARIES.it = (await import('./it')).it
}

/** `{{name}}` → the value of `vars.name` (empty when missing). */
export const interpolate = (text: string, vars: unknown): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = vars && typeof vars === 'object' ? (vars as Vars)[name] : undefined
    return value === undefined || value === null ? '' : String(value)
  })

/** The text of `key` in `locale`, or undefined when neither dictionary has it. */
export function lookup(key: string, locale: Locale = getLocale()): string | undefined {
  return DICTIONARIES[locale]?.[key] ?? DICTIONARIES.en?.[key]
}

/** Outside React (column definitions, titles): the current language's text, values filled in. */
export function tr(key: MessageKey, vars?: Vars, locale: Locale = getLocale()): string {
  return interpolate(lookup(key, locale) ?? key, vars)
}

/** Loads the dictionary of `locale` (its own chunk), then switches: no screen in a half language. */
export async function switchLocale(locale: Locale): Promise<void> {
  await loadDictionary(locale)
  setLocale(locale)
}
