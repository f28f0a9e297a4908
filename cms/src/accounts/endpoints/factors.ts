/** Second factors — TOTP and the phone (spec §7): list, enrol, challenge, verify, remove. */
import type { Endpoint } from 'payload'
import { factorChallengeBody, factorCodeBody, factorEnrollBody, idParam } from '@salon/shared'
import { parseOr400, readJsonObject, requireUser, pool } from '../../platform'
import { enroll, listFactors, unenroll, verifyEnrollment } from '../secondFactor'
import { enrollPhone, phoneFactorTarget } from '../phoneFactor'
import { guarded } from './authShared'
import { codeChecks, sendCode } from './phone'

const noStore = { 'Cache-Control': 'no-store' }

/** GET /api/auth/factors — the caller's second factors (a phone factor's number masked). */
export const getFactors: Endpoint = {
  path: '/auth/factors',
  method: 'get',
  handler: async (req) => Response.json({ factors: await listFactors(pool(req.payload), requireUser(req).id) }),
}

/**
 * POST /api/auth/factors { friendly_name?, factor_type? = 'totp', phone? } — TOTP: the secret,
 * otpauth URI and QR; phone: the factor, unverified until the code of its challenge.
 */
export const enrollFactor: Endpoint = {
  path: '/auth/factors',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const { friendly_name, factor_type, phone } = parseOr400(factorEnrollBody, await readJsonObject(req))
    const db = pool(req.payload)
    const factor =
      factor_type === 'phone'
        ? await enrollPhone(db, user.id, friendly_name, phone!)
        : await enroll(db, user, friendly_name)
    return Response.json(factor, { status: 201, headers: noStore })
  },
}

/** POST /api/auth/factors/:id/challenge { channel: 'sms' } — a code to a phone factor → `{ id, expires_at }`. */
export const challengeFactor: Endpoint = {
  path: '/auth/factors/:id/challenge',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    parseOr400(factorChallengeBody, await readJsonObject(req))
    const target = await phoneFactorTarget(pool(req.payload), user.id, id, 'factor', 'channel')
    const sent = await sendCode(req, target)
    return Response.json({ id: sent.challenge_id, expires_at: sent.expires_at }, { headers: noStore })
  },
}

/** POST /api/auth/factors/:id/verify { code, challenge_id? } — activate; answers the recovery codes once. */
export const verifyFactor: Endpoint = {
  path: '/auth/factors/:id/verify',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { code, challenge_id } = parseOr400(factorCodeBody, await readJsonObject(req))
    const result = await guarded(req, codeChecks(req, user.id), 'failure', () =>
      verifyEnrollment(pool(req.payload), user.id, id, code, challenge_id),
    )
    return Response.json(result, { headers: noStore })
  },
}

/** DELETE /api/auth/factors/:id { code, challenge_id? } — turn a factor off (needs a current code). */
export const deleteFactor: Endpoint = {
  path: '/auth/factors/:id',
  method: 'delete',
  handler: async (req) => {
    const user = requireUser(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { code, challenge_id } = parseOr400(factorCodeBody, await readJsonObject(req))
    await guarded(req, codeChecks(req, user.id), 'failure', () =>
      unenroll(pool(req.payload), user.id, id, code, challenge_id),
    )
    return Response.json({ message: 'Verifica in due passaggi disattivata' })
  },
}
