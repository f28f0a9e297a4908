import type { Endpoint, PayloadRequest } from 'payload'
import {
  copyWeekBody,
  daySchema,
  idPathParams,
  rotaRangeQuery,
  schedulePutBody,
  shiftExceptionBody,
} from '@salon/shared'
import { z } from 'zod'
import { parseOr400, pool, queryObject, readJsonObject, requireAdmin, requireBooker } from '../platform'
import { salonCalendar } from '../calendar'
import { copyWeek, putException, putPattern, removeException, removePatternsFrom } from './commands'
import { comingWeeks, mySchedules, operatorSchedule, rotaWeek } from './schedule'

/**
 * The rota's HTTP face (docs/api.md "Rota"): who is asking → zod → one use case → JSON.
 * `operatorRotaEndpoints` (GET/PUT/DELETE schedule, PUT/DELETE exceptions) hang under `/api/operators` (joined to the collection in collections.ts);
 * `rotaEndpoints` are the salon-wide ones under `/api/rota`.
 */

const noStore = { 'Cache-Control': 'no-store' }
const exceptionParams = z.object({ id: idPathParams.shape.id, date: daySchema })
const idOf = (req: PayloadRequest) => parseOr400(idPathParams, { id: req.routeParams?.id }).id

/** GET/PUT /api/operators/:id/schedule, PUT/DELETE /api/operators/:id/exceptions/:date. */
export const operatorRotaEndpoints: Endpoint[] = [
  {
    path: '/:id/schedule',
    method: 'get',
    handler: async (req) => {
      const user = requireBooker(req)
      const id = idOf(req)
      const q = parseOr400(rotaRangeQuery, queryObject(req))
      return Response.json(await operatorSchedule(pool(req.payload), user, id, q), { headers: noStore })
    },
  },
  {
    path: '/:id/schedule',
    method: 'put',
    handler: async (req) => {
      const user = requireAdmin(req)
      const id = idOf(req)
      const body = parseOr400(schedulePutBody, await readJsonObject(req))
      return Response.json(await putPattern(pool(req.payload), user, id, body), { headers: noStore })
    },
  },
  {
    path: '/:id/schedule',
    method: 'delete',
    handler: async (req) => {
      const user = requireAdmin(req)
      const id = idOf(req)
      const { from } = parseOr400(z.object({ from: daySchema }), queryObject(req))
      return Response.json(await removePatternsFrom(pool(req.payload), user, id, from), { headers: noStore })
    },
  },
  {
    path: '/:id/exceptions/:date',
    method: 'put',
    handler: async (req) => {
      requireAdmin(req)
      const { id, date } = parseOr400(exceptionParams, { id: req.routeParams?.id, date: req.routeParams?.date })
      const body = parseOr400(shiftExceptionBody, await readJsonObject(req))
      const data = await putException(pool(req.payload), id, date, body)
      return Response.json({ message: 'Turno del giorno salvato', ...data }, { headers: noStore })
    },
  },
  {
    path: '/:id/exceptions/:date',
    method: 'delete',
    handler: async (req) => {
      requireAdmin(req)
      const { id, date } = parseOr400(exceptionParams, { id: req.routeParams?.id, date: req.routeParams?.date })
      await removeException(pool(req.payload), id, date)
      return Response.json({ message: 'Torna il turno abituale', date }, { headers: noStore })
    },
  },
]

/** GET /api/rota, POST /api/rota/copy-week, GET /api/rota/mine. */
export const rotaEndpoints: Endpoint[] = [
  {
    path: '/rota',
    method: 'get',
    handler: async (req) => {
      requireAdmin(req)
      const q = parseOr400(rotaRangeQuery, queryObject(req))
      return Response.json(await rotaWeek(pool(req.payload), q), { headers: noStore })
    },
  },
  {
    path: '/rota/copy-week',
    method: 'post',
    handler: async (req) => {
      requireAdmin(req)
      const body = parseOr400(copyWeekBody, await readJsonObject(req))
      const written = await copyWeek(pool(req.payload), body)
      return Response.json({ message: 'Settimana copiata', written }, { headers: noStore })
    },
  },
  {
    path: '/rota/mine',
    method: 'get',
    handler: async (req) => {
      const user = requireBooker(req)
      const db = pool(req.payload)
      const query = queryObject(req)
      const q =
        query.from || query.to
          ? parseOr400(rotaRangeQuery, query)
          : comingWeeks(await salonCalendar(db, { consistency: 'cached' }))
      return Response.json(await mySchedules(db, user, q), { headers: noStore })
    },
  },
]
