import type { z } from 'zod'

/**
 * An HTTP error that carries its status and body data, free of Payload so that the booking
 * services can run outside it too (the availability fast path in server.ts). Inside Payload,
 * platform/afterError.ts turns it into the standard error body.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
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
    return { errors: [{ name: this.errorName, message: this.message, ...(this.data ? { data: this.data } : {}) }] }
  }
}

export const fieldError = (path: string, message: string) =>
  new HttpError(400, `Dati non validi: ${path}`, { errors: [{ path, message }] })

export const notFound = () => new HttpError(404, 'Not Found')

/** Parses with a zod schema from `shared/`; a failure is a 400 naming every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const errors = result.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }))
  throw new HttpError(400, 'Dati non validi: ' + [...new Set(errors.map((e) => e.path))].join(', '), { errors })
}
