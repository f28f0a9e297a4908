import { DEFAULT_THEME, type MantineThemeOverride } from '@mantine/core'

type Palette = [string, string, string, string, string, string, string, string, string, string]

/**
 * What the dashboard keeps of @refinedev/mantine's `LightTheme` (its text colour, radius and table
 * header), copied so the shell does not import that package (issue 28: one file, whose every part a
 * screen uses would come into the first load). `theme.test.ts` keeps it equal to Refine's.
 */
export const REFINE_LIGHT: MantineThemeOverride = {
  black: '#626262',
  defaultRadius: 6,
  components: {
    Table: {
      styles: (t) =>
        t.colorScheme === 'light'
          ? {
              root: {
                'thead>tr>th': { backgroundColor: '#fafafa', padding: '16px 4px' },
                'thead>tr>th:first-of-type': { borderTopLeftRadius: t.defaultRadius },
                'thead>tr>th:last-of-type': { borderTopRightRadius: t.defaultRadius },
                'tbody>tr>td': { borderBottom: '1px solid #f0f0f0' },
              },
            }
          : { root: {} },
    },
  },
}

const SALON = [...DEFAULT_THEME.colors.green.slice(0, 6), '#1f7a35', '#1b6b2f', '#175c28', '#124a20'] as Palette

/**
 * Spec §1: light colour scheme only, primary colour green, English locale for components
 * (Mantine's date components read `datesLocale`). Refine's light theme gives the table styling;
 * its Montserrat font is not shipped, so the system font stack stays. `brand` is the colour
 * Refine's layout title uses.
 */
export const theme: MantineThemeOverride = {
  ...REFINE_LIGHT,
  colorScheme: 'light',
  // Green, one step darker where it carries text: Mantine's green[6] under white button text is
  // 2.4:1; this palette's [6] is 5.4:1 (WCAG AA). Light shades (backgrounds) are Mantine's own.
  primaryColor: 'salon',
  datesLocale: 'en',
  fontFamily: DEFAULT_THEME.fontFamily,
  headings: { fontFamily: DEFAULT_THEME.fontFamily },
  colors: {
    brand: DEFAULT_THEME.colors.green,
    salon: SALON,
    // Refine's buttons (Nuovo, Salva…) ask for the palette "primary" by name: the same green.
    primary: SALON,
    // Red and orange text (outline buttons, alert titles) at AA on white: 5.6:1 and 5.0:1.
    red: [...DEFAULT_THEME.colors.red.slice(0, 6), '#c92a2a', '#b02525', '#962020', '#7d1b1b'] as Palette,
    orange: [...DEFAULT_THEME.colors.orange.slice(0, 6), '#b8400b', '#a3390a', '#8c3109', '#752907'] as Palette,
    // "dimmed" text is gray[6]: #868e96 is 3.3:1 on white, this 5.2:1.
    gray: [...DEFAULT_THEME.colors.gray.slice(0, 6), '#697077', ...DEFAULT_THEME.colors.gray.slice(7)] as Palette,
  },
  // WCAG AA contrast (axe): Mantine's light-green active menu label (2.2:1) and grey field
  // descriptions (3.3:1) are darkened; the green stays in the active item's background and icon.
  components: {
    ...REFINE_LIGHT.components,
    NavLink: {
      styles: () => ({ root: { '&[data-active]': { color: '#1f6f31', fontWeight: 600 } }, label: {} }),
    },
    InputWrapper: { styles: (t) => ({ description: { color: t.colors.gray[7] } }) },
    // Toasts' close button gets a name (axe: buttons must have discernible text).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close the notification' } } },
  },
}
