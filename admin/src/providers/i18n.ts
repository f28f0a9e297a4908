import type { I18nProvider } from '@refinedev/core'
import { getLocale, isLocale } from '../i18n/locale'
import { interpolate, lookup, switchLocale } from '../i18n/translate'

/**
 * Refine's i18n provider over the dashboard's two dictionaries (`i18n/en.ts`, `i18n/it.ts`):
 * Refine's own words (buttons, notifications, the unsaved-changes warning) and ours. Refine calls
 * `translate(key, 'Default')` or `translate(key, { vars }, 'Default')`; an unknown key gives back
 * the default (with its `{{vars}}` filled in), or the key itself when there is none.
 */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const text = lookup(key)
    // Refine passes the default as the 2nd argument when there are no options.
    const vars = typeof options === 'string' ? undefined : options
    const fallback = typeof options === 'string' ? options : defaultMessage
    if (text !== undefined) return interpolate(text, vars)
    return fallback !== undefined ? interpolate(fallback, vars) : key
  },
  changeLocale: (locale: string) => (isLocale(locale) ? switchLocale(locale) : Promise.resolve()),
  getLocale,
}
