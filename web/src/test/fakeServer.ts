import { vi } from 'vitest'

export interface Call {
  method: string
  path: string
  body: unknown
}

type Handler = (call: Call) => { status?: number; body?: unknown }

/**
 * `fetch` answered by `routes` (`'POST /api/…'` → handler), every call recorded: the components
 * run through the real API client (lib/api.ts) and its error handling. An unknown route is a 404.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = String(input)
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const call = { method, path, body }
    calls.push(call)
    const handler = routes[`${method} ${path}`]
    const answer = handler ? handler(call) : { status: 404, body: { errors: [{ message: 'Not Found' }] } }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return { calls, of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) }
}

/** A refusal as the server sends it (docs/api.md section 1): code, field, Italian default. */
export const refusal = (status: number, code: string, field?: string) => ({
  status,
  body: {
    errors: [
      {
        name: 'ValidationError',
        message: 'server words',
        data: { code, ...(field ? { field, errors: [{ path: field, message: 'server words', code }] } : {}) },
      },
    ],
  },
})
