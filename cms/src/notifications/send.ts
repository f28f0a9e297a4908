import type { Pool } from 'pg'
import { mailer, mailFrom } from '../platform'

/**
 * `send-notification`: one recorded mail through SMTP. Already sent → nothing (a job that ran
 * twice); a failure is counted and thrown, so the queue retries it with back-off.
 */
export async function sendNotification(pool: Pool, id: string) {
  const { rows } = await pool.query('select * from notifications where id = $1', [id])
  const n = rows[0]
  if (!n || n.status === 'SENT') return
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
