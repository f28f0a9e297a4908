import type { Endpoint, PayloadRequest } from 'payload'
import { waitlistDayQuery, waitlistEntryBody, waitlistOfferBody } from '@salon/shared'
import { notFound, parseOr400, pool, queryObject, readJsonObject, requireBooker, requireStaff } from '../platform'
import { createEntry, dayEntries, deleteEntry, myEntries, offerByHand, offerDetail } from './entries'

/** The waitlist's HTTP face (docs/api.md "Waitlist"): parse, check who asks, call the use case. */

const noStore = { 'Cache-Control': 'private, no-store' }

/** The `{id}` of the path; anything else is an id that does not exist. */
function idOf(req: PayloadRequest) {
  const id = Number(req.routeParams?.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
  return id
}

export const waitlistEndpoints: Endpoint[] = [
  {
    path: '/waitlist',
    method: 'post',
    handler: async (req) => {
      const user = requireBooker(req)
      const body = parseOr400(waitlistEntryBody, await readJsonObject(req))
      return Response.json(await createEntry(pool(req.payload), user, body), { status: 201, headers: noStore })
    },
  },
  {
    path: '/waitlist/mine',
    method: 'get',
    handler: async (req) => Response.json(await myEntries(pool(req.payload), requireBooker(req)), { headers: noStore }),
  },
  {
    path: '/waitlist',
    method: 'get',
    handler: async (req) => {
      const user = requireStaff(req)
      const { day } = parseOr400(waitlistDayQuery, queryObject(req))
      return Response.json(await dayEntries(pool(req.payload), user, day), { headers: noStore })
    },
  },
  {
    path: '/waitlist/offers/:id',
    method: 'get',
    handler: async (req) => {
      const user = requireBooker(req)
      return Response.json(await offerDetail(pool(req.payload), user, idOf(req)), { headers: noStore })
    },
  },
  {
    path: '/waitlist/:id',
    method: 'delete',
    handler: async (req) => {
      const user = requireBooker(req)
      return Response.json(await deleteEntry(pool(req.payload), user, idOf(req)), { headers: noStore })
    },
  },
  {
    path: '/waitlist/:id/offer',
    method: 'post',
    handler: async (req) => {
      const user = requireStaff(req)
      const id = idOf(req)
      const body = parseOr400(waitlistOfferBody, await readJsonObject(req))
      return Response.json(await offerByHand(pool(req.payload), user, id, body), { status: 201, headers: noStore })
    },
  },
]
