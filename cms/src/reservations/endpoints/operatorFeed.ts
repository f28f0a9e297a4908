import type { Endpoint } from 'payload'
import { idPathParams, operatorFeedFile } from '@salon/shared'
import { parseOr400, requireBooker, notFound, pool } from '../../platform'
import { feedByToken, feedStatus, myFeeds, revokeFeed, rotateFeed } from '../operatorFeed'

/**
 * The operator's calendar feed (docs/api.md "Operator calendar feed"): a private `.ics` URL with a
 * secret token, turned on, replaced and turned off by the operator themself or an admin.
 */

const noStore = { 'Cache-Control': 'private, no-store' }

/** GET /api/operators/feed/<token>.ics — no session: the token is the key. 404 for any other token. */
export const feedFileEndpoint: Endpoint = {
  path: '/feed/:file',
  method: 'get',
  handler: async (req) => {
    const parsed = operatorFeedFile.safeParse(req.routeParams?.file)
    // A malformed token is just another wrong one: 404, like a revoked token, never a hint.
    const body = parsed.success ? await feedByToken(pool(req.payload), parsed.data) : null
    if (body === null) throw notFound()
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="appuntamenti.ics"',
        // Private to the subscriber; a calendar app asks again every 15 minutes anyway.
        'Cache-Control': 'private, max-age=300',
        'X-Robots-Tag': 'noindex',
        'Referrer-Policy': 'no-referrer',
      },
    })
  },
}

/** GET /api/operators/my-feeds — the caller's own operator records and their feeds (the reserved area). */
export const myFeedsEndpoint: Endpoint = {
  path: '/my-feeds',
  method: 'get',
  handler: async (req) => {
    const user = requireBooker(req)
    return Response.json({ feeds: await myFeeds(pool(req.payload), user) }, { headers: noStore })
  },
}

/** GET /api/operators/:id/feed — on or off, and since when (never the URL). */
export const feedStatusEndpoint: Endpoint = {
  path: '/:id/feed',
  method: 'get',
  handler: async (req) => {
    const user = requireBooker(req)
    const { id } = parseOr400(idPathParams, { id: req.routeParams?.id })
    return Response.json(await feedStatus(pool(req.payload), user, id), { headers: noStore })
  },
}

/** POST /api/operators/:id/feed — a new link (the old one stops working); its URL is in this answer only. */
export const feedRotateEndpoint: Endpoint = {
  path: '/:id/feed',
  method: 'post',
  handler: async (req) => {
    const user = requireBooker(req)
    const { id } = parseOr400(idPathParams, { id: req.routeParams?.id })
    const feed = await rotateFeed(pool(req.payload), user, id)
    return Response.json({ message: 'Nuovo link del calendario creato', data: feed }, { headers: noStore })
  },
}

/** DELETE /api/operators/:id/feed — the link stops working. */
export const feedRevokeEndpoint: Endpoint = {
  path: '/:id/feed',
  method: 'delete',
  handler: async (req) => {
    const user = requireBooker(req)
    const { id } = parseOr400(idPathParams, { id: req.routeParams?.id })
    const feed = await revokeFeed(pool(req.payload), user, id)
    return Response.json({ message: 'Link del calendario disattivato', data: feed }, { headers: noStore })
  },
}

export const operatorFeedEndpoints: Endpoint[] = [
  feedFileEndpoint,
  myFeedsEndpoint,
  feedStatusEndpoint,
  feedRotateEndpoint,
  feedRevokeEndpoint,
]
