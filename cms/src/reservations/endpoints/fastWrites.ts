import type { Endpoint, Payload, PayloadRequest } from 'payload'
import { APIError, createPayloadRequest, formatErrors, headersWithCors, mergeHeaders } from 'payload'
import type { FastWrite } from '../../platform'
import { jsonTextRefusal } from '../../platform'
import { confirmEndpoint } from './reservations'

/**
 * Writes served by server.ts without Next.js (docs/architecture.md "Fast path"): the busiest
 * signed-in write, the booking confirm, costs about a third less CPU this way. This is glue only —
 * the request is authenticated by Payload's own `createPayloadRequest` (the same auth strategies,
 * JWT verification, `sid` session check and user load as every REST request), the **same
 * endpoint object** the Payload route serves runs, and an error goes through Payload's formatting
 * and the same `afterError` hooks (platform/errorResponse.ts), so both paths answer alike.
 *
 * Lives in Payload's module graph (Next bundles it apart from server.ts's) and is published on
 * `globalThis` by bootstrap.ts (platform/fastWrites.ts).
 */

interface Route {
  collection: string
  endpoint: Endpoint
}

/** `POST <path>` → the Payload endpoint that serves it (the route table of the write fast path). */
const routes = (): Record<string, Route> => ({
  '/api/reservations/confirm': { collection: 'reservations', endpoint: confirmEndpoint },
})

/** Payload's rule (utilities/isErrorPublic): which errors show their own message. */
const isErrorPublic = (err: { status?: number; isPublic?: boolean }, debug: boolean) =>
  debug || err.isPublic === true || (err.isPublic !== false && !!err.status && err.status !== 500)

/** Payload's `routeError` (not exported): formatted error, collection then global afterError hooks. */
async function routeError(payload: Payload, req: PayloadRequest, collection: string, err: unknown) {
  const e = err as Error & { status?: number; isPublic?: boolean }
  let status = e.status || 500
  let response = formatErrors(
    isErrorPublic(e, payload.config.debug === true)
      ? (e as unknown as APIError)
      : new APIError('Something went wrong.'),
  ) as Record<string, unknown>
  if (status >= 500) payload.logger.error({ err: e }, e.message)
  const collectionConfig = payload.collections[collection as 'reservations']?.config
  for (const hook of [...(collectionConfig?.hooks.afterError ?? []), ...(payload.config.hooks?.afterError ?? [])]) {
    const result = await hook({
      collection: collectionConfig,
      context: req.context,
      error: e,
      req,
      result: response,
    } as Parameters<typeof hook>[0])
    if (result) {
      response = (result.response as Record<string, unknown>) || response
      status = result.status || status
    }
  }
  const headers = headersWithCors({ headers: new Headers(), req })
  return Response.json(response, {
    headers: req.responseHeaders ? mergeHeaders(req.responseHeaders, headers) : headers,
    status,
  })
}

function serve(payload: Payload, { collection, endpoint }: Route): FastWrite {
  return async (request, body) => {
    // The same refusal the Payload route gives a JSON body that is not an object (api/[...slug]/route.ts).
    const refused = jsonTextRefusal(request.method, request.headers.get('content-type'), body)
    if (refused) return refused
    let req: PayloadRequest | undefined
    try {
      req = await createPayloadRequest({ canSetHeaders: true, config: payload.config, request })
      req.routeParams = { collection }
      const response = await endpoint.handler(req)
      return new Response(response.body, {
        headers: headersWithCors({
          headers: mergeHeaders(req.responseHeaders ?? new Headers(), response.headers),
          req,
        }),
        status: response.status,
        statusText: response.statusText,
      })
    } catch (err) {
      // No request context (Payload itself failed to set up): the same generic 500 as Payload's.
      if (!req) {
        payload.logger.error({ err }, 'Fast path: request setup failed')
        return Response.json({ errors: [{ message: 'Something went wrong.' }] }, { status: 500 })
      }
      return routeError(payload, req, collection, err)
    }
  }
}

export const fastWriteRoutes = (payload: Payload): Record<string, FastWrite> =>
  Object.fromEntries(Object.entries(routes()).map(([path, route]) => [path, serve(payload, route)]))
