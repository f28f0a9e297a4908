import type { Endpoint, PayloadRequest } from 'payload'
import {
  agendaQuery,
  bookBody,
  walkInBody,
  bookSlotsQuery,
  confirmBody,
  editBody,
  idParam,
  idPathParams,
  mineQuery,
  moveBody,
  moveSlotsQuery,
  reservationCompareQuery,
  reservationReportQuery,
  statusBody,
} from '@salon/shared'
import {
  forbidden,
  parseOr400,
  queryObject,
  readJsonObject,
  requireAdmin,
  requireUser,
  requireBooker,
  pool,
  readPool,
} from '../../platform'
import { bookSlots, moveSlots, reservationEvents } from '../reads'
import { bookForCustomer } from '../writes/bookForCustomer'
import { walkIn } from '../writes/walkIn'
import { changeStatus, freeRest, undoStatus } from '../writes/changeStatus'
import { confirmSession } from '../writes/confirm'
import { createSession } from '../writes/openDraft'
import { editReservation } from '../writes/editReservation'
import { changeStatusFollowing, moveFollowing } from '../writes/seriesScope'
import { agenda, myReservations, reservationDetail } from '../reservationLists'
import { readBack } from '../readBack'
import { reservationCalendarFile } from '../reservationCalendar'
import { AVAILABILITY_ROUTES } from './availability'
import { seriesEndpoints } from './series'
import { checkoutEndpoint } from './checkout'
import { reservationAggregate, reservationCompare, reservationCount } from '../reservationReports'

const noStore = { 'Cache-Control': 'no-store' }

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
    const { id, expiresAt } = await createSession(pool(req.payload), user)
    return Response.json({ data: await readBack(req, id), expiresAt }, { status: 201 })
  },
}

/** POST /api/reservations/confirm { id, services, operator?, date_start, note? }. */
export const confirmEndpoint: Endpoint = {
  path: '/confirm',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const body = parseOr400(confirmBody, await readJsonObject(req))
    // The booking as written, in the shape its customer reads it (no read back through Payload).
    const { booking } = await confirmSession({ writes: pool(req.payload), reads: readPool() }, user, body)
    return Response.json({ message: 'Prenotazione registrata', data: booking })
  },
}

/** PUT /api/reservations/:id/status { status, scope? } — the status machine ('following': this occurrence of a series and the later ones). */
export const statusEndpoint: Endpoint = {
  path: '/:id/status',
  method: 'put',
  handler: async (req) => {
    const user = requireBooker(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { status, scope } = parseOr400(statusBody, await readJsonObject(req))
    if (scope === 'following') await changeStatusFollowing(pool(req.payload), user, id, status)
    else await changeStatus(pool(req.payload), user, id, status)
    return Response.json({ message: 'Stato aggiornato', data: await readBack(req, id) })
  },
}

/** A staff action on one booking, no body: POST /api/reservations/:id/<path> → 200 with the booking read back. */
const bookingAction = (
  path: string,
  run: (db: ReturnType<typeof pool>, user: ReturnType<typeof requireBooker>, id: number) => Promise<unknown>,
  message: string,
): Endpoint => ({
  path: `/:id/${path}`,
  method: 'post',
  handler: async (req) => {
    const user = requireBooker(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    await run(pool(req.payload), user, id)
    return Response.json({ message, data: await readBack(req, id) })
  },
})

/** POST /api/reservations/:id/undo — staff take back a final status set in the last minutes. */
export const undoEndpoint = bookingAction('undo', undoStatus, 'Cambio di stato annullato')

/** POST /api/reservations/:id/free-rest — an appointment over early frees the rest of its time. */
export const freeRestEndpoint = bookingAction('free-rest', freeRest, 'Tempo restante liberato')

/**
 * GET /api/reservations/:id/ics — "Aggiungi al calendario": the booking as an RFC 5545 file
 * (METHOD:PUBLISH) for its customer, its operator and admins; 404 for anyone else.
 */
export const icsEndpoint: Endpoint = {
  path: '/:id/ics',
  method: 'get',
  handler: async (req) => {
    const user = requireBooker(req)
    const { id } = parseOr400(idPathParams, { id: req.routeParams?.id })
    const { filename, body } = await reservationCalendarFile(pool(req.payload), user, id)
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  },
}

/** POST /api/reservations/:id/move { date_start, operator?, scope? } — the same booking at another time ('following': and the later occurrences of its series). */
export const moveEndpoint: Endpoint = {
  path: '/:id/move',
  method: 'post',
  handler: async (req) => {
    const user = requireBooker(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { scope, ...body } = parseOr400(moveBody, await readJsonObject(req))
    if (scope === 'following') await moveFollowing(pool(req.payload), user, id, body)
    else await editReservation(pool(req.payload), user, id, body)
    // Read back without access rules: the engine authorised this caller, and a move may reassign
    // the booking to an operator whose agenda the caller does not see.
    return Response.json({ message: 'Appuntamento spostato', data: await readBack(req, id, true) })
  },
}

/**
 * POST /api/reservations/book { user, services, operator?, date_start, note? } — the salon books a
 * customer in (admins anywhere, an operator in their own agenda). 201 with the booking.
 */
export const bookEndpoint: Endpoint = {
  path: '/book',
  method: 'post',
  handler: async (req) => {
    const user = requireBooker(req)
    const body = parseOr400(bookBody, await readJsonObject(req))
    const { id } = await bookForCustomer(pool(req.payload), user, body)
    return Response.json({ message: 'Prenotazione registrata', data: await readBack(req, id, true) }, { status: 201 })
  },
}

/** POST /api/reservations/walk-in { services, client?, operator?, note? } — now, with the first operator free (issue 24). */
export const walkInEndpoint: Endpoint = {
  path: '/walk-in',
  method: 'post',
  handler: async (req) => {
    const user = requireBooker(req)
    const body = parseOr400(walkInBody, await readJsonObject(req))
    const { id } = await walkIn(pool(req.payload), user, body)
    return Response.json({ message: 'Prenotazione registrata', data: await readBack(req, id, true) }, { status: 201 })
  },
}

/** PATCH /api/reservations/:id/edit { date_start?, operator?, services?, note? } — one change, one event. */
export const editEndpoint: Endpoint = {
  path: '/:id/edit',
  method: 'patch',
  handler: async (req) => {
    const user = requireBooker(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const body = parseOr400(editBody, await readJsonObject(req))
    await editReservation(pool(req.payload), user, id, body)
    return Response.json({ message: 'Prenotazione aggiornata', data: await readBack(req, id, true) })
  },
}

/** GET /api/reservations/:id/events — the booking's history, for admins and its operator. */
export const eventsEndpoint: Endpoint = {
  path: '/:id/events',
  method: 'get',
  handler: async (req) => {
    const user = requireBooker(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    return Response.json(await reservationEvents(pool(req.payload), user, id), { headers: noStore })
  },
}

/** GET /api/reservations/:id/detail — the dashboard's booking page (staff who may see it). */
export const detailEndpoint: Endpoint = {
  path: '/:id/detail',
  method: 'get',
  handler: async (req) => {
    const user = requireBooker(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    return Response.json(await reservationDetail(pool(req.payload), user, id), { headers: noStore })
  },
}

/** GET /api/reservations/book-slots?date=&services=&operator= — free starts as the salon may book them. */
export const bookSlotsEndpoint: Endpoint = {
  path: '/book-slots',
  method: 'get',
  handler: async (req) => {
    const user = requireBooker(req)
    const query = parseOr400(bookSlotsQuery, queryObject(req))
    return Response.json(await bookSlots(pool(req.payload), user, query), { headers: noStore })
  },
}

/** GET /api/reservations/:id/move-slots?date=&operator= — where this booking could go that day. */
export const moveSlotsEndpoint: Endpoint = {
  path: '/:id/move-slots',
  method: 'get',
  handler: async (req) => {
    const user = requireBooker(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const query = parseOr400(moveSlotsQuery, queryObject(req))
    return Response.json(await moveSlots(pool(req.payload), user, id, query), { headers: noStore })
  },
}

/** GET /api/reservations/mine?pastPage=&pastLimit= — the caller's own bookings, with their actions. */
export const mineEndpoint: Endpoint = {
  path: '/mine',
  method: 'get',
  handler: async (req) => {
    const user = requireUser(req)
    const query = parseOr400(mineQuery, queryObject(req))
    return Response.json(await myReservations(pool(req.payload), user, query), { headers: noStore })
  },
}

/** GET /api/reservations/agenda?from=&to=&operator= — staff only. */
export const agendaEndpoint: Endpoint = {
  path: '/agenda',
  method: 'get',
  handler: async (req) => {
    const user = requireBooker(req)
    if (user.user_role !== 'ADMIN' && user.user_role !== 'OPERATOR') throw forbidden()
    const query = parseOr400(agendaQuery, queryObject(req))
    return Response.json(await agenda(pool(req.payload), user, query), { headers: noStore })
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
  ...seriesEndpoints,
  createSessionEndpoint,
  confirmEndpoint,
  statusEndpoint,
  undoEndpoint,
  freeRestEndpoint,
  checkoutEndpoint,
  icsEndpoint,
  moveEndpoint,
  bookEndpoint,
  walkInEndpoint,
  editEndpoint,
  eventsEndpoint,
  detailEndpoint,
  bookSlotsEndpoint,
  moveSlotsEndpoint,
  mineEndpoint,
  agendaEndpoint,
  ...reservationReports,
]
