import type http from 'node:http'
import { UPLOAD_MAX_BYTES } from '@salon/shared'
import { fieldMessage, type FieldMessageCode } from '@salon/shared/messages'
import { codedBody } from './errorBody'

/**
 * Request body caps (issue 22 §8), applied by cms/server.ts to every `/api/*` request before
 * anything buffers or parses the body (Next.js and Payload would read a 50 MB JSON body whole):
 * - multipart bodies (uploads): the upload limit plus room for the form's other parts — Payload's
 *   own `fileSize` limit still answers a too large file inside it;
 * - any other body (JSON): `JSON_BODY_MAX_BYTES`.
 * The declared `Content-Length` decides; a body without one (chunked) is refused with 411, so that
 * the cap cannot be walked around. Node's HTTP parser never delivers more than the declared length.
 */
export const JSON_BODY_MAX_BYTES = 256 * 1024
export const MULTIPART_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + 1024 * 1024
/**
 * A refused body is read and dropped — never buffered, never parsed — before the answer, up to
 * this many bytes, so that the client reads the 413 instead of a broken pipe (the lesson of the
 * avatar's 401, platform/http.ts `discardBody`); a larger one gets the answer at once and the
 * connection is cut.
 */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024

const isMultipart = (req: http.IncomingMessage) =>
  String(req.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/form-data')

/** The cap for this request's body. */
export const bodyCapOf = (req: http.IncomingMessage) =>
  isMultipart(req) ? MULTIPART_BODY_MAX_BYTES : JSON_BODY_MAX_BYTES

function refusal(status: 411 | 413, code: FieldMessageCode, params: Record<string, number>) {
  const message = fieldMessage(code, params)
  const item = {
    name: status === 413 ? 'PayloadTooLarge' : 'LengthRequired',
    message,
    data: {
      code: status === 413 ? 'TOO_LARGE' : code,
      field: 'body',
      params,
      errors: [{ path: 'body', message, code, params }],
    },
  }
  return JSON.stringify(codedBody({ errors: [item] }, status))
}

/**
 * Answers 413/411 for a body over its cap and returns true; false when the request may go on.
 * The refused body is drained (bounded) first, then answered with `Connection: close`.
 */
export function refuseOversizedBody(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const cap = bodyCapOf(req)
  const declared = req.headers['content-length']
  const length = declared === undefined ? null : Number(declared)
  const chunked = req.headers['transfer-encoding'] !== undefined
  let status: 411 | 413
  let body: string
  if (chunked && length === null) {
    status = 411
    body = refusal(411, 'BODY_LENGTH_REQUIRED', { n: Math.floor(cap / 1024) })
  } else if (length !== null && Number.isFinite(length) && length > cap) {
    status = 413
    body = refusal(413, 'BODY_TOO_LARGE', { n: Math.floor(cap / 1024) })
  } else return false

  let answered = false
  const answer = () => {
    if (answered) return
    answered = true
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      Connection: 'close',
    })
    res.end(body)
  }
  if (length !== null && length > REFUSED_BODY_DRAIN_BYTES) {
    answer()
    return true
  }
  let drained = 0
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > REFUSED_BODY_DRAIN_BYTES) {
      answer()
      req.socket.destroy()
    }
  })
  req.on('end', answer)
  req.on('error', () => req.socket.destroy())
  return true
}
