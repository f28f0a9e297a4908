import type { AfterErrorHook } from 'payload'
import { errorResponse } from './errorResponse'
import { italianFieldErrors } from './payloadMessages'

/**
 * Payload's side of the one error mapping (platform/errorResponse.ts, shared with the availability
 * fast path in server.ts). Anything it does not know keeps Payload's answer: a 500 with a generic
 * message, logged by Payload.
 */
export const mapErrors: AfterErrorHook = ({ error, req, result }) => {
  const mapped = errorResponse(error, req.url, !!req.user)
  return mapped ? { status: mapped.status, response: mapped.body } : { response: italianFieldErrors(result) }
}
