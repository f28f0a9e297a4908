import type { z } from 'zod'
import type { ErrorCode } from '@salon/shared/errorCodes'
import { fieldMessage, issueCode } from '@salon/shared/messages'
import { codedItem } from './errorBody'

/**
 * An HTTP error that carries its status and body data, free of Payload so that the booking
 * services can run outside it too (the availability fast path in server.ts). Inside Payload,
 * platform/afterError.ts turns it into the standard error body. Its `code` is required and typed
 * (`@salon/shared/errorCodes`): a refusal without a listed code does not compile (issue 21 §4).
 * `data` may name the `field` and the `params` the screens' words need.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
    readonly errorName = status === 400
      ? 'ValidationError'
      : status === 404
        ? 'NotFound'
        : status === 409
          ? 'Conflict'
          : 'Error',
  ) {
    super(message)
    // A refusal the caller caused (4xx) is logged as information, a server fault (5xx) as an
    // error: the name is what Payload's `loggingLevels` (payload.config.ts) looks up.
    this.name = status < 500 ? 'HttpClientError' : 'HttpError'
  }

  body() {
    const data = { ...this.data, code: this.code }
    return { errors: [codedItem({ name: this.errorName, message: this.message, data }, this.status)] }
  }
}

/** A 400 about one field; its code is the refusal's and the field error's. */
export const fieldError = (path: string, code: ErrorCode, message: string) =>
  new HttpError(400, code, `Dati non validi: ${path}`, { field: path, errors: [{ path, message, code }] })

/**
 * A 400 naming every key of `body` outside `allowed` (zod's strict objects would name only
 * `body`): SET_BY_SERVER with the reason for the ones the server sets itself (`reasons`),
 * FIELD_NOT_ACCEPTED for anything else. Nothing happens when every key is allowed.
 */
export function onlyKnownKeys(
  body: Record<string, unknown>,
  allowed: readonly string[],
  reasons: Record<string, string> = {},
) {
  const errors = Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((path) =>
      Object.prototype.hasOwnProperty.call(reasons, path)
        ? { path, message: reasons[path]!, code: 'SET_BY_SERVER' as const }
        : { path, message: fieldMessage('FIELD_NOT_ACCEPTED'), code: 'FIELD_NOT_ACCEPTED' as const },
    )
  if (errors.length)
    throw new HttpError(400, 'INVALID_INPUT', `Dati non validi: ${errors.map((e) => e.path).join(', ')}`, {
      field: errors[0]!.path,
      errors,
    })
}

export const notFound = () => new HttpError(404, 'NOT_FOUND', 'Not Found')

/** Parses with a zod schema from `shared/`; a failure is a 400 naming every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  // Each field error carries the code of its issue (the shared schemas' table of messages).
  const errors = result.error.issues.map((i) => ({
    path: i.path.join('.') || 'body',
    message: i.message,
    ...issueCode(i),
  }))
  throw new HttpError(400, 'INVALID_INPUT', 'Dati non validi: ' + [...new Set(errors.map((e) => e.path))].join(', '), {
    errors,
  })
}
