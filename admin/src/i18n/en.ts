import { enRefusals } from './en-refusals'
import { enScreens } from './en-screens'
import { enShell } from './en-shell'

/**
 * The dashboard's words in English — the default language (spec §1). Keys are shared with
 * `it.ts`, whose type makes a missing Italian text a compile error. `{{name}}` is filled in by
 * `translate`. Glossary words (statuses, roles, closure types…) are not here: they come from
 * `@salon/shared/glossary`, the one place both the site and the dashboard read them from.
 * Kept in three files so the first load carries only the first screen's words: `en-shell.ts` (the
 * shell and the home), `en-screens.ts` (fetched with the first other screen: `translate.ts`) and
 * `en-refusals.ts` (the server's refusals, fetched with the first error answer: `messages.ts`).
 */
export const en = { ...enShell, ...enRefusals, ...enScreens } as const

export type MessageKey = keyof typeof en
