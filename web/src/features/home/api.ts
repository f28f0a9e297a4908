import type { WizardSearch } from '@salon/shared/schemas/booking'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { api } from '../../lib/api'

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
}

export interface HomeData {
  config: HomeConfig | null
  carousel: UploadDoc[]
  banners: Banner[]
  categories: CategoryWithServices[]
  operators: Operator[]
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

/** An image a document points at, when the API populated it (depth ≥ 1). */
export const populated = (image: UploadDoc | Id | null | undefined): UploadDoc | null =>
  image !== null && typeof image === 'object' ? image : null

/** What to put on an `<img>`: the 800 px WebP, the 1600 px one for 2× screens, and the intrinsic size. */
/** Payload writes sizes' URLs with the server's configured origin: keep them same-origin. */
const samePath = (url: string | null | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') : '')

export function imageSource(doc: UploadDoc) {
  const x1 = doc.sizes?.x1
  const x2 = doc.sizes?.x2
  const src = doc.imageUrl || samePath(x1?.url) || samePath(doc.url)
  const width = x1?.width || doc.width || 800
  const height = x1?.height || doc.height || Math.round((width * 2) / 3)
  const srcSet = x1?.url && x2?.url && x2.width ? `${x1.url} ${x1.width ?? width}w, ${x2.url} ${x2.width}w` : undefined
  return { src, srcSet, width, height }
}

/**
 * The wizard opened on a service (`/reserve?services=<id>&step=operator`): the keys are the
 * shared `wizardSearch`'s (type-only import: zod stays out of the home's bundle); the wizard's
 * `reachableStep` moves the customer back if the step cannot be reached.
 */
export function reserveHref(serviceId: Id): string {
  const search: Pick<WizardSearch, 'step'> & { services: string } = { services: String(serviceId), step: 'operator' }
  return `${ROUTE_NAMES.reserve}?${new URLSearchParams(search).toString()}`
}

/** Google Maps search for the salon's address (opens the app on a phone). */
export const mapsHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
