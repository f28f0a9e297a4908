import type { PayloadRequest } from 'payload'
import type { Role } from '@salon/shared'
import type { User } from '../payload-types'

/**
 * The session's user as the generated Payload type, plus the two flags the Users `afterRead`
 * hook adds when the session is loaded (see `hasRole`).
 */
export type SessionUser = User & { adminTotpRequired?: boolean; mfaActive?: boolean }

/** The logged-in user of a request, typed on `payload-types.ts` (only `users` authenticates). */
export const userOf = (req: Pick<PayloadRequest, 'user'>): SessionUser | null =>
  req.user && req.user.collection === 'users' ? (req.user as SessionUser) : null

/** What the role checker needs to know about a user. */
export type RoleUser = Pick<SessionUser, 'user_role' | 'adminTotpRequired' | 'mfaActive'> | null | undefined

/** The role a request really has: with `config.requireAdminTotp`, an ADMIN without an active
 *  second factor has no admin rights (the flags are set when the session's user is loaded). */
export const hasRole = (user: RoleUser, ...roles: Role[]): boolean => {
  if (!user || !user.user_role || !roles.includes(user.user_role)) return false
  return !(user.user_role === 'ADMIN' && user.adminTotpRequired && !user.mfaActive)
}

export const isAdminUser = (user: RoleUser) => hasRole(user, 'ADMIN')

/** The one role checker every access function is built on: does this request act as one of `roles`? */
export const reqHasRole = (req: Pick<PayloadRequest, 'user'>, ...roles: Role[]) => hasRole(userOf(req), ...roles)

/**
 * The role a request acts with, as the engine's rules take it: an ADMIN held back by a missing
 * second factor (`hasRole`) acts as a customer — their own bookings, nothing of the salon's.
 */
export const effectiveRole = (user: NonNullable<RoleUser> & { user_role: Role }): Role =>
  user.user_role === 'ADMIN' && !isAdminUser(user) ? 'USER' : user.user_role
