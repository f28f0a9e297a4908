import { api, sql } from './helpers'

/** Shared by series.test.ts and series-scope.test.ts (issue 27 §4, repeating appointments). */

export interface SeriesRequest {
  user?: number
  client?: number
  services: number[]
  operator: number | 'any'
  date_start: string
  every_weeks: number
  count?: number
  until?: string
  replace?: { index: number; date_start: string; operator?: number }[]
  skip?: number[]
}

/** The salon's ids by name: operators and services. */
export async function catalogue() {
  const ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id as number]))
  const svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id as number]))
  return { ops, svc }
}

/** The Tuesday on or after today + `offset` days (the demo salon is closed on Sundays and Mondays). */
export function tuesdayAfter(offset: number): string {
  const d = new Date(Date.now() + offset * 86_400_000)
  d.setUTCDate(d.getUTCDate() + ((2 - d.getUTCDay() + 7) % 7))
  return d.toISOString().slice(0, 10)
}

/** The free starts of a day as the salon may book them (staff rules: a year ahead). */
export async function staffSlots(day: string, services: number[], operator: number | 'any') {
  const res = await api(
    'GET',
    `/api/reservations/book-slots?date=${day}&services=${services.join(',')}&operator=${operator}`,
    {
      as: 'ADMIN',
    },
  )
  if (res.status !== 200) throw new Error(`book-slots ${day}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.slots as { start: string; end: string; operators: number[] }[]
}

/**
 * A series request whose every occurrence is free now (POST /series/check says so), starting on a
 * Tuesday from today + `offset` days (the next ones when a holiday or a closure is in the way), at
 * the `pick`-th free start of that day.
 */
export async function freeSeries(
  base: Omit<SeriesRequest, 'date_start'>,
  offset: number,
  opts: { as?: 'ADMIN' | 'USER'; token?: string; pick?: number; weeks?: number } = {},
): Promise<SeriesRequest> {
  const seen: unknown[] = []
  for (let week = 0; week < (opts.weeks ?? 8); week++) {
    const day = tuesdayAfter(offset + week * 7)
    const slots = await staffSlots(day, base.services, base.operator)
    const slot = slots[Math.min(opts.pick ?? 4, slots.length - 1)]
    if (!slot) continue
    const body = { ...base, date_start: slot.start }
    const check = await api('POST', '/api/reservations/series/check', {
      ...(opts.token ? { token: opts.token } : { as: opts.as ?? 'ADMIN' }),
      body,
    })
    if (check.status !== 200) throw new Error(`check: ${check.status} ${JSON.stringify(check.body)}`)
    if (check.body.occurrences.every((o: { available: boolean }) => o.available)) return body
    seen.push(
      check.body.occurrences.map((o: { date_start: string; reason: string | null }) => [o.date_start, o.reason]),
    )
  }
  throw new Error(`no free series from ${offset} days on: ${JSON.stringify(seen)}`)
}

/** The reservations of a series, by index. */
export const seriesRows = (seriesId: number) =>
  sql(
    `select id, series_index, date_start, date_end, operator_id, status from reservations
      where series_id = $1 order by series_index`,
    [seriesId],
  )

/** How many bookings (drafts included) a customer account has. */
export const bookingsOf = async (user: number) =>
  (await sql('select count(*)::int as n from reservations where user_id = $1', [user]))[0].n as number
