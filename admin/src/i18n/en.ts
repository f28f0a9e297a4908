import { enScreens } from './en-screens'
import { enShell } from './en-shell'

/**
 * The dashboard's words in English — the default language (spec §1). Keys are shared with
 * `it.ts`, whose type makes a missing Italian text a compile error. `{{name}}` is filled in by
 * `translate`. Glossary words (statuses, roles, closure types…) are not here: they come from
 * `@salon/shared/glossary`, the one place both the site and the dashboard read them from.
 * Kept in two files so the first load carries only the first screen's words: `en-shell.ts` (the
 * shell and the home) and `en-screens.ts` (fetched with the first other screen: `translate.ts`).
 */
export const en = { ...enShell, ...enScreens } as const

export type MessageKey = keyof typeof en
