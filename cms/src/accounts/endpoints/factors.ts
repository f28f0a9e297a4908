/** The second factor (TOTP): list, enrol, verify, remove. */
import type { Endpoint } from 'payload'
import { factorCodeBody, factorEnrollBody, idParam } from '@salon/shared'
import { clientIp, parseOr400, readJsonObject, requireUser, pool } from '../../platform'
import { enroll, listFactors, unenroll, verifyEnrollment } from '../secondFactor'
import { LIMITS, type Subject } from '../rateLimit'
import { guarded } from './authShared'

/** GET /api/auth/factors — the caller's second factors. */
export const getFactors: Endpoint = {
  path: '/auth/factors',
  method: 'get',
  handler: async (req) => Response.json({ factors: await listFactors(pool(req.payload), requireUser(req).id) }),
}

/** POST /api/auth/factors { friendly_name? } — start TOTP enrolment (secret, otpauth URI, QR). */
export const enrollFactor: Endpoint = {
  path: '/auth/factors',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const { friendly_name } = parseOr400(factorEnrollBody, await readJsonObject(req))
    const factor = await enroll(pool(req.payload), user, friendly_name)
    return Response.json(factor, { status: 201, headers: { 'Cache-Control': 'no-store' } })
  },
}

/** POST /api/auth/factors/:id/verify { code } — activate; answers the recovery codes once. */
export const verifyFactor: Endpoint = {
  path: '/auth/factors/:id/verify',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { code } = parseOr400(factorCodeBody, await readJsonObject(req))
    const subjects: Subject[] = [
      [LIMITS.codeIp, clientIp(req)],
      [LIMITS.codeAccount, `user:${user.id}`],
    ]
    const result = await guarded(req, subjects, 'failure', () => verifyEnrollment(pool(req.payload), user.id, id, code))
    return Response.json(result, { headers: { 'Cache-Control': 'no-store' } })
  },
}

/** DELETE /api/auth/factors/:id { code } — turn the second factor off (needs a code). */
export const deleteFactor: Endpoint = {
  path: '/auth/factors/:id',
  method: 'delete',
  handler: async (req) => {
    const user = requireUser(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { code } = parseOr400(factorCodeBody, await readJsonObject(req))
    const subjects: Subject[] = [
      [LIMITS.codeIp, clientIp(req)],
      [LIMITS.codeAccount, `user:${user.id}`],
    ]
    await guarded(req, subjects, 'failure', () => unenroll(pool(req.payload), user.id, id, code))
    return Response.json({ message: 'Verifica in due passaggi disattivata' })
  },
}
