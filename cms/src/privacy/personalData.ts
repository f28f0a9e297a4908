import type { Pool, PoolClient } from 'pg'
import { isoOf } from '../platform'

type Db = Pool | PoolClient

/**
 * What the salon holds about one person, as one JSON document (GDPR art. 15 and 20): the login
 * account, the client card, every booking with its services, operator, payment and history, the waitlist entries with
 * their offers. Two
 * readers: the person themself (`GET /api/auth/me/export`) never gets what the salon writes about
 * them for its own work — staff notes, the technical record (allergies, colour formulas), the reason
 * of a block — nor who on the staff did what; the salon (`GET /api/clients/:id/export`, ADMIN) gets
 * everything, since it holds it. Drafts (a booking session never confirmed) are left out.
 */

export type Audience = 'SELF' | 'SALON'

/** Who the export is about: an account (and its card, when it has one) or a card (and its account). */
export type Subject = { user: number } | { client: number }

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

/** The card and the account of `subject` (either may be missing); null when neither exists. */
export async function findPerson(db: Db, subject: Subject) {
  const { rows } = await db.query<{ client_id: number | null; user_id: number | null }>(
    'user' in subject
      ? `select (select id from clients where user_id = u.id) as client_id, u.id as user_id from users u where u.id = $1`
      : `select c.id as client_id, c.user_id from clients c where c.id = $1`,
    ['user' in subject ? subject.user : subject.client],
  )
  return rows[0] ?? null
}

async function accountOf(db: Db, userId: number | null) {
  if (!userId) return null
  const { rows } = await db.query(
    `select u.id, u.email, u.name, u.surname, u.phone_number, u.user_role,
            ${isoOf('u.email_verified_at')} as email_verified_at, ${isoOf('u.privacy_accepted_at')} as privacy_accepted_at,
            ${isoOf('u.created_at')} as created_at, ${isoOf('u.updated_at')} as updated_at,
            coalesce(up.sizes_x1_filename, up.filename) as photo,
            exists(select 1 from user_factors f where f.user_id = u.id and f.status = 'verified') as second_factor
       from users u left join upload up on up.id = u.upload_id
      where u.id = $1`,
    [userId],
  )
  const u = rows[0]
  if (!u) return null
  return {
    id: u.id as number,
    email: u.email as string,
    name: u.name as string | null,
    surname: u.surname as string | null,
    phone_number: u.phone_number as string | null,
    role: u.user_role as string,
    emailVerifiedAt: u.email_verified_at as string | null,
    privacyAcceptedAt: u.privacy_accepted_at as string | null,
    secondFactor: u.second_factor === true,
    photoUrl: u.photo ? `/api/upload/file/${encodeURIComponent(u.photo as string)}` : null,
    createdAt: u.created_at as string,
    updatedAt: u.updated_at as string,
  }
}

async function cardOf(db: Db, clientId: number | null, audience: Audience) {
  if (!clientId) return null
  const { rows } = await db.query(
    `select c.*, ${isoOf('c.marketing_consent_at')} as consent_at, ${isoOf('c.anonymised_at')} as anonymised,
            ${isoOf('c.created_at')} as created, ${isoOf('c.updated_at')} as updated
       from clients c where c.id = $1`,
    [clientId],
  )
  const c = rows[0]
  if (!c) return null
  const card = {
    id: c.id as number,
    name: c.name as string,
    surname: c.surname as string | null,
    phone_number: c.phone_number as string | null,
    email: c.email as string | null,
    birthday: c.birthday as string | null,
    marketing_consent: c.marketing_consent === true,
    marketing_consent_at: c.consent_at as string | null,
    tags: (c.tags as string[] | null) ?? [],
    blocked_online: c.blocked_online === true,
    anonymised_at: c.anonymised as string | null,
    createdAt: c.created as string,
    updatedAt: c.updated as string,
  }
  if (audience === 'SELF') return card
  const { rows: notes } = await db.query(
    `select n.id, n.body, ${isoOf('n.created_at')} as created, a.id as author_id,
            nullif(trim(concat_ws(' ', a.name, a.surname)), '') as author_name
       from client_notes n left join users a on a.id = n.author_id
      where n.client_id = $1 order by n.created_at desc, n.id desc`,
    [clientId],
  )
  return {
    ...card,
    allergies: c.allergies as string | null,
    technical_notes: c.technical_notes as string | null,
    blocked_reason: c.blocked_reason as string | null,
    created_by: c.created_by_id as number | null,
    notes: notes.map((n) => ({
      id: n.id as number,
      body: n.body as string,
      author: n.author_id ? { id: n.author_id as number, name: n.author_name as string | null } : null,
      createdAt: n.created as string,
    })),
  }
}

/** Who made a change, as the person reads it: they themself, the salon's staff, or the system. */
const byWhom = (actorId: number | null, actorRole: string | null, userId: number | null) =>
  actorId !== null && actorId === userId
    ? 'YOU'
    : actorRole === 'ADMIN' || actorRole === 'OPERATOR'
      ? 'SALON'
      : actorRole === 'USER'
        ? 'CUSTOMER'
        : 'SYSTEM'

async function bookingsOf(db: Db, clientId: number | null, userId: number | null, audience: Audience) {
  const { rows } = await db.query(
    `select r.id, r.status, ${isoOf('r.date_start')} as date_start, ${isoOf('r.date_end')} as date_end,
            r.duration::float8 as duration, r.total_price::float8 as total_price, r.note,
            ${isoOf('r.created_at')} as created,
            o.id as operator_id, o.name as operator_name,
            coalesce((select json_agg(json_build_object('id', s.id, 'title', s.title, 'price', s.price::float8)
                                      order by rr."order", rr.id)
                        from reservations_rels rr join services s on s.id = rr.services_id
                       where rr.parent_id = r.id and rr.path = 'services'), '[]'::json) as services,
            (select json_build_object(
                      'subtotal', ch.subtotal::float8, 'discount', ch.discount::float8, 'total', ch.total::float8,
                      'tip', ch.tip::float8, 'at', ${isoOf('ch.at')}, 'by', ch.by_id,
                      'payments', coalesce((select json_agg(json_build_object('method', p.method, 'amount', p.amount::float8)
                                                            order by p.position, p.id)
                                              from reservation_payments p where p.reservation_id = ch.reservation_id), '[]'::json))
               from reservation_checkouts ch where ch.reservation_id = r.id) as paid,
            coalesce((select json_agg(json_build_object(
                        'kind', e.kind, 'from', e.from_status, 'to', e.to_status, 'changes', e.changes,
                        'at', ${isoOf('e.created_at')}, 'actor_id', e.actor_id, 'actor_role', e.actor_role,
                        'actor_name', nullif(trim(concat_ws(' ', au.name, au.surname)), '')) order by e.id)
                        from reservation_events e left join users au on au.id = e.actor_id
                       where e.reservation_id = r.id), '[]'::json) as events
       from reservations r left join operators o on o.id = r.operator_id
      where (r.client_id = $1 or r.user_id = $2) and r.status <> 'PENDING_CONFIRMATION'
      order by r.date_start desc nulls last, r.id desc`,
    [clientId, userId],
  )
  type Paid = { subtotal: number; discount: number; total: number; tip: number; at: string; by: number | null }
  type Event = {
    kind: string
    from: string | null
    to: string
    changes: unknown
    at: string
    actor_id: number | null
    actor_role: string | null
    actor_name: string | null
  }
  return rows.map((r) => {
    const paid = r.paid as (Paid & { payments: unknown[] }) | null
    const events = r.events as Event[]
    return {
      id: r.id as number,
      status: r.status as string,
      date_start: r.date_start as string | null,
      date_end: r.date_end as string | null,
      duration: num(r.duration),
      total_price: num(r.total_price),
      note: r.note as string | null,
      createdAt: r.created as string,
      services: r.services as { id: number; title: string; price: number }[],
      operator: r.operator_id ? { id: r.operator_id as number, name: r.operator_name as string } : null,
      paid: paid
        ? {
            subtotal: paid.subtotal,
            discount: paid.discount,
            total: paid.total,
            tip: paid.tip,
            payments: paid.payments,
            at: paid.at,
            ...(audience === 'SALON' ? { by: paid.by } : {}),
          }
        : null,
      history: events.map((e) => ({
        kind: e.kind,
        from: e.from,
        to: e.to,
        changes: e.changes,
        at: e.at,
        by: byWhom(e.actor_id, e.actor_role, userId),
        ...(audience === 'SALON'
          ? { actor: e.actor_id ? { id: e.actor_id, role: e.actor_role, name: e.actor_name } : null }
          : {}),
      })),
    }
  })
}

/**
 * Their waitlist entries (issue 27), each with the services and operator asked for and every offer
 * made, newest first. Who added an entry for them at the desk is the salon's record only.
 */
async function waitlistOf(db: Db, clientId: number | null, userId: number | null, audience: Audience) {
  const { rows } = await db.query(
    `select e.id, e.status, to_char(e.from_time, 'HH24:MI') as from_time, to_char(e.to_time, 'HH24:MI') as to_time,
            (select json_agg(to_char(d, 'YYYY-MM-DD') order by d) from unnest(e.days) d) as days,
            ${isoOf('e.created_at')} as created, ${isoOf('e.ended_at')} as ended, e.created_by_id,
            o.id as operator_id, o.name as operator_name,
            coalesce((select json_agg(json_build_object('id', s.id, 'title', s.title) order by k.n)
                        from unnest(e.services) with ordinality k(sid, n) join services s on s.id = k.sid), '[]'::json)
              as services,
            coalesce((select json_agg(json_build_object(
                        'date_start', ${isoOf('f.date_start')}, 'date_end', ${isoOf('f.date_end')}, 'status', f.status,
                        'sent', ${isoOf('f.created_at')}, 'decided', ${isoOf('f.decided_at')}, 'by_hand', f.by_hand)
                        order by f.id)
                        from waitlist_offers f where f.entry_id = e.id), '[]'::json) as offers
       from waitlist_entries e left join operators o on o.id = e.operator_id
      where e.client_id = $1 or e.user_id = $2
      order by e.created_at desc, e.id desc`,
    [clientId, userId],
  )
  return rows.map((e) => ({
    id: e.id as number,
    status: e.status as string,
    days: e.days as string[],
    from: e.from_time as string,
    to: e.to_time as string,
    services: e.services as { id: number; title: string }[],
    operator: e.operator_id ? { id: e.operator_id as number, name: e.operator_name as string } : null,
    createdAt: e.created as string,
    endedAt: e.ended as string | null,
    offers: e.offers as {
      date_start: string
      date_end: string
      status: string
      sent: string
      decided: string | null
      by_hand: boolean
    }[],
    ...(audience === 'SALON' ? { createdBy: num(e.created_by_id) } : {}),
  }))
}

/** The export document of a person (see the top of this file); null when neither card nor account exists. */
export async function personalData(db: Db, subject: Subject, audience: Audience, now = new Date()) {
  const person = await findPerson(db, subject)
  if (!person) return null
  const [account, client, bookings, waitlist, salon] = await Promise.all([
    accountOf(db, person.user_id),
    cardOf(db, person.client_id, audience),
    bookingsOf(db, person.client_id, person.user_id, audience),
    waitlistOf(db, person.client_id, person.user_id, audience),
    db.query<{ business_name: string | null }>('select business_name from config order by id limit 1'),
  ])
  return {
    exportedAt: now.toISOString(),
    salon: salon.rows[0]?.business_name ?? null,
    account,
    client,
    bookings,
    waitlist,
  }
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalData>>>
