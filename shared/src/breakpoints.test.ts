import { describe, expect, it } from 'vitest'
import { belowWidth, customMedia, customMediaCss, minWidth, resolveCustomMedia } from './breakpoints'
import { BREAKPOINTS } from './constants'

describe('breakpoints as custom media', () => {
  it('are the spec §9 widths', () => {
    expect(BREAKPOINTS).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 })
  })

  it('gives a min-width query per breakpoint and a max-width just below it', () => {
    expect(minWidth('md')).toBe('(min-width: 768px)')
    expect(belowWidth('md')).toBe('(max-width: 767.98px)')
    expect(belowWidth('header-full')).toBe('(max-width: 399.98px)')
    const media = customMedia()
    for (const [name, px] of Object.entries(BREAKPOINTS)) {
      expect(media[`--${name}`]).toBe(`(min-width: ${px}px)`)
      expect(media[`--below-${name}`]).toBe(`(max-width: ${px - 0.02}px)`)
    }
  })

  it('writes one @custom-media rule a line', () => {
    const lines = customMediaCss().split('\n')
    expect(lines).toContain('@custom-media --2xl (min-width: 1536px);')
    expect(lines).toContain('@custom-media --below-sm (max-width: 639.98px);')
    expect(lines).toHaveLength(Object.keys(customMedia()).length)
  })

  it('replaces custom media in @media preludes only, keeping everything else and the line count', () => {
    const css = [
      '.a { color: var(--color-text); }',
      '@media (--md) {',
      '  .b { width: calc(100% - var(--x)); }',
      '}',
      '@media print and (--below-sm), (--2xl) { .c { x: y } }',
      '@media (prefers-reduced-motion: reduce) { .d { x: y } }',
    ].join('\n')
    const out = resolveCustomMedia(css)
    expect(out).toBe(
      [
        '.a { color: var(--color-text); }',
        '@media (min-width: 768px) {',
        '  .b { width: calc(100% - var(--x)); }',
        '}',
        '@media print and (max-width: 639.98px), (min-width: 1536px) { .c { x: y } }',
        '@media (prefers-reduced-motion: reduce) { .d { x: y } }',
      ].join('\n'),
    )
  })

  it('refuses an unknown name', () => {
    expect(() => resolveCustomMedia('@media (--mdd) { .x { y: z } }')).toThrow(/Unknown custom media \(--mdd\)/)
  })
})
