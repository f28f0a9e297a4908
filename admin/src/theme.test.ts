import { DEFAULT_THEME, type MantineTheme } from '@mantine/core'
import { LightTheme } from '@refinedev/mantine'
import { describe, expect, it } from 'vitest'
import { REFINE_LIGHT, theme } from './theme'

/** Table styles are a function of the theme: compare what they give for a light and a dark one. */
const tableStyles = (override: { components?: Record<string, { styles?: unknown }> }, scheme: 'light' | 'dark') => {
  const styles = override.components?.Table?.styles as (t: MantineTheme) => unknown
  return styles({ ...DEFAULT_THEME, colorScheme: scheme, defaultRadius: 6 } as MantineTheme)
}

describe('theme', () => {
  it('keeps what it used of Refine’s LightTheme, without importing it (first load)', () => {
    expect(REFINE_LIGHT.black).toBe(LightTheme.black)
    expect(REFINE_LIGHT.defaultRadius).toBe(LightTheme.defaultRadius)
    for (const scheme of ['light', 'dark'] as const)
      expect(tableStyles(REFINE_LIGHT as never, scheme)).toEqual(tableStyles(LightTheme as never, scheme))
    // Every other key of LightTheme is one the dashboard sets itself.
    const own = new Set(['colorScheme', 'fontFamily', 'headings', 'colors', 'primaryColor', 'components'])
    const rest = Object.keys(LightTheme).filter((k) => !own.has(k))
    expect(rest.sort()).toEqual(
      Object.keys(REFINE_LIGHT)
        .filter((k) => k !== 'components')
        .sort(),
    )
    expect(theme.black).toBe('#626262')
    expect(theme.colorScheme).toBe('light')
    expect(theme.colors?.primary).toEqual(theme.colors?.salon)
    expect(Object.keys(LightTheme.components ?? {})).toEqual(['Table'])
  })
})
