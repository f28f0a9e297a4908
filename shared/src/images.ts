/**
 * The image endpoint's modifiers (spec §7: width, height, format, quality, fit, background; §9:
 * webp, quality 80, densities 1 and 2). One source for the URLs the front end writes and for the
 * server's validation: `GET /api/img/<modifiers>/<filename>?v=<version>` where the modifiers are
 * IPX-style `key_value` pairs joined by commas, e.g. `w_480,h_270,f_webp,q_80,fit_cover,b_ffffff`
 * (docs/api.md "GET /api/img").
 *
 * Sizes, qualities and formats come from fixed sets, so the endpoint can make only a bounded number
 * of variants of each stored image (and its disk cache stays bounded too).
 */
import { z } from './schemas/zod'
import { IMAGE_BACKGROUNDS, IMAGE_FITS, IMAGE_FORMATS, IMAGE_QUALITIES, IMAGE_SIZES, type ImageSize } from './imageUrls'

// The sets and the URL helpers live in imageUrls.ts (no zod, for the public bundle).
export * from './imageUrls'

/** The long name of each modifier (spec §7) for its short key. */
const KEYS = {
  w: 'width',
  h: 'height',
  f: 'format',
  q: 'quality',
  fit: 'fit',
  b: 'background',
} as const
type ShortKey = keyof typeof KEYS
const LONG_TO_SHORT = Object.fromEntries(
  Object.entries(KEYS).flatMap(([short, long]) => [
    [short, short],
    [long, short],
  ]),
) as Record<string, ShortKey>

const size = (field: string) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .refine((n) => (IMAGE_SIZES as readonly number[]).includes(n), {
      message: `${field} must be one of ${IMAGE_SIZES.join(', ')}`,
    })
    .transform((n) => n as ImageSize)

/** The modifiers after parsing: every key at most once, every value from its set. */
export const imageModifiers = z
  .object({
    width: size('width').optional(),
    height: size('height').optional(),
    format: z.enum(IMAGE_FORMATS, { message: `format must be one of ${IMAGE_FORMATS.join(', ')}` }).optional(),
    quality: z.coerce
      .number()
      .refine((n) => (IMAGE_QUALITIES as readonly number[]).includes(n), {
        message: `quality must be one of ${IMAGE_QUALITIES.join(', ')}`,
      })
      .optional(),
    fit: z.enum(IMAGE_FITS, { message: `fit must be one of ${IMAGE_FITS.join(', ')}` }).optional(),
    background: z
      .string()
      .regex(/^([0-9a-f]{3}|[0-9a-f]{6})$/i, 'background must be a hex colour of 3 or 6 digits, without #')
      .transform((s) => (s.length === 3 ? [...s].map((c) => c + c).join('') : s).toLowerCase())
      .refine((s) => (IMAGE_BACKGROUNDS as readonly string[]).includes(s), {
        message: `background must be one of ${IMAGE_BACKGROUNDS.join(', ')}`,
      })
      .optional(),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.width === undefined && m.height === undefined)
      ctx.addIssue({ code: 'custom', path: ['width'], message: 'width or height is required' })
    // The background fills the bands of `contain` and replaces transparency in a JPEG; elsewhere it would do nothing.
    if (m.background !== undefined && m.fit !== 'contain' && m.format !== 'jpeg')
      ctx.addIssue({ code: 'custom', path: ['background'], message: 'background needs fit_contain or f_jpeg' })
  })

export type ImageModifiers = z.infer<typeof imageModifiers>
export interface ImageParseError {
  path: string
  message: string
}

/**
 * Parses the modifiers segment (`w_480,f_webp`). Unknown keys, repeated keys (also `w` with
 * `width`), values outside their sets and malformed pairs are errors naming the modifier.
 */
export function parseImageModifiers(
  segment: string,
): { ok: true; value: ImageModifiers } | { ok: false; error: ImageParseError } {
  if (segment.length > 200) return { ok: false, error: { path: 'modifiers', message: 'modifiers too long' } }
  const raw: Record<string, string> = {}
  for (const pair of segment.split(',')) {
    const at = pair.indexOf('_')
    const key = at > 0 ? pair.slice(0, at) : pair
    const value = at > 0 ? pair.slice(at + 1) : ''
    const short = LONG_TO_SHORT[key]
    if (!short) return { ok: false, error: { path: key || 'modifiers', message: `unknown modifier "${key}"` } }
    const long = KEYS[short]
    if (at <= 0 || value === '')
      return { ok: false, error: { path: long, message: `${long} needs a value (${short}_…)` } }
    if (long in raw) return { ok: false, error: { path: long, message: `${long} given more than once` } }
    raw[long] = value
  }
  const parsed = imageModifiers.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, error: { path: String(issue.path[0] ?? 'modifiers'), message: issue.message } }
  }
  return { ok: true, value: parsed.data }
}
