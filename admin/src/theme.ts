import { DEFAULT_THEME, type MantineThemeOverride } from '@mantine/core'
import { LightTheme } from '@refinedev/mantine'

/**
 * Spec §1: light colour scheme only, primary colour green, English locale for components
 * (Mantine's date components read `datesLocale`). Refine's light theme gives the table styling;
 * its Montserrat font is not shipped, so the system font stack stays. `brand` is the colour
 * Refine's layout title uses.
 */
export const theme: MantineThemeOverride = {
  ...LightTheme,
  colorScheme: 'light',
  primaryColor: 'green',
  datesLocale: 'en',
  fontFamily: DEFAULT_THEME.fontFamily,
  headings: { ...LightTheme.headings, fontFamily: DEFAULT_THEME.fontFamily },
  colors: { ...LightTheme.colors, brand: DEFAULT_THEME.colors.green },
}
