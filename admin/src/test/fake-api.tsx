import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { Refine, type AuthProvider } from '@refinedev/core'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { createPayloadDataProvider } from '../providers/data'
import { i18nProvider } from '../providers/i18n'
import { theme } from '../theme'

/**
 * A stand-in for the API in component tests: the real data provider (URLs, query strings, JSON,
 * errors as the screens get them) over a fetch that answers from a table of handlers by
 * `METHOD /path`. Every call is recorded, so a test can say what was sent.
 */

export interface ApiCall {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

export interface Answer {
  status?: number
  body?: unknown
}

export type Handler = (call: ApiCall) => Answer | unknown

/** `{ 'GET /api/rota': () => ({ body }) }`: a handler's plain value is a 200 body. */
export type Routes_ = Record<string, Handler>

const isAnswer = (v: unknown): v is Answer =>
  !!v && typeof v === 'object' && ('status' in (v as object) || 'body' in (v as object))

export function fakeApi(routes: Routes_) {
  const calls: ApiCall[] = []
  const fetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://salon.test')
    const method = (init.method ?? 'GET').toUpperCase()
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    const call = { method, path: url.pathname, query: url.searchParams, body }
    calls.push(call)
    const handler = routes[`${method} ${url.pathname}`]
    const out = handler
      ? handler(call)
      : { status: 404, body: { errors: [{ message: `no route ${method} ${url.pathname}` }] } }
    const answer: Answer = isAnswer(out) ? out : { body: out }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  const of = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path)
  return { fetch, calls, of, routes }
}

export type FakeApi = ReturnType<typeof fakeApi>

/** The address the screen is at (for tests of links and the URL state). */
export function CurrentPath() {
  const location = useLocation()
  return <output data-testid="current-path">{`${location.pathname}${location.search}`}</output>
}

/**
 * Renders a screen at `path` (matched by `route`) inside Mantine, Refine (with the fake API) and a
 * router. Refine gets no router provider here: the test's react-router is Vite's copy (browser
 * build) and the provider's is Node's, two routers that do not see each other; the screens read
 * the address with react-router's own hooks, which this router serves.
 */
export function renderWithApi(
  ui: ReactNode,
  api: FakeApi,
  {
    path = '/',
    route = '*',
    authProvider,
  }: {
    path?: string
    route?: string
    /** Who is signed in (identity, role), for screens that ask. */ authProvider?: AuthProvider
  } = {},
) {
  const dataProvider = createPayloadDataProvider('/api', api.fetch)
  return render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          authProvider={authProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route
              path={route}
              element={
                <>
                  {ui}
                  <CurrentPath />
                </>
              }
            />
            {/* Where the screen navigated away to (another route than its own). */}
            {route !== '*' && <Route path="*" element={<CurrentPath />} />}
          </Routes>
        </Refine>
      </MemoryRouter>
    </MantineProvider>,
  )
}

/** A signed-in staff member for `renderWithApi` (`usePermissions` → the role, `useGetIdentity` → the id). */
export const signedInAs = (role: 'ADMIN' | 'OPERATOR', id = 1): AuthProvider => ({
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getPermissions: async () => role,
  getIdentity: async () => ({ id, name: role === 'ADMIN' ? 'Titolare' : 'Giulia' }),
})
