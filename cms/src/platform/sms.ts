import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Pool, PoolClient } from 'pg'
import { toE164 } from '@salon/shared'
import { env } from '../env'

/**
 * The SMS channel (issue 26 §4, docs/notifications.md "SMS"). A text is a row of `sms_messages` and a
 * `send-sms` job, written together in the caller's transaction (`queueSms`); the job hands it to the
 * provider (`sendSms`), retried with back-off while the provider is down or slow; the provider's
 * status callback says whether it reached the phone (`smsStatusUpdate`).
 *
 * - **Provider**: Twilio's Messages API (`SMS_PROVIDER=twilio`, env.ts), because it is the best
 *   documented and the most widely used; another provider is one more `deliver` function here.
 * - **Demo**: without a provider each text is written to `$DATA_DIR/sms/<ms>-<number>.txt` (first
 *   line `To: <number>`, a blank line, the text), like the mails in `$DATA_DIR/mail/`.
 * - **Once**: a job claims its row only while it is QUEUED, so a job run again after the provider
 *   took the text sends nothing. Delivery is still at least once when a process dies between the
 *   provider's acceptance and the row's SENT (as for mail).
 */

export type SmsPurpose = 'phone_verification' | 'second_factor' | 'reminder' | 'confirmation' | 'waitlist_offer'

export interface SmsMessage {
  /** Any phone the shared `phone` schema accepts; stored as E.164 (Italian when it has no country). */
  to: string
  text: string
  purpose: SmsPurpose
  userId?: number | null
  reservationId?: number | null
  /** A second queueSms with the same key records nothing (answers null). */
  key?: string
}

/** How many times the queue tries a text before it is FAILED for good (back-off: e^n seconds). */
export const SMS_MAX_ATTEMPTS = 8

/**
 * Records a text and its send job in one statement: inside the caller's transaction when `db` is a
 * client in one. Answers the row id, or null when `key` was queued before. A number that cannot be
 * made E.164 is a programming error here (callers validate with the shared `phone` schema first).
 */
export async function queueSms(db: Pool | PoolClient, msg: SmsMessage): Promise<number | null> {
  const to = toE164(msg.to)
  if (!to) throw new Error(`queueSms: not a phone number: ${msg.to}`)
  const { rows } = await db.query<{ id: number }>(
    `with recorded as (
       insert into sms_messages (to_number, body, purpose, user_id, reservation_id, dedupe_key)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (dedupe_key) do nothing returning id),
     job as (
       select graphile_worker.add_job('send-sms', json_build_object('id', id), max_attempts := $7,
                                      job_key := 'sms:' || id) from recorded)
     select id from recorded, (select count(*) from job) j`,
    [to, msg.text, msg.purpose, msg.userId ?? null, msg.reservationId ?? null, msg.key ?? null, SMS_MAX_ATTEMPTS],
  )
  return rows[0]?.id ?? null
}

/** A provider's answer: taken (with its id), refused for good, or to be tried again. */
type Outcome = { ok: true; providerId: string } | { ok: false; retry: boolean; error: string }

/** The demo's outbox (`$DATA_DIR/sms` when sending): one file per text. */
export function outbox(dir: string, to: string, text: string): Outcome {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${Date.now()}-${to}.txt`)
  fs.writeFileSync(file, `To: ${to}\n\n${text}\n`)
  return { ok: true, providerId: `file:${path.basename(file)}` }
}

/** The URL the provider calls back with delivery statuses (public; signed by the provider). */
export const smsStatusUrl = () => `${env.linkOrigin}/api/sms/status`

async function twilio(to: string, text: string): Promise<Outcome> {
  const sms = env.sms!
  const url = `${sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`
  const body = new URLSearchParams({ To: to, From: sms.from, Body: text, StatusCallback: smsStatusUrl() })
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      body,
      headers: { Authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}` },
      signal: AbortSignal.timeout(sms.timeoutMs),
    })
  } catch (err) {
    return { ok: false, retry: true, error: `provider unreachable: ${(err as Error).message}` }
  }
  const answer = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number }
  if (res.ok && typeof answer.sid === 'string') return { ok: true, providerId: answer.sid }
  const error = `provider ${res.status}: ${answer.message ?? 'no message'}${answer.code ? ` (${answer.code})` : ''}`
  // 4xx is the request (a bad number, a blocked recipient): the same text would be refused again.
  // Too many requests and the provider's own failures pass.
  return { ok: false, retry: res.status === 429 || res.status >= 500, error }
}

/**
 * `send-sms`: hands the text to the provider. Sent or refused for good: recorded, the job ends.
 * Provider down or slow: recorded and thrown, so the queue tries again — until SMS_MAX_ATTEMPTS,
 * when the row is FAILED.
 */
export async function sendSms(db: Pool, id: number, log: (line: string) => void = () => {}) {
  const { rows } = await db.query<{ to_number: string; body: string; attempts: number }>(
    `update sms_messages set attempts = attempts + 1 where id = $1 and status = 'QUEUED'
     returning to_number, body, attempts`,
    [id],
  )
  const row = rows[0]
  if (!row) return
  const outcome = env.sms
    ? await twilio(row.to_number, row.body)
    : outbox(path.join(env.dataDir, 'sms'), row.to_number, row.body)
  if (outcome.ok) {
    await db.query(
      `update sms_messages set status = 'SENT', provider_id = $2, sent_at = now(), error = null where id = $1`,
      [id, outcome.providerId],
    )
    if (!env.sms) log(`SMS to ${row.to_number} written to ${path.join(env.dataDir, 'sms')}`)
    return
  }
  const final = !outcome.retry || row.attempts >= SMS_MAX_ATTEMPTS
  await db.query(
    `update sms_messages set error = $2, status = case when $3::boolean then 'FAILED' else status end where id = $1`,
    [id, outcome.error, final],
  )
  if (!final) throw new Error(`SMS ${id}: ${outcome.error}`)
  log(`SMS ${id} to ${row.to_number} failed for good: ${outcome.error}`)
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token, of the callback URL
 * followed by every POST parameter's name and value in name order.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams) {
  const data = [...params.keys()]
    .sort()
    .filter((k, i, all) => all.indexOf(k) === i)
    .reduce(
      (s, k) =>
        s +
        params
          .getAll(k)
          .map((v) => k + v)
          .join(''),
      url,
    )
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64')
}

const STATUS: Record<string, 'SENT' | 'DELIVERED' | 'FAILED' | undefined> = {
  sent: 'SENT',
  delivered: 'DELIVERED',
  undelivered: 'FAILED',
  failed: 'FAILED',
}

/**
 * A delivery status from the provider (`POST /api/sms/status`). Answers false when the signature is
 * not the provider's. A final status (DELIVERED, FAILED) is never moved back by a late "sent".
 */
export async function smsStatusUpdate(db: Pool, signature: string | null, params: URLSearchParams) {
  const sms = env.sms
  if (!sms || !signature) return false
  const expected = Buffer.from(twilioSignature(sms.authToken, smsStatusUrl(), params))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return false
  const status = STATUS[params.get('MessageStatus') ?? '']
  const providerId = params.get('MessageSid')
  if (!status || !providerId) return true
  await db.query(
    `update sms_messages set status = $2::varchar,
            delivered_at = case when $2::varchar = 'DELIVERED' then now() else delivered_at end,
            error = case when $2::varchar = 'FAILED' then 'provider: ' || coalesce($3::text, 'undelivered') else error end
      where provider_id = $1 and status in ('QUEUED', 'SENT')`,
    [providerId, status, params.get('ErrorCode')],
  )
  return true
}
