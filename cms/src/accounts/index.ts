/**
 * People and signing in: users, sessions, passwords, invitations, two-factor, rate limits.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './collections/PasswordRecovery'
export * from './collections/Users'
export * from './endpoints/auth'
export * from './rateLimit'
// For the privacy module's DELETE /api/auth/me: the password check, its brute-force guard, and the
// cookies a logout clears.
export { checkPassword } from './accounts'
export { endedCookies, guarded } from './endpoints/authShared'
