import type { Endpoint, PayloadRequest } from 'payload'
import {
  confirmBody,
  idParam,
  idPathParams,
  reservationCompareQuery,
  reservationReportQuery,
  statusBody,
} from '@salon/shared'
import { parseOr400, queryObject, readJsonObject, requireAdmin, requireUser } from '../lib/http'
import { changeStatus, confirmSession, createSession } from '../services/booking'
import { readBack } from '../services/reservations'
import { reservationCalendarFile } from '../services/reservationCalendar'
import { AVAILABILITY_ROUTES } from './availability'
import { HttpError } from '../lib/errors'
import { pool } from '../lib/sql'
import { mayBook } from '../services/accounts'
import { reservationAggregate, reservationCompare, reservationCount } from '../services/reservationReports'

const noStore = { 'Cache-Control': 'no-store' }

/** With `config.requireEmailVerification`, only customers with a confirmed address book. */
async function assertMayBook(req: PayloadRequest) {
  if (!(await mayBook(pool(req.payload), (req.user as unknown as { id: number }).id))) {
    throw new HttpError(403, 'Conferma il tuo indirizzo e-mail per prenotare: trovi il link nella mail di benvenuto.', {
      reason: 'EMAIL_NOT_VERIFIED',
    })
  }
}

/** GET /api/reservations/time-availability-day | availability-month | check-availability — public. */
export const availabilityEndpoints: Endpoint[] = Object.entries(AVAILABILITY_ROUTES).map(([path, run]) => ({
  path,
  method: 'get',
  handler: async (req) => Response.json(await run(pool(req.payload), queryObject(req)), { headers: noStore }),
}))

/** POST /api/reservations/create-session — a logged-in customer opens a booking draft. */
export const createSessionEndpoint: Endpoint = {
  path: '/create-session',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    await assertMayBook(req)
    const { id, expiresAt } = await createSession(pool(req.payload), user as never)
    return Response.json({ data: await readBack(req, id), expiresAt }, { status: 201 })
  },
}

/** POST /api/reservations/confirm { id, services, operator?, date_start, note? }. */
export const confirmEndpoint: Endpoint = {
  path: '/confirm',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    await assertMayBook(req)
    const body = parseOr400(confirmBody, await readJsonObject(req))
    const { id } = await confirmSession(pool(req.payload), user as never, body)
    return Response.json({ message: 'Prenotazione registrata', data: await readBack(req, id) })
  },
}

/** PUT /api/reservations/:id/status { status } — the status machine. */
export const statusEndpoint: Endpoint = {
  path: '/:id/status',
  method: 'put',
  handler: async (req) => {
    const user = requireUser(req)
    if (user.user_role === 'ADMIN') requireAdmin(req) // an admin still missing a required second factor
    const id = parseOr400(idParam, req.routeParams?.id)
    const { status } = parseOr400(statusBody, await readJsonObject(req))
    await changeStatus(pool(req.payload), user as never, id, status)
    return Response.json({ message: 'Stato aggiornato', data: await readBack(req, id) })
  },
}

/**
 * GET /api/reservations/:id/ics — "Aggiungi al calendario": the booking as an RFC 5545 file
 * (METHOD:PUBLISH) for its customer, its operator and admins; 404 for anyone else.
 */
export const icsEndpoint: Endpoint = {
  path: '/:id/ics',
  method: 'get',
  handler: async (req) => {
    const user = requireUser(req)
    if (user.user_role === 'ADMIN') requireAdmin(req) // an admin still missing a required second factor
    const { id } = parseOr400(idPathParams, { id: req.routeParams?.id })
    const { filename, body } = await reservationCalendarFile(pool(req.payload), user as never, id)
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  },
}

const report = (path: string, run: (req: PayloadRequest) => Promise<unknown>): Endpoint => ({
  path,
  method: 'get',
  handler: async (req) => {
    requireAdmin(req)
    return Response.json(await run(req), { headers: noStore })
  },
})

export const reservationReports = [
  report('/count', (req) => reservationCount(req.payload, parseOr400(reservationReportQuery, queryObject(req)))),
  report('/aggregate', (req) =>
    reservationAggregate(req.payload, parseOr400(reservationReportQuery, queryObject(req))),
  ),
  report('/countCompare', (req) =>
    reservationCompare(req.payload, parseOr400(reservationCompareQuery, queryObject(req)), false),
  ),
  report('/aggregateCompare', (req) =>
    reservationCompare(req.payload, parseOr400(reservationCompareQuery, queryObject(req)), true),
  ),
]

export const reservationEndpoints = [
  ...availabilityEndpoints,
  createSessionEndpoint,
  confirmEndpoint,
  statusEndpoint,
  icsEndpoint,
  ...reservationReports,
]
