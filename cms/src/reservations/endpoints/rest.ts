import type { Endpoint, PayloadRequest } from 'payload'
import { bookBody, editBody, idParam, isCalledOff, statusBody } from '@salon/shared'
import { fieldMessage } from '@salon/shared/messages'
import { HttpError, onlyKnownKeys, parseOr400, pool, readJsonObject, requireAdmin } from '../../platform'
import { bookForCustomer } from '../writes/bookForCustomer'
import { changeStatus } from '../writes/changeStatus'
import { editReservation } from '../writes/editReservation'
import { readBack } from '../readBack'

/**
 * Spec §7's generic reservation calls — `POST /api/reservations`, `PUT`/`PATCH /api/reservations/:id`
 * and `DELETE /api/reservations/:id` — for admins. Payload matches a collection's own endpoints
 * before its built-in REST handlers (payload/dist/collections/config/sanitize.js appends the
 * defaults after them; handleEndpoints takes the first match), so these replace Payload's create,
 * update and delete of one reservation. Each runs one of the module's use cases — the same ones
 * behind the dashboard's buttons (`book`, `:id/edit`, `:id/status`) — so a write obeys the engine,
 * takes the database guard, records exactly one event in its own transaction and sends the same
 * mails. Customers and operators get 403 (they book, move and cancel through the booking
 * endpoints), visitors 401. Payload's bulk `PATCH`/`DELETE /api/reservations?where…` stay closed
 * (reservations/collections/Reservations.ts). Answers keep Payload's REST shape: `{ message, doc }`.
 */

/** Fields a client may not set, each with why (the generic REST would otherwise accept them). */
const SERVER_SET: Record<string, string> = {
  id: 'L’id lo assegna il server',
  date_end: 'La fine la calcola il salone dai servizi e dall’orario',
  total_price: 'Il prezzo lo calcola il salone dai servizi',
  any_operator: 'Per “qualsiasi operatore” invia operator: "any"',
  createdAt: 'Lo imposta il server',
  updatedAt: 'Lo imposta il server',
}
const ON_CREATE: Record<string, string> = {
  ...SERVER_SET,
  duration: 'La durata la calcola il salone dai servizi',
  status: 'Una prenotazione del salone nasce confermata: cambia lo stato con PUT /api/reservations/:id',
}
const ON_UPDATE: Record<string, string> = {
  ...SERVER_SET,
  user: 'Il cliente di una prenotazione non si cambia: annullala e prenotane una nuova',
}

const idOf = (req: PayloadRequest) => parseOr400(idParam, req.routeParams?.id)

/** POST /api/reservations { user, services, operator?, date_start, note? } — as POST /book: 201 `{ message, doc }`. */
export const restCreateEndpoint: Endpoint = {
  path: '/',
  method: 'post',
  handler: async (req) => {
    const user = requireAdmin(req)
    const raw = await readJsonObject(req)
    onlyKnownKeys(raw, Object.keys(bookBody.shape), ON_CREATE)
    const { id } = await bookForCustomer(pool(req.payload), user, parseOr400(bookBody, raw))
    return Response.json({ message: 'Prenotazione registrata', doc: await readBack(req, id, true) }, { status: 201 })
  },
}

/**
 * PATCH /api/reservations/:id (PUT is rewritten to it by the API route) — either a change of the
 * booking `{ date_start?, operator?, services?, note?, duration? }` (as PATCH /:id/edit) or a status
 * `{ status }` (as PUT /:id/status), never both: two use cases would be two transactions.
 */
export const restUpdateEndpoint: Endpoint = {
  path: '/:id',
  method: 'patch',
  handler: async (req) => {
    const user = requireAdmin(req)
    const id = idOf(req)
    const raw = await readJsonObject(req)
    onlyKnownKeys(raw, [...Object.keys(editBody.shape), 'status'], ON_UPDATE)
    if ('status' in raw) {
      if (Object.keys(raw).length > 1) {
        throw new HttpError(400, 'INVALID_INPUT', 'Dati non validi: status', {
          errors: [{ path: 'status', message: fieldMessage('STATUS_ALONE'), code: 'STATUS_ALONE' }],
        })
      }
      const { status } = parseOr400(statusBody, raw)
      await changeStatus(pool(req.payload), user, id, status)
      return Response.json({ message: 'Stato aggiornato', doc: await readBack(req, id, true) })
    }
    await editReservation(pool(req.payload), user, id, parseOr400(editBody, raw))
    return Response.json({ message: 'Prenotazione aggiornata', doc: await readBack(req, id, true) })
  },
}

/**
 * DELETE /api/reservations/:id — the salon calls the booking off: it becomes CANCELLED through the
 * status use case (the dashboard's "Annulla"), so the row and its history stay (one STATUS_CHANGED
 * event by this admin), the time is free again, and the customer gets the cancellation mail with
 * the calendar CANCEL file. One already cancelled or rejected answers 200 unchanged (no event, no
 * mail); an appointment that is over (COMPLETED, NO_SHOW) is refused 409 ILLEGAL_TRANSITION.
 */
export const restDeleteEndpoint: Endpoint = {
  path: '/:id',
  method: 'delete',
  handler: async (req) => {
    const user = requireAdmin(req)
    const id = idOf(req)
    const before = await readBack(req, id, true)
    if (isCalledOff(before.status)) return Response.json({ message: 'Prenotazione già annullata', doc: before })
    await changeStatus(pool(req.payload), user, id, 'CANCELLED')
    return Response.json({ message: 'Prenotazione annullata', doc: await readBack(req, id, true) })
  },
}

export const restEndpoints: Endpoint[] = [restCreateEndpoint, restUpdateEndpoint, restDeleteEndpoint]
