/**
 * `/reserve` rendered by the server (issue 28), like `/` (homeHtml.ts): the wizard with the
 * catalogue (`/api/pages/home`, the home's snapshot) and, when the URL chose services and the
 * step is the day and time, the first free day and its times (`first-free`: one query) or the
 * URL's day and its times — in the HTML and in the hydration block, so the browser starts from
 * them. Times are fresh: each answer is trusted for TIMES_TTL_MS only; a page is reused only while
 * its catalogue version and times are the same. Anything missing or failing: `null`, and the
 * server sends the plain shell (the wizard then loads in the browser as before).
 */
import crypto from 'node:crypto'
import { reachableStep } from '@salon/shared/booking/wizard'
import { readWizardQuery, wizardQueryOf } from '@salon/shared/booking/wizardQuery'
import type { SpaShell } from '../platform/edge'

/** How long one availability answer is reused for the same choice: a burst shares it, a later visitor gets a fresh one. */
export const TIMES_TTL_MS = 2_000
/** Rendered `/reserve` pages kept (choices × origins). */
const MAX_PAGES = 48
const MAX_TIMES = 64

/** One availability read as the fast path answers it (reservations/endpoints/availability.ts). */
export type AvailabilityRead = (
  route: '/first-free' | '/time-availability-day' | '/availability-month',
  query: Record<string, string>,
) => Promise<unknown>

export interface SeedTimes {
  services: string
  operator: string
  kind: 'first-free' | 'day'
  day: string | null
  slots: unknown[]
  /** The free days of the month the calendar opens on (that of `day`): its days work at once. */
  month: { month: string; days: string[] } | null
}

interface Renderer {
  render(
    route: string,
    input: { home: unknown; origin: string; url: string; reserveTimes: SeedTimes | null },
  ): Promise<string>
}

export interface ReservePagesOptions {
  availability: AvailabilityRead
  htmlVariants: (html: string) => Promise<SpaShell>
  now?: () => number
  log?: (message: string, error?: unknown) => void
}

/** What the server reads for `/reserve?…`: which times, if any (null: the page needs none). */
export function timesQueryOf(search: URLSearchParams) {
  const parsed = readWizardQuery(wizardQueryOf(search))
  if (parsed.move) return 'skip' as const // a move is a signed-in customer's: the browser renders it
  const choice = { services: parsed.services, operator: parsed.operator, day: parsed.day, time: parsed.time }
  const step = reachableStep(choice, parsed.step ?? (choice.services.length ? 'when' : 'services'))
  if (step !== 'when') return null
  return {
    services: choice.services.join(','),
    operator: String(choice.operator),
    day: choice.day ?? null,
  }
}

export function createReservePages({
  availability,
  htmlVariants,
  now = Date.now,
  log = console.error,
}: ReservePagesOptions) {
  const times = new Map<string, { at: number; value: Promise<SeedTimes | null> }>()
  const pages = new Map<string, Promise<SpaShell>>()

  /** The times for a choice: reused for TIMES_TTL_MS, then read again; a refusal (400) or failure is `null`. */
  function timesFor(q: { services: string; operator: string; day: string | null }): Promise<SeedTimes | null> {
    const key = `${q.services}|${q.operator}|${q.day ?? ''}`
    const hit = times.get(key)
    if (hit && now() - hit.at < TIMES_TTL_MS) return hit.value
    const base = { services: q.services, operator: q.operator }
    // The month's free days: read beside the day's times when the day is known, after the first
    // free day otherwise. A month that cannot be read leaves the calendar to ask for it.
    const monthOf = (day: string | null) =>
      day
        ? availability('/availability-month', { month: day.slice(0, 7), ...base }).then(
            (r) => ({ month: day.slice(0, 7), days: (r as { days: string[] }).days }),
            () => null,
          )
        : Promise.resolve(null)
    const value = (
      q.day
        ? Promise.all([availability('/time-availability-day', { date: q.day, ...base }), monthOf(q.day)]).then(
            ([r, month]) => ({
              ...base,
              kind: 'day' as const,
              day: q.day,
              slots: (r as { slots: unknown[] }).slots,
              month,
            }),
          )
        : availability('/first-free', base).then(async (r) => {
            const { day, slots } = r as { day: string | null; slots: unknown[] }
            return { ...base, kind: 'first-free' as const, day, slots, month: await monthOf(day) }
          })
    ).catch((err: unknown) => {
      log('The times for the server render of /reserve could not be read.', err)
      times.delete(key)
      return null
    })
    times.set(key, { at: now(), value })
    while (times.size > MAX_TIMES) times.delete(times.keys().next().value!)
    return value
  }

  /**
   * `/reserve` for `search` with the catalogue `home` (its ETag `version`); `null` → the shell.
   */
  async function page(
    renderer: Renderer,
    home: { etag: string; data: unknown },
    search: URLSearchParams,
    origin: string,
  ): Promise<SpaShell | null> {
    const q = timesQueryOf(search)
    if (q === 'skip') return null
    const seed = q ? await timesFor(q) : null
    const url = `/reserve${search.size ? `?${search}` : ''}`
    const digest = crypto.createHash('sha1').update(JSON.stringify(seed)).digest('base64url')
    const key = `${origin}|${home.etag}|${url}|${digest}`
    let hit = pages.get(key)
    if (!hit) {
      hit = renderer.render('reserve', { home: home.data, origin, url, reserveTimes: seed }).then(htmlVariants)
      hit.catch(() => pages.delete(key))
      pages.set(key, hit)
      while (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
    }
    return hit
  }

  return { page }
}
