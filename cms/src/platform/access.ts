import type { Access, FieldAccess, Where } from 'payload'
import { isAdminUser, userOf } from './roles'

export { effectiveRole, hasRole, isAdminUser, reqHasRole, userOf, type SessionUser } from './roles'

export const anyone: Access = () => true
export const nobody: Access = () => false
export const isAdmin: Access = ({ req }) => isAdminUser(userOf(req))
export const isAdminField: FieldAccess = ({ req }) => isAdminUser(userOf(req))

/** Admin sees everything; everyone else only documents matching `where`. */
export const adminOr =
  (where: Where): Access =>
  ({ req }) =>
    isAdminUser(userOf(req)) ? true : where

/** Admin: every user. Anyone else logged in: only themselves. Visitor: nobody. */
export const adminOrSelf: Access = ({ req }) => {
  const user = userOf(req)
  if (!user) return false
  if (isAdminUser(user)) return true
  return { id: { equals: user.id } }
}

/** The operator record linked to the logged-in OPERATOR, or public fields for the rest. */
export const operatorOwnOrAdminField: FieldAccess = ({ req, doc }) => {
  const user = userOf(req)
  if (!user) return false
  if (isAdminUser(user)) return true
  const linked = (doc as { user?: number | { id: number } | null } | undefined)?.user
  const linkedId = typeof linked === 'object' && linked ? linked.id : linked
  return linkedId === user.id
}
