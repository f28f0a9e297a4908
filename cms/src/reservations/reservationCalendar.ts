import type { Pool, PoolClient } from 'pg'
import {
  calendarSequence,
  maySeeReservation,
  type CalendarReservation,
  type CalendarSalon,
  type ReservationStatus,
} from '@salon/shared'
import type { RoleUser } from '../platform'
import { env } from '../env'
import { HttpError, notFound, lastChangeOf } from '../platform'
import { reservationIcs } from './ics'
import { readSalonContact } from '../calendar'
import { loadActor } from './reads'

type Db = Pool | PoolClient

/** A reservation's calendar facts plus who may read them and its change clock. */
export interface ReservationCalendarFacts {
  reservation: Omit<CalendarReservation, 'start' | 'end'> & { start: Date | null; end: Date | null }
  customerId: number | null
  /** The operator record it is assigned to. */
  operatorId: number | null
  /** Its latest change event's id: the calendar event's SEQUENCE. */
  lastChange: number | string
}

/** One reservation as a calendar event needs it (service titles in booked order), or null. */
export async function loadReservationCalendarFacts(db: Db, id: number): Promise<ReservationCalendarFacts | null> {
  const { rows } = await db.query(
    `select r.id, r.user_id, r.status, r.date_start, r.date_end, r.note, ${lastChangeOf('r.id')} as last_change,
            r.operator_id, nullif(trim(concat_ws(' ', o.name, o.surname)), '') as operator_name,
            coalesce((select array_agg(s.title order by rr."order")
                        from reservations_rels rr join services s on s.id = rr.services_id
                       where rr.parent_id = r.id and rr.path = 'services'), '{}') as services
       from reservations r left join operators o on o.id = r.operator_id
      where r.id = $1`,
    [id],
  )
  const r = rows[0]
  if (!r) return null
  return {
    reservation: {
      id: r.id as number,
      start: r.date_start ? new Date(r.date_start) : null,
      end: r.date_end ? new Date(r.date_end) : null,
      status: r.status as ReservationStatus,
      services: r.services as string[],
      operator: (r.operator_name as string | null) ?? null,
      note: (r.note as string | null) ?? null,
    },
    customerId: (r.user_id as number | null) ?? null,
    operatorId: (r.operator_id as number | null) ?? null,
    lastChange: r.last_change as string,
  }
}

/** The address part of `Name <address>` (MAIL_FROM), or the text itself. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim()

/**
 * The salon as calendar files show it. ORGANIZER needs an address: the salon's own e-mail, else
 * the address our mails are sent from.
 */
export async function loadCalendarSalon(db: Db): Promise<CalendarSalon> {
  return calendarSalonOf(await readSalonContact(db))
}

/** `loadCalendarSalon` of the salon's contact already read (`salonContactOf`). */
export const calendarSalonOf = (contact: Awaited<ReturnType<typeof readSalonContact>>): CalendarSalon => ({
  ...contact,
  email: contact.email || addressOf(env.mailFrom) || null,
  publicUrl: env.linkOrigin,
})

/**
 * GET /api/reservations/:id/ics — whoever the engine lets see the booking (`maySeeReservation`:
 * its customer, the OPERATOR account of the operator it is assigned to, admins) may download it;
 * for anyone else it does not exist (404, as for the REST read) — a customer account still linked
 * to an operator record is no operator. A draft without a time has no calendar event yet (409).
 */
export async function reservationCalendarFile(
  db: Pool,
  user: NonNullable<RoleUser> & { id: number },
  id: number,
  now = new Date(),
): Promise<{ filename: string; body: string }> {
  const [facts, actor] = await Promise.all([loadReservationCalendarFacts(db, id), loadActor(db, user)])
  if (!facts || !maySeeReservation(actor, { user: facts.customerId, operator: facts.operatorId })) throw notFound()
  const { start, end } = facts.reservation
  if (!start || !end) {
    throw new HttpError(
      409,
      'NO_TIME_YET',
      'Questa prenotazione non ha ancora un orario: completala per aggiungerla al calendario.',
      {
        reason: 'NO_TIME_YET',
      },
    )
  }
  const body = reservationIcs({
    reservation: { ...facts.reservation, start, end },
    salon: await loadCalendarSalon(db),
    method: 'PUBLISH',
    sequence: calendarSequence(facts.lastChange),
    now,
  })
  return { filename: `prenotazione-${id}.ics`, body }
}
