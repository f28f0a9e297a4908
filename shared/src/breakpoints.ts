import { BREAKPOINTS } from './constants'

/*
 * The media queries of the public site's CSS, from the spec §9 breakpoints (one source). The CSS
 * writes `@media (--md)` or `@media (--below-md)`; web/vite.config.ts puts the `@custom-media`
 * definitions below in front of every stylesheet and Lightning CSS replaces them at build time.
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

/** The `@custom-media` rules, one a line. */
export const customMediaCss = () =>
  Object.entries(customMedia())
    .map(([name, query]) => `@custom-media ${name} ${query};`)
    .join('\n')
