import type { LoaderFunctionArgs } from 'react-router'
import type { WizardSearch } from '@salon/shared/schemas/booking'
import { ROUTE_NAMES } from '@salon/shared/routes'
import {
  densitySrcSet,
  imageUrl,
  imageVersion,
  nearestImageSize,
  widthSrcSet,
  type ImageSize,
} from '@salon/shared/imageUrls'
import { api, ApiError } from '../../lib/api'

/** The JSON of `GET /api/pages/home` (docs/api.md), the parts the home reads. */
export type Id = number | string

export interface UploadSize {
  url?: string | null
  width?: number | null
  height?: number | null
}

export interface UploadDoc {
  id: Id
  name?: string | null
  /** The stored file's name: what `/api/img/<modifiers>/<filename>` resizes. */
  filename?: string | null
  alt?: string | null
  /** The `x1` WebP (800 px wide), same origin. */
  imageUrl?: string | null
  url?: string | null
  width?: number | null
  height?: number | null
  updatedAt?: string
  sizes?: { x1?: UploadSize | null; x2?: UploadSize | null } | null
}

export interface Service {
  id: Id
  title: string
  /** Minutes. */
  time: number
  /** Euro. */
  price: number
  description?: string | null
}

export interface CategoryWithServices {
  id: Id | null
  name: string
  services: Service[]
}

export interface Banner {
  id: Id
  title: string
  link?: string | null
  alt?: string | null
  position?: number | null
  image?: UploadDoc | Id | null
}

export interface Operator {
  id: Id
  name: string
  surname?: string | null
  description?: string | null
  image?: UploadDoc | Id | null
}

export interface OpeningDay {
  day_of_week: string
  is_closed: boolean
  intervals: { opening_time: string; closing_time: string }[]
}

export interface Closure {
  id: Id
  name: string
  description?: string | null
  start_date: string
  end_date?: string | null
}

/** Added to the response by another change (issue 14); optional until it lands. */
export interface Holiday {
  id: Id
  name: string
  /** `YYYY-MM-DD…` */
  date: string
  recurring_yearly?: boolean | null
}

export interface HomeConfig {
  businessName: string | null
  address: string | null
  phone: string | null
  email: string | null
  timezone: string | null
  /** The zone's offsets for the coming year (lib/salon.ts `learnSalonZone`). */
  zoneOffsets?: unknown
}

export interface HomeData {
  config: HomeConfig | null
  carousel: UploadDoc[]
  banners: Banner[]
  categories: CategoryWithServices[]
  operators: Operator[]
  /** Ids of the operators who work some of today (issue 23: "Oggi in salone"). */
  workingToday?: number[]
  openingHours: OpeningDay[]
  closures: Closure[]
  holidays?: Holiday[]
}

/**
 * One call: everything the home shows. `no-cache`: the browser revalidates with the ETag (a 304
 * when nothing changed) instead of trusting `max-age=60`, so a banner the salon just hid is gone
 * on the next visit.
 */
export const fetchHome = (signal: AbortSignal) => api.get<HomeData>('/api/pages/home', { signal, cache: 'no-cache' })

/**
 * What the home route's loader gives the page: the data, or not yet (`pending`: the build-time
 * prerender, which has no database — the client fetches right after hydrating), or not at all.
 */
export type HomeState =
  { status: 'ready'; data: HomeData } | { status: 'pending' } | { status: 'error'; network: boolean }

/** What a server render passes as the loader's `context` (entry-server.tsx). */
export interface HomeRenderContext {
  /** The current `/api/pages/home`, or `null` for the build-time frame. */
  home?: HomeData | null
}

/**
 * The home route's loader. On the server (prerender, request-time render of `/` in cms/server.ts)
 * the data comes in `context`, so it is in the HTML; in the browser it is fetched (client
 * navigations, and the revalidation after hydrating the build-time frame).
 */
export async function homeLoader({ request, context }: LoaderFunctionArgs): Promise<HomeState> {
  const ctx = context as HomeRenderContext | undefined
  if (ctx && typeof ctx === 'object' && 'home' in ctx)
    return ctx.home ? { status: 'ready', data: ctx.home } : { status: 'pending' }
  try {
    return { status: 'ready', data: await fetchHome(request.signal) }
  } catch (error) {
    if (request.signal.aborted) throw error
    return { status: 'error', network: error instanceof ApiError && error.isNetworkError }
  }
}

/** An image a document points at, when the API populated it (depth ≥ 1). */
export const populated = (image: UploadDoc | Id | null | undefined): UploadDoc | null =>
  image !== null && typeof image === 'object' ? image : null

/** What to put on an `<img>`: `src`, `srcSet` and the intrinsic size (no layout shift). */
export interface ImageSource {
  src: string
  srcSet?: string
  width: number
  height: number
}

/** Widths offered for images that span a column (`w` descriptors: a 1.75-DPR phone picks 640, not 2×). */
const SPANNING_WIDTHS: readonly ImageSize[] = [320, 480, 640, 768, 960, 1280]
/** The `src` of a spanning image, for browsers without srcset. */
const DEFAULT_WIDTH: ImageSize = 640
/** The salon's pictures as the home shows them (spec §9): WebP, quality 80. */
const WEBP = { format: 'webp', quality: 80 } as const

/** Payload writes sizes' URLs with the server's configured origin: keep them same-origin. */
const samePath = (url: string | null | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') : '')

/** The original's proportions (its stored width/height, else the `x1` size's, else 3:2). */
function ratioOf(doc: UploadDoc): number {
  const w = doc.width || doc.sizes?.x1?.width
  const h = doc.height || doc.sizes?.x1?.height
  return w && h ? h / w : 2 / 3
}

/** Payload's own 800 px WebP, for a document the image endpoint cannot resize (no file name). */
function storedSource(doc: UploadDoc): ImageSource {
  const x1 = doc.sizes?.x1
  const width = x1?.width || doc.width || 800
  return {
    src: doc.imageUrl || samePath(x1?.url) || samePath(doc.url),
    width,
    height: x1?.height || doc.height || Math.round(width * ratioOf(doc)),
  }
}

/**
 * An image as wide as its column (carousel, banners): `/api/img/w_…,f_webp,q_80/<file>` at each
 * width of the set, the browser choosing by `sizes`; `width`/`height` give the box its proportions
 * before a byte of the image has arrived. `?v=` (the document's `updatedAt`) changes when the file
 * is replaced, so the endpoint can let browsers keep each answer for a year.
 */
export function spanningImage(doc: UploadDoc): ImageSource {
  if (!doc.filename) return storedSource(doc)
  const v = imageVersion(doc.updatedAt)
  const widths = SPANNING_WIDTHS.filter((w) => !doc.width || w <= doc.width || w === SPANNING_WIDTHS[0])
  const width = Math.min(DEFAULT_WIDTH, widths[widths.length - 1] ?? DEFAULT_WIDTH) as ImageSize
  return {
    src: imageUrl(doc.filename, { ...WEBP, width }, v),
    srcSet: widthSrcSet(doc.filename, widths, WEBP, v),
    width,
    height: Math.round(width * ratioOf(doc)),
  }
}

/**
 * A square picture of a fixed CSS size (the team's photos): cropped to the square by the endpoint,
 * 1x and 2x (spec §9 "densities 1 and 2").
 */
export function squareImage(doc: UploadDoc, cssSize: number): ImageSource {
  if (!doc.filename) return { ...storedSource(doc), width: cssSize, height: cssSize }
  const side = nearestImageSize(cssSize)
  const { src, srcSet } = densitySrcSet(
    doc.filename,
    side,
    { ...WEBP, fit: 'cover', cssHeight: side },
    imageVersion(doc.updatedAt),
  )
  return { src, srcSet, width: cssSize, height: cssSize }
}

/**
 * The wizard opened on a service (`/reserve?services=<id>`): with services and no step it opens at
 * the day and time with any operator (issue 11's choice: a customer coming from the price list
 * sees the free times at once; "Indietro" leads to "Con chi?" for a favourite operator). The
 * keys are the shared `wizardSearch`'s (type-only import: zod stays out of the home's bundle).
 */
export function reserveHref(serviceId: Id): string {
  const search = { services: String(serviceId) } satisfies Partial<Record<keyof WizardSearch, string>>
  return `${ROUTE_NAMES.reserve}?${new URLSearchParams(search).toString()}`
}

/** Google Maps search for the salon's address (opens the app on a phone). */
export const mapsHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
