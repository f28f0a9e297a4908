import type { Pool } from 'pg'
import {
  ATTENDANCE_STATUSES,
  canTransition,
  cancellationDeadline,
  customerMayCancel,
  type AttendanceSummary,
  type ReservationStatus,
} from '@salon/shared'
import { HttpError, isoOf } from '../platform'
import { salonCalendar } from '../calendar'
import { cancelAsCustomer } from '../reservations'
import { verifyLink } from './link'

/**
 * The attendance link's use cases (issue 26 §5; docs/api.md "Attendance link"): the token is the
 * credential — it names one reservation and works until its start. Each call checks it again.
 */

const INVALID = 'Questo link non è più valido. Per qualsiasi cosa, chiama il salone.'

/** 404 for a token we did not sign for this (tampered, foreign, another purpose); 410 once expired or moved. */
const invalid = (status: 404 | 410) => new HttpError(status, 'LINK_INVALID', INVALID, { reason: 'LINK_INVALID' })

interface Row {
  id: number
  status: ReservationStatus
  date_start: string | null
  date_end: string | null
  customer_confirmed_at: string | null
  operator_name: string | null
  services: string[]
  business_name: string | null
  phone: string | null
  address: string | null
}

async function readRow(db: Pool, id: number): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    `select r.id, r.status, ${isoOf('r.date_start')} as date_start, ${isoOf('r.date_end')} as date_end,
            ${isoOf('r.customer_confirmed_at')} as customer_confirmed_at,
            nullif(trim(o.name), '') as operator_name,
            coalesce((select array_agg(s.title order by rr."order")
                        from reservations_rels rr join services s on s.id = rr.services_id
                       where rr.parent_id = r.id and rr.path = 'services'), '{}') as services,
            c.business_name, c.phone, c.address
       from reservations r
       left join operators o on o.id = r.operator_id
       left join lateral (select * from config order by id limit 1) c on true
      where r.id = $1`,
    [id],
  )
  return rows[0]
}

/** The reservation a token names, or the refusal: the link is for this booking at this time only. */
async function reservationOf(db: Pool, token: string, now: Date) {
  const verdict = verifyLink(token, now)
  if (!verdict.ok) throw invalid(verdict.reason === 'EXPIRED' ? 410 : 404)
  const row = await readRow(db, verdict.claim.reservation)
  if (!row) throw invalid(404)
  // Moved since the SMS: the link was for the old time (the new time's reminder brings a new one).
  const start = row.date_start ? Math.floor(Date.parse(row.date_start) / 1000) : NaN
  if (start !== Math.floor(verdict.claim.expires.getTime() / 1000)) throw invalid(410)
  return row
}

async function summaryOf(db: Pool, row: Row, now: Date): Promise<AttendanceSummary> {
  const { settings } = await salonCalendar(db, { consistency: 'committed' })
  const policy = customerMayCancel({ date_start: row.date_start }, settings, now)
  return {
    status: row.status,
    date_start: row.date_start!,
    date_end: row.date_end ?? row.date_start!,
    timezone: settings.timezone,
    services: row.services,
    operator: row.operator_name ? row.operator_name.split(/\s+/)[0]! : null,
    salon: { name: row.business_name ?? 'Il salone', phone: row.phone ?? null, address: row.address ?? null },
    can_cancel: canTransition(row.status, 'CANCELLED') && policy.allowed,
    cancel_until: settings.cancellationEnabled ? (cancellationDeadline(row, settings) ?? null) : null,
    customer_confirmed_at: row.customer_confirmed_at,
  }
}

/** GET /api/attendance/:token. */
export async function attendanceSummary(db: Pool, token: string, now = new Date()) {
  return summaryOf(db, await reservationOf(db, token, now), now)
}

/**
 * POST /api/attendance/:token { answer }. `confirm`: the customer will come (`customer_confirmed_at`,
 * set once — again answers the same); only for a booking the salon agreed to. `cancel`: the
 * customer's own cancellation (reservations' `cancelAsCustomer`: the policy, the event, the mails);
 * outside the policy 409 with the policy's words and the salon's phone. Answers the summary as it now is.
 */
export async function answerAttendance(db: Pool, token: string, answer: 'confirm' | 'cancel', now = new Date()) {
  const row = await reservationOf(db, token, now)
  if (answer === 'confirm') {
    if (!ATTENDANCE_STATUSES.includes(row.status))
      throw new HttpError(409, 'ILLEGAL_TRANSITION', 'Questo appuntamento non si può più confermare.', {
        reason: 'ILLEGAL_TRANSITION',
      })
    await db.query(
      `update reservations set customer_confirmed_at = coalesce(customer_confirmed_at, $2)
        where id = $1 and status = any($3::enum_reservations_status[])`,
      [row.id, now, ATTENDANCE_STATUSES],
    )
  } else {
    try {
      await cancelAsCustomer(db, row.id, now)
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 409) throw err
      const phone = row.phone?.trim()
      const message = phone ? `${err.message} Per annullare chiama il salone: ${phone}.` : err.message
      throw new HttpError(409, err.code, message, { ...err.data, phone: phone ?? null })
    }
  }
  return summaryOf(db, (await readRow(db, row.id))!, now)
}
