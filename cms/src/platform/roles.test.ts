import { describe, expect, it } from 'vitest'
import type { User } from '../payload-types'
import { hasRole, isAdminUser, reqHasRole, userOf } from './roles'

const user = (user_role: User['user_role'], flags: { adminTotpRequired?: boolean; mfaActive?: boolean } = {}) =>
  ({
    id: 7,
    email: 'a@b.it',
    name: 'A',
    user_role,
    collection: 'users',
    createdAt: '',
    updatedAt: '',
    ...flags,
  }) as const

describe('userOf and the role checker', () => {
  it('gives the session user of the users collection, and null for a visitor', () => {
    expect(userOf({ user: null })).toBeNull()
    const u = user('USER')
    expect(userOf({ user: u })).toBe(u)
  })

  it('checks roles; an ADMIN without the required second factor is not an admin', () => {
    expect(isAdminUser(user('ADMIN'))).toBe(true)
    expect(isAdminUser(user('ADMIN', { adminTotpRequired: true, mfaActive: false }))).toBe(false)
    expect(isAdminUser(user('ADMIN', { adminTotpRequired: true, mfaActive: true }))).toBe(true)
    expect(hasRole(user('OPERATOR'), 'OPERATOR', 'ADMIN')).toBe(true)
    expect(hasRole(user('USER'), 'OPERATOR', 'ADMIN')).toBe(false)
    expect(hasRole(null, 'USER')).toBe(false)
    expect(reqHasRole({ user: user('OPERATOR') }, 'OPERATOR')).toBe(true)
    expect(reqHasRole({ user: null }, 'USER')).toBe(false)
  })
})
