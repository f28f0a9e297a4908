import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { badRequest, jsonBodyRefusal } from '../../../../platform'

type Args = { params: Promise<{ slug: string[] }> }
type Handler = (request: Request, args: Args) => Promise<Response>

/** Per collection, the literal first path segments its endpoints answer (`count`, `login`, …). */
const literals: Promise<Map<string, Set<string>>> = Promise.resolve(config).then(
  (c) =>
    new Map(
      c.collections.map((col) => [
        col.slug,
        new Set(
          (col.endpoints || []).map((e) => e.path.split('/')[1] ?? '').filter((seg) => seg && !seg.startsWith(':')),
        ),
      ]),
    ),
)

/**
 * Payload reads `/api/banner/1 or 1=1` as id 1 (parseInt). A path segment where an id belongs
 * must be a whole number: anything else is a 400 naming `id`, before Payload sees it. A JSON body
 * that is not an object is refused first (platform/jsonBody.ts, shared with the write fast path).
 */
const guardIds =
  (handler: Handler): Handler =>
  async (request, args) => {
    const badBody = await jsonBodyRefusal(request)
    if (badBody) return badBody
    const { slug } = await args.params
    const known = (await literals).get(slug[0] ?? '')
    const segment = slug[1]
    if (known && segment !== undefined && !/^\d+$/.test(segment) && !known.has(segment)) {
      return badRequest('id', 'Id non valido')
    }
    return routeNotFoundCoded(await handler(request, args))
  }

/**
 * Payload answers a path no endpoint matches with `404 { message }`; it keeps that and gains the
 * one error shape with its code (ROUTE_NOT_FOUND), like every other 4xx (issue 21 §4).
 */
async function routeNotFoundCoded(res: Response): Promise<Response> {
  if (res.status !== 404 || !(res.headers.get('content-type') ?? '').includes('json')) return res
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown; errors?: unknown } | null
  if (!body || body.errors !== undefined || typeof body.message !== 'string') return res
  const errors = [{ name: 'NotFound', message: body.message, data: { code: 'ROUTE_NOT_FOUND' } }]
  return Response.json({ ...body, errors }, { status: 404, headers: res.headers })
}

export const GET = guardIds(REST_GET(config))
export const POST = guardIds(REST_POST(config))
export const DELETE = guardIds(REST_DELETE(config))
export const PATCH = guardIds(REST_PATCH(config))
export const OPTIONS = REST_OPTIONS(config)

const put = REST_PUT(config)

/**
 * Spec §7 updates by PUT; Payload updates by PATCH. `PUT /api/<collection>/<id>` behaves exactly
 * as PATCH (a partial update); other PUT endpoints (`/api/auth/me`, …) keep their own handler.
 */
export const PUT = guardIds(async (request, args) => {
  const { slug } = await args.params
  // Only a document id: a collection's own PUT endpoints (`/api/business_hours/week`) keep theirs.
  if (slug.length === 2 && (await literals).has(slug[0]!) && /^\d+$/.test(slug[1]!)) {
    // Built from its parts: `new Request(request, …)` throws on Node 24 ("Cannot read private
    // member #state"), as Next's request is not the runtime's own Request class.
    const body = await request.arrayBuffer()
    const patch = new Request(request.url, {
      method: 'PATCH',
      headers: new Headers(request.headers),
      body: body.byteLength ? body : undefined,
      signal: request.signal,
    })
    return PATCH(patch, args)
  }
  return put(request, args)
})
