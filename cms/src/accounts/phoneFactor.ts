/**
 * The phone as a second factor (issue 26 §3, spec §7): enrolled with its own number (E.164), made
 * `verified` by the first SMS code (secondFactor.ts `verifyEnrollment`), challenged by
 * `POST /api/auth/factors/:id/challenge` or, during a login, `POST /api/auth/login/challenge`.
 *
 * The factor keeps the number it was proven with: changing the profile's number (PUT /api/auth/me)
 * does not move or switch off the factor — switching a second factor off always takes a code, and a
 * profile edit must not be a way round that. To use another number: remove the factor (a code from
 * the old one or a recovery code) and enrol the new one.
 */
import type { Pool } from 'pg'
import { toE164 } from '@salon/shared'
import { fieldError, notFound } from '../platform'
import { assertNoVerified, factorOf, publicFactor, type FactorRow } from './secondFactor'
import type { CodeTarget } from './phoneCodes'

const e164Of = (phone: string, field = 'phone') => {
  const e164 = toE164(phone)
  if (!e164) throw fieldError(field, 'PHONE_INVALID', 'Numero di telefono non valido')
  return e164
}

/** POST /api/auth/factors { factor_type: 'phone', phone }: the factor, unverified until its first code. */
export async function enrollPhone(db: Pool, userId: number, friendlyName: string | undefined, phone: string) {
  const e164 = e164Of(phone)
  await assertNoVerified(db, userId, 'phone')
  const { rows } = await db.query<FactorRow>(
    `insert into user_factors (user_id, factor_type, friendly_name, phone, status) values ($1, 'phone', $2, $3, 'unverified')
     on conflict (user_id, factor_type) do update set friendly_name = excluded.friendly_name, phone = excluded.phone,
       status = 'unverified', created_at = now()
     returning *`,
    [userId, friendlyName ?? null, e164],
  )
  return publicFactor(rows[0]!)
}

/**
 * Where a factor's code goes: the factor `factorId` of the user must be a phone factor (400 naming
 * `field` otherwise); for a login it must be verified, for the factor's own challenge (enrolment,
 * removal) it may be either.
 */
export async function phoneFactorTarget(
  db: Pool,
  userId: number,
  factorId: number,
  purpose: 'factor' | 'login',
  field: string,
): Promise<CodeTarget> {
  const factor = await factorOf(db, userId, { id: factorId })
  if (!factor) {
    if (purpose === 'login') throw fieldError(field, 'FACTOR_INVALID', 'Scegli una delle tue verifiche')
    throw notFound()
  }
  if (factor.factor_type !== 'phone' || !factor.phone)
    throw fieldError(field, 'NOT_A_PHONE_FACTOR', 'Questa verifica non usa l’SMS')
  if (purpose === 'login' && factor.status !== 'verified')
    throw fieldError(field, 'FACTOR_INVALID', 'Scegli una delle tue verifiche')
  return { userId, purpose, phone: factor.phone, factorId: factor.id }
}

export { e164Of }
