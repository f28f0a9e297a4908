import { describe, expect, it } from 'vitest'
import { canAccess, createAccessControlProvider } from './access'
import { createSessionCache, type SessionUser } from './session'

const as = (user_role: SessionUser['user_role'] | null) =>
  createAccessControlProvider(
    createSessionCache(async () => (user_role ? { id: 1, email: 'x@y.it', user_role } : null)),
  )

describe('access control', () => {
  it('allows an ADMIN everything', async () => {
    expect(canAccess('ADMIN')).toEqual({ can: true })
    expect(await as('ADMIN').can({ resource: 'services', action: 'delete' })).toEqual({ can: true })
  })

  it.each(['USER', 'OPERATOR', null] as const)('allows %s nothing', async (role) => {
    expect((await as(role).can({ resource: 'services', action: 'list' })).can).toBe(false)
  })

  it('denies when the user cannot be fetched', async () => {
    const provider = createAccessControlProvider(
      createSessionCache(async () => {
        throw new Error('down')
      }),
    )
    expect((await provider.can({ resource: 'users', action: 'list' })).can).toBe(false)
  })
})
