import type { Role } from '@salon/shared'

/** The one role checker every access function is built on. */
export type RoleUser =
  { id: number | string; user_role?: Role | null; adminTotpRequired?: boolean; mfaActive?: boolean } | null | undefined

/** The role a request really has: with `config.requireAdminTotp`, an ADMIN without an active
 *  second factor has no admin rights (the flags are set when the session's user is loaded). */
export const hasRole = (user: RoleUser, ...roles: Role[]): boolean => {
  if (!user || !user.user_role || !roles.includes(user.user_role)) return false
  return !(user.user_role === 'ADMIN' && user.adminTotpRequired && !user.mfaActive)
}

export const isAdminUser = (user: RoleUser) => hasRole(user, 'ADMIN')
