/**
 * The profile's phone number, verified by an SMS code (issue 26 §3): `POST /api/auth/phone`
 * sends a code to a number, `POST /api/auth/phone/verify` with it sets `phone_number` (E.164) and
 * `phone_verified_at`. Any other change of the number clears `phone_verified_at` (the Users
 * collection's hook); a phone factor keeps its own number (phoneFactor.ts).
 */
import type { Pool } from 'pg'
import { useSmsCode, type CodeTarget } from './phoneCodes'
import { e164Of } from './phoneFactor'

export const phoneTarget = (userId: number, phone: string): CodeTarget => ({
  userId,
  purpose: 'phone',
  phone: e164Of(phone),
})

/** The code of `challengeId` was right: the number it went to is the user's, verified. */
export async function confirmPhone(db: Pool, userId: number, challengeId: string, code: string, now = Date.now()) {
  const { phone } = await useSmsCode(db, challengeId, { userId, purpose: 'phone' }, code, now)
  await db.query(`update users set phone_number = $2, phone_verified_at = $3, updated_at = $3 where id = $1`, [
    userId,
    phone,
    new Date(now),
  ])
  return { phone_number: phone, phone_verified: true }
}
