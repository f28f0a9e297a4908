import type { LoaderFunctionArgs } from 'react-router'
import type { OpeningDay } from '@salon/shared/booking/types'
import { prefetchBooking } from './prefetch'

/*
 * The data `/reserve` is rendered with by the server (cms/src/content/reservePage.ts via
 * entry-server.tsx), embedded in the page's hydration block so the browser starts from it — no
 * second round trip for what the HTML already shows. Small on purpose: the route table imports
 * it, so it must not pull the wizard in (types only from the wizard's api.ts).
 */

/** A free start as the availability reads answer it. */
export interface SeedSlot {
  start: string
  end: string
  operators: number[]
}

/** The wizard's catalogue: the parts of `/api/pages/home` it reads (features/booking/api.ts `Catalogue`). */
export interface SeedCatalogue {
  config: unknown
  categories: unknown[]
  operators: unknown[]
  openingHours?: OpeningDay[]
}

/** The times the page was rendered with, and for which choice (a different choice ignores them). */
export interface SeedTimes {
  /** `services` and `operator` as in the URL (`3,7`, `any`). */
  services: string
  operator: string
  /** `first-free`: the first free day from today (`day` null: none up to the horizon); `day`: the day in the URL. */
  kind: 'first-free' | 'day'
  day: string | null
  slots: SeedSlot[]
  /** The free days of `day`'s month (the calendar's first month): its days work from the first paint. */
  month?: { month: string; days: string[] } | null
}

export interface ReserveSeed {
  catalogue: SeedCatalogue
  times: SeedTimes | null
}

/** What the server puts in the loader's context for `/reserve`. */
export interface ReserveRenderContext {
  reserve?: ReserveSeed | null
}

/** The wizard's parts of `/api/pages/home`. */
export const catalogueOf = (page: SeedCatalogue): SeedCatalogue => ({
  config: page.config,
  categories: page.categories,
  operators: page.operators,
  openingHours: page.openingHours ?? [],
})

/**
 * The `/reserve` route's loader. On the server the data comes in `context` (in the HTML and the
 * hydration block); in the browser (client navigations only: a server-rendered page hydrates
 * with its data and never runs it) it starts the wizard's first requests in parallel with its
 * code and answers `null` — the screen then asks for them (features/booking/prefetch.ts).
 */
export function reserveLoader({ request, context }: LoaderFunctionArgs): ReserveSeed | null {
  const ctx = context as ReserveRenderContext | undefined
  if (ctx && typeof ctx === 'object' && 'reserve' in ctx) return ctx.reserve ?? null
  prefetchBooking(new URL(request.url))
  return null
}
