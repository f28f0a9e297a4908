import { describe, expect, it } from 'vitest'
import { BREAKPOINTS } from './constants'
import {
  FULL_WIDTH_IMAGE_SIZES,
  IMAGE_SIZES,
  canonicalModifiers,
  densitySrcSet,
  imageUrl,
  parseImageModifiers,
  widthSrcSet,
} from './images'

const ok = (s: string) => {
  const r = parseImageModifiers(s)
  if (!r.ok) throw new Error(`${s}: ${r.error.path} ${r.error.message}`)
  return r.value
}
const bad = (s: string) => {
  const r = parseImageModifiers(s)
  if (r.ok) throw new Error(`${s} was accepted`)
  return r.error
}

describe('image modifiers', () => {
  it('reads short and long keys, fills the defaults in the canonical form', () => {
    expect(ok('w_480')).toEqual({ width: 480 })
    expect(canonicalModifiers(ok('w_480'))).toBe('w_480,f_webp,q_80')
    expect(ok('width_640,height_630,format_jpeg,quality_90,fit_contain,background_FFF')).toEqual({
      width: 640,
      height: 630,
      format: 'jpeg',
      quality: 90,
      fit: 'contain',
      background: 'ffffff',
    })
    expect(canonicalModifiers(ok('fit_cover,h_256,w_256,q_80,f_webp'))).toBe('w_256,h_256,f_webp,q_80,fit_cover')
  })

  it.each([
    ['w_481', 'width'],
    ['w_99999', 'width'],
    ['w_-480', 'width'],
    ['w_abc', 'width'],
    ['h_1', 'height'],
    ['w_480,q_81', 'quality'],
    ['w_480,f_gif', 'format'],
    ['w_480,fit_x', 'fit'],
    ['w_480,b_zzzzzz', 'background'],
    ['w_480,b_ffffff', 'background'], // no contain, no jpeg: would do nothing
    // Only the backgrounds of IMAGE_BACKGROUNDS: any colour was a new cold encode each (issue 22).
    ['w_480,fit_contain,b_123456', 'background'],
    ['w_480,f_jpeg,b_c0ffee', 'background'],
    ['w_480,fit_contain,b_f0f', 'background'],
    ['w_480,w_640', 'width'],
    ['w_480,width_640', 'width'],
    ['w_480,zoom_2', 'zoom'],
    ['w_', 'width'],
    ['w', 'width'],
    ['f_webp', 'width'], // neither width nor height
    ['', 'modifiers'],
  ])('%s is refused naming %s', (s, path) => {
    expect(bad(s).path).toBe(path)
  })

  it('refuses an overlong segment', () => {
    expect(bad('w_480,'.repeat(50)).path).toBe('modifiers')
  })
})

describe('image URLs', () => {
  it('writes canonical, encoded URLs with the version', () => {
    expect(imageUrl('salone 1.jpg', { width: 480 }, '2026-11-23T10.00.00.000Z')).toBe(
      '/api/img/w_480,f_webp,q_80/salone%201.jpg?v=2026-11-23T10.00.00.000Z',
    )
    const u = imageUrl('a.jpg', { width: 1200, height: 630, fit: 'cover', format: 'jpeg' })
    expect(u).toBe('/api/img/w_1200,h_630,f_jpeg,q_80,fit_cover/a.jpg')
    // What the helpers write, the parser accepts.
    expect(ok(u.split('/')[3]!)).toMatchObject({ width: 1200, height: 630 })
  })

  it('width srcset lists one source per width', () => {
    const s = widthSrcSet('a.jpg', [320, 640])
    expect(s).toBe('/api/img/w_320,f_webp,q_80/a.jpg 320w, /api/img/w_640,f_webp,q_80/a.jpg 640w')
  })

  it('density srcset gives 1x and 2x rounded up to the set', () => {
    const { src, srcSet } = densitySrcSet('op.jpg', 96, { cssHeight: 96, fit: 'cover' }, 'v1')
    expect(src).toBe('/api/img/w_96,h_96,f_webp,q_80,fit_cover/op.jpg?v=v1')
    expect(srcSet).toBe(`${src} 1x, /api/img/w_192,h_192,f_webp,q_80,fit_cover/op.jpg?v=v1 2x`)
    expect(densitySrcSet('x.jpg', 100).srcSet).toContain('w_128,')
    expect(densitySrcSet('x.jpg', 5000).src).toContain('w_1920,')
  })

  it('the full-width widths and the breakpoints are all in the set', () => {
    for (const w of [...FULL_WIDTH_IMAGE_SIZES, ...Object.values(BREAKPOINTS)])
      expect(IMAGE_SIZES as readonly number[]).toContain(w)
  })
})
