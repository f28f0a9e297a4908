import type { Endpoint } from 'payload'
import {
  changeEmailEndpoint,
  confirmEndpoint,
  deleteAvatar,
  getMe,
  putAvatar,
  putMe,
  resendConfirmation,
} from './profile'
import { changePassword, passwordRecovery, passwordRecoveryCheck } from './password'
import { challengeFactor, deleteFactor, enrollFactor, getFactors, verifyFactor } from './factors'
import { endRefreshSession, login, loginChallenge, loginVerify, logout, logoutAll, refreshSession } from './session'
import { startPhoneVerification, verifyPhone } from './phone'
import { passkeyEndpoints } from '../passkeys/endpoints'

/**
 * Every endpoint under /api/auth (docs/api.md "Authentication"), one file a concern: signing in and
 * out (session.ts), the second factors (factors.ts), the verified phone (phone.ts), the own account
 * (profile.ts), passwords (password.ts), passkeys (../passkeys/endpoints.ts); what they share is in
 * authShared.ts.
 */
export const authEndpoints = [
  login,
  loginChallenge,
  loginVerify,
  logout,
  refreshSession,
  endRefreshSession,
  logoutAll,
  getMe,
  putMe,
  putAvatar,
  deleteAvatar,
  passwordRecovery,
  passwordRecoveryCheck,
  changePassword,
  changeEmailEndpoint,
  confirmEndpoint,
  resendConfirmation,
  getFactors,
  enrollFactor,
  challengeFactor,
  verifyFactor,
  deleteFactor,
  startPhoneVerification,
  verifyPhone,
  ...passkeyEndpoints,
]

const closed = (path: string): Endpoint => ({
  path,
  method: 'post',
  handler: () =>
    Response.json(
      { errors: [{ name: 'NotFound', message: 'Not Found', data: { code: 'NOT_FOUND' } }] },
      { status: 404 },
    ),
})

/**
 * Payload's built-in recovery, first-admin and unthrottled login routes under /api/users, switched
 * off; and its `/refresh-token`, which would extend a 30-minute access token for ever without the
 * rotating refresh cookie (a stolen access token must die with its half hour).
 */
export const closedAuthEndpoints = [
  '/forgot-password',
  '/reset-password',
  '/first-register',
  '/login',
  '/refresh-token',
].map(closed)
