/** The profile's phone, verified by an SMS code (issue 26 §3); the code sending shared by the factor endpoints. */
import type { Endpoint, PayloadRequest } from 'payload'
import { phoneBody, phoneVerifyBody } from '@salon/shared'
import { clientIp, parseOr400, pool, readJsonObject, requireUser } from '../../platform'
import { LIMITS, type Subject } from '../rateLimit'
import { issueSmsCode, smsSendLimits, type CodeTarget } from '../phoneCodes'
import { confirmPhone, phoneTarget } from '../phone'
import { guarded } from './authShared'

/** Sends a code to `target` within its limits (429 + Retry-After over any of them). */
export const sendCode = (req: PayloadRequest, target: CodeTarget) =>
  guarded(req, smsSendLimits(target), 'always', () => issueSmsCode(pool(req.payload), target))

/** A code check's brute-force guard: wrong codes count against the address and the account. */
export const codeChecks = (req: PayloadRequest, userId: number): Subject[] => [
  [LIMITS.codeIp, clientIp(req)],
  [LIMITS.codeAccount, `user:${userId}`],
]

const noStore = { 'Cache-Control': 'no-store' }

/** POST /api/auth/phone { phone } — signed in: a code by SMS to this number → `{ challenge_id, expires_at }`. */
export const startPhoneVerification: Endpoint = {
  path: '/auth/phone',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const { phone } = parseOr400(phoneBody, await readJsonObject(req))
    const sent = await sendCode(req, phoneTarget(user.id, phone))
    return Response.json(sent, { status: 201, headers: noStore })
  },
}

/** POST /api/auth/phone/verify { challenge_id, code } — the number becomes the profile's, verified. */
export const verifyPhone: Endpoint = {
  path: '/auth/phone/verify',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const { challenge_id, code } = parseOr400(phoneVerifyBody, await readJsonObject(req))
    const result = await guarded(req, codeChecks(req, user.id), 'failure', () =>
      confirmPhone(pool(req.payload), user.id, challenge_id, code),
    )
    return Response.json({ message: 'Numero verificato', ...result }, { headers: noStore })
  },
}
