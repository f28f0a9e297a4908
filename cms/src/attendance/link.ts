import { attendancePath } from '@salon/shared'
import { env } from '../env'
import { attendanceKey, signAttendance, verifyAttendance } from '@salon/shared/attendanceToken'

let cached: { secret: string; key: Buffer } | null = null
/** The links' key, derived once from the server secret. */
export function linkKey() {
  const secret = env.secret
  if (cached?.secret !== secret) cached = { secret, key: attendanceKey(secret) }
  return cached.key
}

/** The absolute attendance link of a reservation, working until its start (the SMS carry it). */
export function attendanceLink(reservation: number, start: string | Date) {
  return `${env.linkOrigin}${attendancePath(signAttendance(linkKey(), { reservation, expires: new Date(start) }))}`
}

/** A link's token checked with the server's key. */
export const verifyLink = (token: string, now = new Date()) => verifyAttendance(linkKey(), token, now)
