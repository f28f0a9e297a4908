/**
 * The image endpoint's URLs (spec §7: width, height, format, quality, fit, background; §9: webp,
 * quality 80, densities 1 and 2): the fixed sets and the helpers the front end writes URLs with,
 * without zod — the public home imports this module, and zod would cost it ~25 kB gzip. The
 * server's validation of the same modifiers is `images.ts` (`parseImageModifiers`), which
 * re-exports all of this. `GET /api/img/<modifiers>/<filename>?v=<version>`, modifiers IPX-style
 * `key_value` pairs joined by commas, e.g. `w_480,h_270,f_webp,q_80,fit_cover,b_ffffff`
 * (docs/api.md "GET /api/img").
 *
 * Sizes, qualities and formats come from fixed sets, so the endpoint can make only a bounded number
 * of variants of each stored image (and its disk cache stays bounded too).
 */
import { BREAKPOINTS, IMAGE } from './constants'

export const IMAGE_PATH_PREFIX = '/api/img/'

/**
 * Widths and heights in pixels: the breakpoints and twice them (densities 1 and 2), small sizes for
 * thumbnails and avatars, and 1200 × 630 for Open Graph previews.
 */
export const IMAGE_SIZES = [
  48, 64, 96, 128, 160, 192, 256, 320, 384, 480, 512, 630, 640, 768, 960, 1024, 1200, 1280, 1536, 1920,
] as const
export type ImageSize = (typeof IMAGE_SIZES)[number]
export const IMAGE_FORMATS = ['webp', 'jpeg', 'png', 'avif'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]
export const IMAGE_QUALITIES = [50, 60, 70, 80, 90] as const
export const IMAGE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const
/**
 * The background colours the endpoint paints (`b_…`, 6 hex digits; `fff` stands for `ffffff`):
 * white and black. Any hex colour made every request a new variant and a cold encode — one client
 * could queue them without end (issue 22 §5.10). The front ends use none today; a new one is added
 * here.
 */
export const IMAGE_BACKGROUNDS = ['ffffff', '000000'] as const
export type ImageFit = (typeof IMAGE_FITS)[number]

export const IMAGE_DEFAULTS = { format: IMAGE.format, quality: IMAGE.quality } as const

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
}

/** A stored file's name as the endpoint accepts it: no directory, no control character, no leading dot. */
// eslint-disable-next-line no-control-regex
export const IMAGE_FILE_NAME = /^[^./\\\x00-\x1f][^/\\\x00-\x1f]{0,199}$/
/** `?v=`: the image's version (e.g. its updatedAt), which makes the answer cacheable for a year. */
export const IMAGE_VERSION = /^[\w.-]{1,64}$/

/** What the URL helpers take: sizes typed to the set. */
export interface ImageOptions {
  width?: ImageSize
  height?: ImageSize
  format?: ImageFormat
  quality?: (typeof IMAGE_QUALITIES)[number]
  fit?: ImageFit
  background?: string
}

/** Modifier values, parsed (`ImageModifiers`) or typed (`ImageOptions`). */
export interface ModifierValues {
  width?: number
  height?: number
  format?: string
  quality?: number
  fit?: string
  background?: string
}

/** The modifiers with the defaults filled in, written in one canonical order (the cache key's part). */
export function canonicalModifiers(m: ModifierValues): string {
  const parts: string[] = []
  if (m.width !== undefined) parts.push(`w_${m.width}`)
  if (m.height !== undefined) parts.push(`h_${m.height}`)
  parts.push(`f_${m.format ?? IMAGE_DEFAULTS.format}`)
  parts.push(`q_${m.quality ?? IMAGE_DEFAULTS.quality}`)
  if (m.fit !== undefined) parts.push(`fit_${m.fit}`)
  if (m.background !== undefined) parts.push(`b_${m.background.toLowerCase()}`)
  return parts.join(',')
}

/** `/api/img/w_480,f_webp,q_80/<file>?v=<version>`; give the version whenever the file may be replaced. */
export function imageUrl(file: string, options: ImageOptions, version?: string | null): string {
  const v = version ? `?v=${encodeURIComponent(version)}` : ''
  return `${IMAGE_PATH_PREFIX}${canonicalModifiers(options)}/${encodeURIComponent(file)}${v}`
}

/** A version token from a document's `updatedAt` (or any string): what `?v=` accepts. */
export const imageVersion = (updatedAt: string | null | undefined) =>
  updatedAt ? updatedAt.replace(/[^\w.-]/g, '').slice(0, 64) || undefined : undefined

/** The set's smallest size ≥ `n` (or its largest). */
export function nearestImageSize(n: number): ImageSize {
  return IMAGE_SIZES.find((s) => s >= n) ?? IMAGE_SIZES[IMAGE_SIZES.length - 1]!
}

/**
 * Width descriptors for an image that spans the layout (`sizes="100vw"`): one source per width,
 * so a 1.75-DPR phone does not download the 2× file.
 */
export function widthSrcSet(
  file: string,
  widths: readonly ImageSize[],
  options: Omit<ImageOptions, 'width' | 'height'> = {},
  version?: string | null,
): string {
  return widths.map((w) => `${imageUrl(file, { ...options, width: w }, version)} ${w}w`).join(', ')
}

/**
 * Density descriptors (spec §9 "densities 1 and 2") for an image of a fixed CSS size: `src` is 1x,
 * `srcSet` adds 2x (sizes rounded up to the set; a height keeps its ratio to the width).
 */
export function densitySrcSet(
  file: string,
  cssWidth: number,
  options: Omit<ImageOptions, 'width'> & { cssHeight?: number } = {},
  version?: string | null,
): { src: string; srcSet: string } {
  const { cssHeight, ...rest } = options
  const at = (density: number) =>
    imageUrl(
      file,
      {
        ...rest,
        width: nearestImageSize(cssWidth * density),
        ...(cssHeight ? { height: nearestImageSize(cssHeight * density) } : {}),
      },
      version,
    )
  const src = at(1)
  return { src, srcSet: IMAGE.densities.map((d) => `${at(d)} ${d}x`).join(', ') }
}

/** Widths for a full-width image from the breakpoints and their doubles (all in the set). */
export const FULL_WIDTH_IMAGE_SIZES: readonly ImageSize[] = [
  BREAKPOINTS.xs,
  480,
  BREAKPOINTS.sm,
  BREAKPOINTS.md,
  960,
  BREAKPOINTS.lg,
  BREAKPOINTS.xl,
  BREAKPOINTS['2xl'],
  1920,
] as const
