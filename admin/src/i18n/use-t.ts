import { useMemo, useSyncExternalStore } from 'react'
import { useTranslate } from '@refinedev/core'
import { GLOSSARY } from '@salon/shared/glossary'
// The glossary only: the package's index would bring zod and the engine into the shell.
import { DAY_OF_WEEK_LABELS_EN, DAY_OF_WEEK_LABELS_IT } from '@salon/shared/glossary'
import type { MessageKey } from './en'
import { getLocale, INTL_LOCALE, subscribeLocale, type Locale } from './locale'
import { switchLocale, tr, type Vars } from './translate'

/** The current language; the component re-renders when it changes. */
export const useLocale = (): Locale => useSyncExternalStore(subscribeLocale, getLocale, getLocale)

export interface T {
  (key: MessageKey, vars?: Vars): string
  locale: Locale
  /** `en-GB` / `it-IT`, for `Intl`. */
  intl: string
  /** The glossary's words (statuses, roles, closure types, upload labels, weekdays) in this language. */
  glossary: (typeof GLOSSARY)[Locale] & { day: Record<keyof typeof DAY_OF_WEEK_LABELS_EN, string> }
  /** Loads the language (its own chunk the first time), then switches. */
  setLocale: (locale: Locale) => Promise<void>
}

/**
 * Every text a person reads in the dashboard: `t('header.logout')`. Through Refine's
 * `useTranslate` (the one i18n provider), typed by the English dictionary's keys.
 */
export function useT(): T {
  const locale = useLocale()
  const translate = useTranslate()
  return useMemo(() => {
    // The default is the text itself: right even where no Refine provider is mounted (component tests).
    const text = (key: MessageKey, vars?: Vars) => translate(key, vars ?? {}, tr(key, vars, locale))
    return Object.assign(text, {
      locale,
      intl: INTL_LOCALE[locale],
      glossary: { ...GLOSSARY[locale], day: locale === 'it' ? DAY_OF_WEEK_LABELS_IT : DAY_OF_WEEK_LABELS_EN },
      setLocale: switchLocale,
    }) satisfies T
  }, [locale, translate])
}
