import { fieldMessage, messageCode } from '@salon/shared/messages'
import { codedBody } from './errorBody'
import { JSON_BODY_MAX_BYTES } from './bodyLimit'

/**
 * A JSON body must be an object: `null`, `1`, `"x"` or `[]` would reach Payload's operations as
 * data, and broken JSON must be a 400 naming `body`. Checked before Payload by the REST route
 * (app/(payload)/api/[...slug]/route.ts) and by the write fast path (reservations/endpoints/fastWrites.ts), so
 * both refuse alike.
 */
export const badRequest = (path: string, message: string) => {
  // The one problem is the refusal's code too (JSON_INVALID, BODY_NOT_OBJECT, ID_INVALID).
  const code = messageCode(message)?.code ?? 'INVALID_INPUT'
  const body = { errors: [{ name: 'ValidationError', message, data: { code, errors: [{ path, message }] } }] }
  return Response.json(codedBody(body, 400), { status: 400 })
}

/** The 400 for a JSON body (`text`, sent with `contentType`) that is not a JSON object, or null. */
export function jsonTextRefusal(method: string, contentType: string | null, text: string): Response | null {
  if (!['POST', 'PUT', 'PATCH'].includes(method)) return null
  if (!(contentType ?? '').includes('application/json')) return null
  if (!text.trim()) return null
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return badRequest('body', 'JSON non valido')
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? null
    : badRequest('body', 'Il corpo deve essere un oggetto JSON')
}

/** 413 for a JSON body over the cap (cms/server.ts refuses it before Next; this is the belt). */
function tooLarge(): Response {
  const params = { n: JSON_BODY_MAX_BYTES / 1024 }
  const message = fieldMessage('BODY_TOO_LARGE', params)
  const errors = [{ path: 'body', message, code: 'BODY_TOO_LARGE', params }]
  const body = {
    errors: [{ name: 'PayloadTooLarge', message, data: { code: 'TOO_LARGE', field: 'body', params, errors } }],
  }
  return Response.json(codedBody(body, 413), { status: 413 })
}

/** The same check on a request (its body stays unread for the handler). */
export async function jsonBodyRefusal(request: Request): Promise<Response | null> {
  if (!['POST', 'PUT', 'PATCH'].includes(request.method)) return null
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) return null
  if (Number(request.headers.get('content-length')) > JSON_BODY_MAX_BYTES) return tooLarge()
  return jsonTextRefusal(request.method, request.headers.get('content-type'), await request.clone().text())
}
