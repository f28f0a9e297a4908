import type { AccessControlProvider, CanReturnType } from '@refinedev/core'
import type { Role } from '@salon/shared/enums/index'
import { session as defaultSession } from './auth'
import type { SessionCache } from './session'
import { tr } from '../i18n/translate'

/** Spec §6: the dashboard is the admin's; nobody else may do anything in it. */
export function canAccess(role: Role | null | undefined): CanReturnType {
  return role === 'ADMIN' ? { can: true } : { can: false, reason: tr('access.adminOnly') }
}

export function createAccessControlProvider(session: SessionCache): AccessControlProvider {
  return {
    can: async () => canAccess((await session.get().catch(() => null))?.user_role),
    options: {
      // Buttons for actions an admin cannot take would only be confusing: hide them.
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    },
  }
}

export const accessControlProvider = createAccessControlProvider(defaultSession)
