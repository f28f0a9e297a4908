import { stat } from 'node:fs/promises'
import path from 'node:path'
import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { IMAGE_FILE_NAME } from '@salon/shared/imageUrls'
import { badRequest, jsonBodyRefusal, listQueryProblem, listQueryRefusal, sortableFields } from '../../../../platform'

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

/** Per collection of ours, what the guard below needs to know of it. */
const collectionsBySlug = Promise.resolve(config).then(
  (c) =>
    new Map<string, { sortable: Set<string>; versions: boolean; staticDir: string | null }>(
      c.collections.map((col) => [
        col.slug,
        {
          sortable: sortableFields(col),
          versions: Boolean(col.versions),
          staticDir: col.upload && col.upload.staticDir ? path.resolve(col.upload.staticDir) : null,
        },
      ]),
    ),
)

/**
 * Payload's own collections (document locks, admin-UI preferences, migrations, jobs) are no part of
 * the product's API: their default access let any signed-in customer lock an admin's record (423
 * for five minutes, renewable) or list and delete migration rows (issue 22 §5.1). The Local API
 * still reaches them; over HTTP they do not exist.
 */
const INTERNAL_COLLECTION = /^payload-/

/**
 * A path Payload would route but this collection does not serve: `versions` of a collection
 * without versions, `/api/upload/file/<name>` with a name no stored file can have (a
 * double-encoded `..%252f` reached Payload's static handler as `../` and answered 500) or of a file
 * that is not there.
 */
async function unservedPath(slug: string[]): Promise<boolean> {
  const col = (await collectionsBySlug).get(slug[0] ?? '')
  if (!col) return false
  if (slug[1] === 'versions' && !col.versions) return true
  if (slug[1] === 'file' && col.staticDir) {
    const name = slug[2] ?? ''
    if (slug.length !== 3 || !IMAGE_FILE_NAME.test(name) || name.includes('..') || name.includes('%')) return true
    // A file that is not there was a 500 of Payload's static handler too.
    const file = path.resolve(col.staticDir, name)
    if (path.dirname(file) !== col.staticDir) return true
    return !(await stat(file).catch(() => null))?.isFile()
  }
  return false
}

const routeNotFound = () =>
  Response.json(
    { errors: [{ name: 'NotFound', message: 'Route not found', data: { code: 'ROUTE_NOT_FOUND' } }] },
    { status: 404 },
  )

/**
 * Payload reads `/api/banner/1 or 1=1` as id 1 (parseInt). A path segment where an id belongs
 * must be a whole number: anything else is a 400 naming `id`, before Payload sees it. A JSON body
 * that is not an object is refused first (platform/jsonBody.ts, shared with the write fast path).
 */
const guardIds =
  (handler: Handler): Handler =>
  async (request, args) => {
    const { slug } = await args.params
    if (INTERNAL_COLLECTION.test(slug[0] ?? '') || (await unservedPath(slug))) return routeNotFound()
    const badBody = await jsonBodyRefusal(request)
    if (badBody) return badBody
    // Every list (and bulk write) of a collection: page, limit and sort checked (platform/listQuery.ts).
    const listed = slug.length === 1 ? (await collectionsBySlug).get(slug[0]!) : undefined
    if (listed) {
      const problem = listQueryProblem(new URL(request.url).searchParams, listed.sortable)
      if (problem) return listQueryRefusal(problem)
    }
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
