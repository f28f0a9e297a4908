import type { Role } from '@salon/shared'

/** The one role checker every access function is built on. */
export type RoleUser = { id: number | string; user_role?: Role | null } | null | undefined

export const hasRole = (user: RoleUser, ...roles: Role[]): boolean =>
  !!user && !!user.user_role && roles.includes(user.user_role)

export const isAdminUser = (user: RoleUser) => hasRole(user, 'ADMIN')
