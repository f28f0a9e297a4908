import type { Payload } from 'payload'
import { handleEndpoints } from 'payload'
import type { FastWrite } from '../../platform'
import { jsonTextRefusal } from '../../platform'

/**
 * Writes served by server.ts without Next.js (docs/architecture.md "Fast path"): the booking
 * confirm, the busiest signed-in write. Glue only: the request goes to **Payload's own exported
 * `handleEndpoints`** — what the REST route (app/(payload)/api/[...slug]/route.ts, through
 * `@payloadcms/next`'s REST handlers) calls too: `createPayloadRequest` (the same auth strategies,
 * JWT verification, `sid` session check), the collection endpoint that matches, CORS headers, and
 * on an error Payload's `routeError` (formatting, the collection's and the global `afterError`
 * hooks). The only step before it is the route's own: a JSON body that is not an object is
 * refused alike (platform/jsonBody.ts). Published through the process runtime by bootstrap.ts.
 */
export const FAST_WRITE_PATHS = ['/api/reservations/confirm'] as const

export const fastWriteRoutes = (payload: Payload): Record<string, FastWrite> => {
  const serve: FastWrite = async (request, body) =>
    jsonTextRefusal(request.method, request.headers.get('content-type'), body) ??
    handleEndpoints({ config: payload.config, request })
  return Object.fromEntries(FAST_WRITE_PATHS.map((path) => [path, serve]))
}
