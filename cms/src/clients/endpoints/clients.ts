import type { Endpoint, PayloadRequest } from 'payload'
import {
  clientCreateBody,
  clientNoteBody,
  clientPatchBody,
  clientSearchQuery,
  idParam,
  mergeBody,
  OPERATOR_CLIENT_FIELDS,
} from '@salon/shared'
import { fieldMessage } from '@salon/shared/messages'
import {
  HttpError,
  inTransaction,
  isAdminUser,
  onlyKnownKeys,
  parseOr400,
  pool,
  queryObject,
  readJsonObject,
  requireAdmin,
  requireStaff,
} from '../../platform'
import {
  addNote,
  createClient,
  deleteNote,
  duplicatesOf,
  mergeClients,
  notesOf,
  patchClient,
  readCard,
  searchClients,
} from '../repo'

/**
 * The client cards' HTTP face (docs/api.md "Clients, the front desk, checkout and privacy"): who is
 * asking → zod → one use case → JSON. These replace Payload's list, create and update of a card
 * (a collection's own endpoints are matched before Payload's); Payload still answers
 * `GET /api/clients/:id` under the collection's read access.
 */

const noStore = { 'Cache-Control': 'no-store' }
const idOf = (req: PayloadRequest, name = 'id') => parseOr400(idParam, req.routeParams?.[name])

/** Fields of a card the server sets: sending them is a 400 that says so. */
const SET_BY_SERVER: Record<string, string> = {
  id: fieldMessage('SET_BY_SERVER'),
  user: 'L’account si collega da solo, quando la sua e-mail è verificata',
  created_by: fieldMessage('SET_BY_SERVER'),
  marketing_consent_at: 'La data del consenso la registra il server',
  sms_consent_at: 'La data del consenso la registra il server',
  anonymised_at: 'Per cancellare una persona usa POST /api/clients/:id/erase',
  createdAt: fieldMessage('SET_BY_SERVER'),
  updatedAt: fieldMessage('SET_BY_SERVER'),
}

export const clientEndpoints: Endpoint[] = [
  {
    path: '/',
    method: 'get',
    handler: async (req) => {
      const user = requireStaff(req)
      const q = parseOr400(clientSearchQuery, queryObject(req))
      return Response.json(await searchClients(pool(req.payload), user, q), { headers: noStore })
    },
  },
  {
    path: '/',
    method: 'post',
    handler: async (req) => {
      const user = requireStaff(req)
      const raw = await readJsonObject(req)
      onlyKnownKeys(raw, Object.keys(clientCreateBody.shape), SET_BY_SERVER)
      const body = parseOr400(clientCreateBody, raw)
      return Response.json(await createClient(pool(req.payload), user, body), { status: 201, headers: noStore })
    },
  },
  {
    path: '/:id',
    method: 'patch',
    handler: async (req) => {
      const user = requireStaff(req)
      const id = idOf(req)
      const raw = await readJsonObject(req)
      onlyKnownKeys(raw, Object.keys(clientPatchBody.shape), SET_BY_SERVER)
      const body = parseOr400(clientPatchBody, raw)
      if (!isAdminUser(user)) {
        const others = Object.keys(body).filter((k) => !(OPERATOR_CLIENT_FIELDS as readonly string[]).includes(k))
        if (others.length)
          throw new HttpError(403, 'FORBIDDEN', 'Puoi cambiare solo la scheda tecnica e le etichette.', {
            field: others[0],
            errors: others.map((path) => ({ path, message: fieldMessage('FIELD_NOT_ACCEPTED'), code: 'FORBIDDEN' })),
          })
      }
      const doc = await patchClient(pool(req.payload), user, id, body)
      return Response.json({ message: 'Scheda aggiornata', doc }, { headers: noStore })
    },
  },
  {
    path: '/:id/notes',
    method: 'get',
    handler: async (req) => {
      const user = requireStaff(req)
      const card = await readCard(pool(req.payload), user, idOf(req))
      return Response.json({ docs: await notesOf(pool(req.payload), card.id) }, { headers: noStore })
    },
  },
  {
    path: '/:id/notes',
    method: 'post',
    handler: async (req) => {
      const user = requireStaff(req)
      const card = await readCard(pool(req.payload), user, idOf(req))
      const { body } = parseOr400(clientNoteBody, await readJsonObject(req))
      return Response.json({ doc: await addNote(pool(req.payload), user, card.id, body) }, { status: 201 })
    },
  },
  {
    path: '/:id/notes/:noteId',
    method: 'delete',
    handler: async (req) => {
      const user = requireStaff(req)
      const card = await readCard(pool(req.payload), user, idOf(req))
      await deleteNote(pool(req.payload), user, card.id, idOf(req, 'noteId'), isAdminUser(user))
      return Response.json({ message: 'Nota eliminata' })
    },
  },
  {
    path: '/:id/duplicates',
    method: 'get',
    handler: async (req) => {
      const user = requireStaff(req)
      const card = await readCard(pool(req.payload), user, idOf(req))
      return Response.json({ docs: await duplicatesOf(pool(req.payload), user, card) }, { headers: noStore })
    },
  },
  {
    path: '/:id/merge',
    method: 'post',
    handler: async (req) => {
      const user = requireAdmin(req)
      const id = idOf(req)
      const { from } = parseOr400(mergeBody, await readJsonObject(req))
      return Response.json(await inTransaction(pool(req.payload), (db) => mergeClients(db, user, id, from)))
    },
  },
]
