import type { Endpoint } from 'payload'
import { seriesBody } from '@salon/shared'
import { parseOr400, pool, readJsonObject, requireBooker } from '../../platform'
import { bookSeries, checkSeriesRequest } from '../writes/bookSeries'

/**
 * Repeating appointments (issue 27 §4; docs/api.md "Repeating appointments"). Staff (admins, an
 * operator in their own agenda) and — when the salon allows it — customers for themselves.
 */

/** POST /api/reservations/series/check — every occurrence checked with its alternatives; nothing written. */
export const seriesCheckEndpoint: Endpoint = {
  path: '/series/check',
  method: 'post',
  handler: async (req) => {
    const user = requireBooker(req)
    const body = parseOr400(seriesBody, await readJsonObject(req))
    return Response.json(await checkSeriesRequest(pool(req.payload), user, body), {
      headers: { 'Cache-Control': 'no-store' },
    })
  },
}

/** POST /api/reservations/series — 201 with every occurrence written, or 409 SERIES_CONFLICTS and nothing. */
export const seriesEndpoint: Endpoint = {
  path: '/series',
  method: 'post',
  handler: async (req) => {
    const user = requireBooker(req)
    const body = parseOr400(seriesBody, await readJsonObject(req))
    return Response.json(await bookSeries(pool(req.payload), user, body), { status: 201 })
  },
}

export const seriesEndpoints = [seriesCheckEndpoint, seriesEndpoint]
