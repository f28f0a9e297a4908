import type { Endpoint } from 'payload'
import { openingWeekBody } from '@salon/shared'
import { parseOr400, readJsonObject, requireAdmin, pool } from '../../platform'
import { readOpeningWeek, saveOpeningWeek } from '../openingHours'

/** GET /api/business_hours/week — the week's opening hours in one answer (public, like the collection). */
export const getOpeningWeek: Endpoint = {
  path: '/week',
  method: 'get',
  handler: async (req) =>
    Response.json(await readOpeningWeek(pool(req.payload)), { headers: { 'Cache-Control': 'no-store' } }),
}

/** PUT /api/business_hours/week { days: [7 × { day_of_week, is_closed, intervals }] } — admins. */
export const putOpeningWeek: Endpoint = {
  path: '/week',
  method: 'put',
  handler: async (req) => {
    requireAdmin(req)
    const week = parseOr400(openingWeekBody, await readJsonObject(req))
    return Response.json({ message: 'Orari salvati', data: await saveOpeningWeek(pool(req.payload), week) })
  },
}
