import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearAttemptedPath, readAttemptedPath } from '../lib/redirectCookie'
import { RouteGuard } from './RequireAuth'

const auth = vi.hoisted(() => ({
  current: { status: 'anonymous', endedByLogout: false } as { status: string; endedByLogout: boolean } | null,
  reads: 0,
}))
vi.mock('../lib/auth', () => ({
  useAuth: () => {
    auth.reads++
    if (!auth.current) throw new Error('no session here')
    return auth.current
  },
}))

function Where() {
  const { pathname, search } = useLocation()
  return <p>at {pathname + search}</p>
}

function open(path: string) {
  const guarded = (name: string) => (
    <RouteGuard>
      <p>{name}</p>
    </RouteGuard>
  )
  const router = createMemoryRouter(
    [
      { path: '/', element: guarded('home') },
      { path: '/reserve', element: guarded('wizard') },
      { path: '/reserved-area/settings', element: guarded('settings') },
      { path: '/login', element: <Where /> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
}

afterEach(() => {
  clearAttemptedPath()
  auth.current = { status: 'anonymous', endedByLogout: false }
  auth.reads = 0
})

describe('RouteGuard', () => {
  it('sends a visitor from a private page to login, remembering the page in the query and the cookie', async () => {
    open('/reserved-area/settings?tab=2')
    expect(await screen.findByText('at /login?redirectTo=/reserved-area/settings%3Ftab%3D2')).toBeInTheDocument()
    expect(screen.queryByText('settings')).toBeNull()
    expect(readAttemptedPath()).toBe('/reserved-area/settings?tab=2')
  })

  it('renders public pages at once without reading the session', () => {
    auth.current = null
    open('/')
    expect(screen.getByText('home')).toBeInTheDocument()
    open('/reserve')
    expect(screen.getByText('wizard')).toBeInTheDocument()
    expect(auth.reads).toBe(0)
  })

  it('waits while the session is read, then shows the page to a signed-in user', () => {
    auth.current = { status: 'loading', endedByLogout: false }
    open('/reserved-area/settings')
    expect(screen.queryByText('settings')).toBeNull()
    expect(screen.queryByText(/^at /)).toBeNull()
    auth.current = { status: 'authenticated', endedByLogout: false }
    open('/reserved-area/settings')
    expect(screen.getByText('settings')).toBeInTheDocument()
  })

  it('after a logout goes to plain login and remembers nothing', async () => {
    auth.current = { status: 'anonymous', endedByLogout: true }
    open('/reserved-area/settings')
    expect(await screen.findByText('at /login')).toBeInTheDocument()
    expect(readAttemptedPath()).toBeNull()
  })
})
