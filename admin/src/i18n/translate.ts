import { en, type MessageKey } from './en'
import { it } from './it'
import { getLocale, type Locale } from './locale'

export type { MessageKey }
export type Vars = Record<string, unknown>

const DICTIONARIES: Record<Locale, Record<string, string>> = { en, it }

/** `{{name}}` → the value of `vars.name` (empty when missing). */
export const interpolate = (text: string, vars: unknown): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = vars && typeof vars === 'object' ? (vars as Vars)[name] : undefined
    return value === undefined || value === null ? '' : String(value)
  })

/** The text of `key` in `locale`, or undefined when neither dictionary has it. */
export function lookup(key: string, locale: Locale = getLocale()): string | undefined {
  return DICTIONARIES[locale][key] ?? DICTIONARIES.en[key]
}

/** Outside React (column definitions, titles): the current language's text, values filled in. */
export function tr(key: MessageKey, vars?: Vars, locale: Locale = getLocale()): string {
  return interpolate(lookup(key, locale) ?? key, vars)
}
