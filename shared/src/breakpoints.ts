import { BREAKPOINTS } from './constants'

/*
 * The media queries of the public site's CSS, from the spec §9 breakpoints (one source). The CSS
 * writes custom media (`@media (--md)`, `@media (--below-md)`, the CSS Media Queries 5 syntax);
 * web/vite.config.ts replaces them with `resolveCustomMedia` at build time (and in dev).
 */

export type Breakpoint = keyof typeof BREAKPOINTS

/**
 * Widths the layout needs besides the spec's breakpoints, each with its reason (still one source:
 * no width is typed in the CSS).
 */
export const LAYOUT_WIDTHS = {
  /** From here the header fits brand, "Accedi" and "Registrati" on one line. */
  'header-full': 400,
} as const

export type LayoutWidth = Breakpoint | keyof typeof LAYOUT_WIDTHS

const WIDTHS: Record<LayoutWidth, number> = { ...BREAKPOINTS, ...LAYOUT_WIDTHS }

/** `(min-width: 768px)`: the width and up (mobile first). */
export const minWidth = (name: LayoutWidth) => `(min-width: ${WIDTHS[name]}px)`

/** `(max-width: 767.98px)`: below the width (the .02 keeps fractional widths out of both sides). */
export const belowWidth = (name: LayoutWidth) => `(max-width: ${WIDTHS[name] - 0.02}px)`

/** Custom media name → query: `--md`, `--below-md`, … */
export function customMedia(): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of Object.keys(WIDTHS) as LayoutWidth[]) {
    out[`--${name}`] = minWidth(name)
    out[`--below-${name}`] = belowWidth(name)
  }
  return out
}

/** The `@custom-media` rules, one a line (documentation, and for tools that resolve them). */
export const customMediaCss = () =>
  Object.entries(customMedia())
    .map(([name, query]) => `@custom-media ${name} ${query};`)
    .join('\n')

/**
 * `css` with every `(--name)` of an `@media` prelude replaced by its query; an unknown name throws
 * (the build fails rather than ship a query that never matches). Nothing else changes, lines
 * included.
 */
export function resolveCustomMedia(css: string): string {
  const media = customMedia()
  return css.replace(/@media([^{;]*)/g, (rule: string, prelude: string) =>
    prelude.includes('(--')
      ? `@media${prelude.replace(/\((--[\w-]+)\)/g, (_: string, name: string) => {
          const query = media[name]
          if (!query) throw new Error(`Unknown custom media (${name}): use one of ${Object.keys(media).join(', ')}`)
          return query
        })}`
      : rule,
  )
}
