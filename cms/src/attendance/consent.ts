import type { Pool } from 'pg'
import { isoOf, notFound } from '../platform'

/**
 * The customer's own consent to SMS (the reserved area's "Ricevi promemoria via SMS"), kept on
 * their card (`clients.sms_consent`, the one place the SMS worker reads; the desk records it there
 * too, having asked). `phone`: where the SMS would go — the account's number, else the card's.
 */
export interface SmsConsent {
  sms_consent: boolean
  sms_consent_at: string | null
  phone: string | null
}

const SELECT = `select c.sms_consent, ${isoOf('c.sms_consent_at')} as sms_consent_at,
                       coalesce(nullif(trim(u.phone_number), ''), nullif(trim(c.phone_number), '')) as phone
                  from clients c join users u on u.id = c.user_id
                 where c.user_id = $1 and c.anonymised_at is null`

export async function readSmsConsent(db: Pool, userId: number): Promise<SmsConsent> {
  const { rows } = await db.query<SmsConsent>(SELECT, [userId])
  if (!rows[0]) throw notFound()
  return rows[0]
}

/** Sets it; the moment is the server's, kept while it stays on. */
export async function setSmsConsent(db: Pool, userId: number, consent: boolean): Promise<SmsConsent> {
  const { rowCount } = await db.query(
    `update clients set sms_consent = $2,
            sms_consent_at = case when $2 then coalesce(case when sms_consent then sms_consent_at end, now()) end,
            updated_at = now()
      where user_id = $1 and anonymised_at is null`,
    [userId, consent],
  )
  if (!rowCount) throw notFound()
  return readSmsConsent(db, userId)
}
