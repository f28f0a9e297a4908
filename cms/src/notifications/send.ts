import type { Pool } from 'pg'
import { reminderStillWanted } from '@salon/shared'
import { mailer, mailFrom } from '../platform'

const NOT_SENT_LATE = 'Non inviato: l’appuntamento è stato annullato, spostato o è già iniziato'

/**
 * A reminder's send may be retried for hours (SMTP down): it goes out only while its booking still
 * starts at the time it reminds of (in its dedupe key) and has not started (`reminderStillWanted`).
 */
async function reminderStillDue(pool: Pool, n: { reservation_id: number | null; dedupe_key: string }) {
  const remindedStart = /^reminder:\d+:\d+:(.+)$/.exec(n.dedupe_key)?.[1]
  if (!remindedStart) return true
  const { rows } = await pool.query('select status, date_start from reservations where id = $1', [n.reservation_id])
  return reminderStillWanted(rows[0], remindedStart, new Date())
}

/**
 * `send-notification`: one recorded mail through SMTP. Already sent → nothing (a job that ran
 * twice); a failure is counted and thrown, so the queue retries it with back-off.
 */
export async function sendNotification(pool: Pool, id: string) {
  const { rows } = await pool.query('select * from notifications where id = $1', [id])
  const n = rows[0]
  if (!n || n.status === 'SENT') return
  if (n.kind === 'REMINDER' && !(await reminderStillDue(pool, n))) {
    await pool.query(`update notifications set status = 'FAILED', last_error = $2 where id = $1`, [id, NOT_SENT_LATE])
    return
  }
  try {
    await mailer().sendMail({
      from: mailFrom(),
      to: n.address,
      subject: n.subject,
      html: n.html,
      text: n.text,
      ...(n.ics
        ? {
            icalEvent: { method: n.ics_method, filename: 'appuntamento.ics', content: n.ics },
          }
        : {}),
    })
  } catch (err) {
    await pool.query('update notifications set attempts = attempts + 1, last_error = $2 where id = $1', [
      id,
      String((err as Error)?.message ?? err).slice(0, 500),
    ])
    throw err
  }
  await pool.query(
    `update notifications set status = 'SENT', attempts = attempts + 1, sent_at = now(), last_error = null where id = $1`,
    [id],
  )
}
