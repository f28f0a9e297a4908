import type { AfterErrorHook } from 'payload'
import { codedBody } from './errorBody'
import { errorResponse } from './errorResponse'
import { italianFieldErrors } from './payloadMessages'

/**
 * Payload's side of the one error mapping (platform/errorResponse.ts, shared with the availability
 * fast path in server.ts). Anything it does not know keeps Payload's answer: a 500 with a generic
 * message, logged by Payload. A 4xx of Payload's own gets its code like ours (platform/errorBody.ts).
 */
export const mapErrors: AfterErrorHook = ({ error, req, result }) => {
  const mapped = errorResponse(error, req.url, !!req.user)
  if (mapped) return { status: mapped.status, response: mapped.body }
  const status = (error as { status?: unknown }).status
  return { response: codedBody(italianFieldErrors(result), typeof status === 'number' ? status : 500) }
}
