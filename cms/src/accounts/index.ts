/**
 * People and signing in: users, sessions, passwords, invitations, two-factor, rate limits.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './collections/PasswordRecovery'
export * from './collections/Users'
export * from './endpoints/auth'
export * from './rateLimit'
