import { describe, expect, it, vi } from 'vitest'
import { accessDecision, createSessionCache, displayName, type SessionUser } from './session'

const targets = { login: '/login?redirectTo=%2Fdashboard%2Fservice&reason=admin', home: '/' }
const user = (user_role: SessionUser['user_role']): SessionUser => ({
  id: 1,
  email: 'a@b.it',
  name: 'Anna',
  surname: 'Rossi',
  user_role,
})

describe('accessDecision (spec §2 dashboard guard)', () => {
  it('lets an ADMIN in', () => {
    expect(accessDecision(user('ADMIN'), targets)).toEqual({ authenticated: true })
  })

  it.each(['USER', 'OPERATOR'] as const)('sends a signed-in %s to the index page', (role) => {
    expect(accessDecision(user(role), targets)).toMatchObject({ authenticated: false, redirectTo: '/' })
  })

  it('sends a visitor to login with the requested path and the Unauthorized message', () => {
    expect(accessDecision(null, targets)).toMatchObject({
      authenticated: false,
      redirectTo: targets.login,
      error: { name: 'Unauthorized', message: 'You are not authorized to access this page, please login as an admin.' },
    })
  })
})

describe('displayName', () => {
  it('joins name and surname, falling back to the e-mail', () => {
    expect(displayName({ name: 'Anna', surname: 'Rossi', email: 'a@b.it' })).toBe('Anna Rossi')
    expect(displayName({ name: ' ', surname: null, email: 'a@b.it' })).toBe('a@b.it')
  })
})

describe('createSessionCache', () => {
  it('asks the API at most once per 5 minutes, and once for concurrent callers', async () => {
    let now = 0
    const fetchMe = vi.fn(async () => user('ADMIN'))
    const session = createSessionCache(fetchMe, { now: () => now })
    await Promise.all([session.get(), session.get(), session.get()])
    expect(fetchMe).toHaveBeenCalledTimes(1)
    now = 299_999
    await session.get()
    expect(fetchMe).toHaveBeenCalledTimes(1)
    now = 300_000
    await session.get()
    expect(fetchMe).toHaveBeenCalledTimes(2)
  })

  it('refetches after clear() and when forced', async () => {
    const fetchMe = vi.fn(async () => null)
    const session = createSessionCache(fetchMe, { now: () => 0 })
    await session.get()
    session.clear()
    await session.get()
    await session.get({ force: true })
    expect(fetchMe).toHaveBeenCalledTimes(3)
  })

  it('does not cache a failure', async () => {
    const fetchMe = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(user('ADMIN'))
    const session = createSessionCache(fetchMe, { now: () => 0 })
    await expect(session.get()).rejects.toThrow('down')
    await expect(session.get()).resolves.toMatchObject({ user_role: 'ADMIN' })
  })
})
