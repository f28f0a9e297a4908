import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The attendance link's token (issue 26 §5): single purpose, one reservation, expiring at the
 * appointment's start, HMAC-SHA256 signed with a key derived from the server secret. 21 bytes in
 * base64url (28 characters, so the SMS stays one segment):
 *
 *   purpose (1) | reservation id (4, big-endian) | expiry (4, Unix seconds) | signature (12)
 *
 * The signature (96 bits, truncated HMAC) covers the first nine bytes; the key is
 * HMAC(secret, "salon:attendance-link:v1"), so no other use of the secret can make a valid one.
 * Pure: the key and the clock are parameters. Node only (node:crypto): the server signs and checks,
 * the web page only carries the token — import it as `@salon/shared/attendanceToken`, never
 * through the package's index (which the browsers load).
 */

export const ATTENDANCE_PURPOSE = 0x41 // 'A': attendance of one reservation

const SIG_BYTES = 12
const BODY_BYTES = 9

export interface AttendanceClaim {
  reservation: number
  /** The appointment's start: the link works until then. */
  expires: Date
}

/** The signing key of the attendance links, from the server secret. */
export const attendanceKey = (secret: string) =>
  createHmac('sha256', secret).update('salon:attendance-link:v1').digest()

const sign = (key: Buffer, body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, SIG_BYTES)

export function signAttendance(key: Buffer, claim: AttendanceClaim, purpose = ATTENDANCE_PURPOSE): string {
  const id = claim.reservation
  if (!Number.isSafeInteger(id) || id <= 0 || id > 0xffffffff) throw new RangeError('reservation id out of range')
  const exp = Math.floor(claim.expires.getTime() / 1000)
  if (!Number.isSafeInteger(exp) || exp <= 0 || exp > 0xffffffff) throw new RangeError('expiry out of range')
  const body = Buffer.alloc(BODY_BYTES)
  body.writeUInt8(purpose, 0)
  body.writeUInt32BE(id, 1)
  body.writeUInt32BE(exp, 5)
  return Buffer.concat([body, sign(key, body)]).toString('base64url')
}

export type VerifyResult =
  | { ok: true; claim: AttendanceClaim }
  | { ok: false; reason: 'MALFORMED' | 'BAD_SIGNATURE' | 'WRONG_PURPOSE' | 'EXPIRED' }

/** Checks the signature (constant time), the purpose and the expiry. */
export function verifyAttendance(key: Buffer, token: string, now: Date = new Date()): VerifyResult {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{28}$/.test(token)) return { ok: false, reason: 'MALFORMED' }
  const raw = Buffer.from(token, 'base64url')
  if (raw.length !== BODY_BYTES + SIG_BYTES || raw.toString('base64url') !== token)
    return { ok: false, reason: 'MALFORMED' }
  const body = raw.subarray(0, BODY_BYTES)
  if (!timingSafeEqual(raw.subarray(BODY_BYTES), sign(key, body))) return { ok: false, reason: 'BAD_SIGNATURE' }
  if (body.readUInt8(0) !== ATTENDANCE_PURPOSE) return { ok: false, reason: 'WRONG_PURPOSE' }
  const expires = new Date(body.readUInt32BE(5) * 1000)
  if (now.getTime() >= expires.getTime()) return { ok: false, reason: 'EXPIRED' }
  return { ok: true, claim: { reservation: body.readUInt32BE(1), expires } }
}
