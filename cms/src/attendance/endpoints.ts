import type { Endpoint, PayloadRequest } from 'payload'
import { attendanceAnswerBody, attendanceTokenParams, smsConsentBody } from '@salon/shared'
import { clientIp, HttpError, parseOr400, pool, readJsonObject, requireUser } from '../platform'
import { guarded, type Limit } from '../accounts'
import { answerAttendance, attendanceSummary } from './service'
import { readSmsConsent, setSmsConsent } from './consent'

/**
 * The attendance link's HTTP face (docs/api.md "Attendance link"), public — the token is the
 * credential — and rate-limited per client address; and the account's own SMS consent.
 */

/** Every call with a link, per address: a guesser gets few tries, a customer never meets it. */
export const ATTENDANCE_LIMIT: Limit = { name: 'attendance:ip', max: 30, windowSeconds: 15 * 60 }

const noStore = { 'Cache-Control': 'private, no-store' }

/** The token of the path; a path that is no token answers as a link we never signed. */
function tokenOf(req: PayloadRequest) {
  const parsed = attendanceTokenParams.safeParse({ token: req.routeParams?.token })
  if (!parsed.success)
    throw new HttpError(404, 'LINK_INVALID', 'Questo link non è più valido. Per qualsiasi cosa, chiama il salone.', {
      reason: 'LINK_INVALID',
    })
  return parsed.data.token
}

const limited = <T>(req: PayloadRequest, work: () => Promise<T>) =>
  guarded(req, [[ATTENDANCE_LIMIT, clientIp(req)]], 'always', work)

export const attendanceEndpoints: Endpoint[] = [
  {
    path: '/attendance/:token',
    method: 'get',
    handler: async (req) =>
      limited(req, async () =>
        Response.json(await attendanceSummary(pool(req.payload), tokenOf(req)), { headers: noStore }),
      ),
  },
  {
    path: '/attendance/:token',
    method: 'post',
    handler: async (req) =>
      limited(req, async () => {
        const token = tokenOf(req)
        const { answer } = parseOr400(attendanceAnswerBody, await readJsonObject(req))
        return Response.json(await answerAttendance(pool(req.payload), token, answer), { headers: noStore })
      }),
  },
  {
    // The reserved area's "Ricevi promemoria via SMS": the signed-in account's own consent.
    path: '/auth/me/sms-consent',
    method: 'get',
    handler: async (req) => {
      const user = requireUser(req)
      return Response.json(await readSmsConsent(pool(req.payload), user.id), { headers: noStore })
    },
  },
  {
    path: '/auth/me/sms-consent',
    method: 'put',
    handler: async (req) => {
      const user = requireUser(req)
      const { sms_consent } = parseOr400(smsConsentBody, await readJsonObject(req))
      return Response.json(await setSmsConsent(pool(req.payload), user.id, sms_consent), { headers: noStore })
    },
  },
]
