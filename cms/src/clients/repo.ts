import type { Pool, PoolClient } from 'pg'
import {
  type ClientCreateBody,
  type ClientPatchBody,
  type ClientSearchQuery,
  containsPattern,
  type DuplicateReason,
  foldForSearch,
  searchTerms,
} from '@salon/shared'
import { fieldMessage } from '@salon/shared/messages'
import { fieldError, HttpError, joinSql, notFound, raw, type SessionUser, type Sql, sql, statement } from '../platform'
import { ownClientCondition } from './access'

type Db = Pool | PoolClient

/** The columns of a card as the API answers them (docs/api.md "The card"). */
const CARD = sql`c.id, c.name, c.surname, c.phone_number, c.email, c.birthday, c.marketing_consent,
  c.marketing_consent_at, c.sms_consent, c.sms_consent_at, c.tags, c.allergies, c.technical_notes, c.blocked_online, c.blocked_reason,
  c.user_id, c.created_by_id, c.anonymised_at, c.created_at, c.updated_at`

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)

export function cardOf(r: Record<string, unknown>) {
  return {
    id: r.id as number,
    name: r.name as string,
    surname: (r.surname as string | null) ?? null,
    phone_number: (r.phone_number as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    birthday: (r.birthday as string | null) ?? null,
    marketing_consent: r.marketing_consent === true,
    marketing_consent_at: iso(r.marketing_consent_at),
    sms_consent: r.sms_consent === true,
    sms_consent_at: iso(r.sms_consent_at),
    tags: (r.tags as string[] | null) ?? [],
    allergies: (r.allergies as string | null) ?? null,
    technical_notes: (r.technical_notes as string | null) ?? null,
    blocked_online: r.blocked_online === true,
    blocked_reason: (r.blocked_reason as string | null) ?? null,
    user: (r.user_id as number | null) ?? null,
    created_by: (r.created_by_id as number | null) ?? null,
    anonymised_at: iso(r.anonymised_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }
}
export type Card = ReturnType<typeof cardOf>

/** A list row: the card's contact, its badges and how often they came. */
const LIST_ITEM = sql`c.id, c.name, c.surname, c.phone_number, c.email, c.user_id is not null as has_account,
  c.blocked_online, c.tags, c.allergies,
  (select count(*)::int from reservations r where r.client_id = c.id and r.status = 'COMPLETED') as visits,
  (select max(r.date_start) from reservations r where r.client_id = c.id and r.status = 'COMPLETED') as last_visit`

export function listItemOf(r: Record<string, unknown>) {
  return {
    id: r.id as number,
    name: r.name as string,
    surname: (r.surname as string | null) ?? null,
    phone_number: (r.phone_number as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    hasAccount: r.has_account === true,
    blocked_online: r.blocked_online === true,
    tags: (r.tags as string[] | null) ?? [],
    allergies: (r.allergies as string | null) ?? null,
    visits: Number(r.visits ?? 0),
    lastVisit: iso(r.last_visit),
  }
}

/**
 * The desk's search (docs/api.md "GET /api/clients"): every word of the text found in the card's
 * folded name, surname, phone digits or e-mail (any order), by surname. When those are fewer than a
 * page, the first page is filled with the misspellings closest to a name (letters only) — trigram word
 * similarity (`<%`, pg_trgm's threshold 0.6): "rosa bianki" finds "Rosa Bianchi". Each word is its
 * own `LIKE` so that both steps use the trigram index on `search_key`; the similarity is computed
 * only when the exact words found too few (docs/benchmarks.md: 50,000 cards).
 */
export async function searchClients(db: Db, user: SessionUser, q: ClientSearchQuery) {
  const terms = searchTerms(q.search ?? '')
  const base = sql`c.anonymised_at is null and ${ownClientCondition(user)}`
  const exact = terms.words.length
    ? sql`${base} and ${joinSql(
        terms.words.map((w) => sql`c.search_key like ${containsPattern(w)}`),
        ' and ',
      )}`
    : base
  const offset = (q.page - 1) * q.limit
  const [page, count] = await Promise.all([
    db.query(
      statement(sql`select ${LIST_ITEM} from clients c where ${exact}
        order by lower(coalesce(c.surname, '')), lower(c.name), c.id
        limit ${q.limit} offset ${offset}`),
    ),
    db.query(statement(sql`select count(*)::int as n from clients c where ${exact}`)),
  ])
  const docs = page.rows.map(listItemOf)
  let totalDocs = count.rows[0].n as number
  if (q.page === 1 && docs.length < q.limit && terms.fuzzy) {
    const ids = docs.map((d) => d.id)
    const { rows } = await db.query(
      statement(sql`select ${LIST_ITEM} from clients c
        where ${base} and ${terms.folded} <% c.search_key and not (c.id = any(${ids}::int[]))
        order by word_similarity(${terms.folded}, c.search_key) desc, c.id
        limit ${q.limit - docs.length}`),
    )
    docs.push(...rows.map(listItemOf))
    totalDocs += rows.length
  }
  return {
    docs,
    totalDocs,
    page: q.page,
    limit: q.limit,
    hasNextPage: offset + page.rows.length < (count.rows[0].n as number),
  }
}

/** The card `id` when `user` may see it (an erased one too, for an admin), else 404. */
export async function readCard(db: Db, user: SessionUser, id: number): Promise<Card> {
  const { rows } = await db.query(
    statement(sql`select ${CARD} from clients c where c.id = ${id} and ${ownClientCondition(user)}`),
  )
  if (!rows[0]) throw notFound()
  return cardOf(rows[0])
}

/** Other cards that look like the same person: same phone digits, same e-mail, or same name and surname. */
export async function duplicatesOf(
  db: Db,
  user: SessionUser,
  card: { id: number | null; name: string; surname: string | null; phone_number: string | null; email: string | null },
) {
  const digits = (card.phone_number ?? '').replace(/\D/g, '')
  const email = (card.email ?? '').trim().toLowerCase()
  const name = foldForSearch(card.name)
  const surname = foldForSearch(card.surname ?? '')
  const phoneMatch =
    digits.length >= 6 ? sql`regexp_replace(coalesce(c.phone_number, ''), '[^0-9]', '', 'g') = ${digits}` : sql`false`
  const emailMatch = email ? sql`lower(c.email) = ${email}` : sql`false`
  const nameMatch = surname ? sql`(salon_fold(c.name) = ${name} and salon_fold(c.surname) = ${surname})` : sql`false`
  const { rows } = await db.query(
    statement(sql`select ${LIST_ITEM}, ${phoneMatch} as by_phone, ${emailMatch} as by_email, ${nameMatch} as by_name
       from clients c
      where c.anonymised_at is null and c.id <> ${card.id ?? 0} and ${ownClientCondition(user)}
        and (${phoneMatch} or ${emailMatch} or ${nameMatch})
      order by c.id
      limit 20`),
  )
  return rows.map((r) => ({
    ...listItemOf(r),
    reasons: [
      ...(r.by_phone ? ['PHONE' as const] : []),
      ...(r.by_email ? ['EMAIL' as const] : []),
      ...(r.by_name ? ['NAME' as const] : []),
    ] satisfies DuplicateReason[],
  }))
}

/** A card made at the desk (POST /api/clients), with the cards that look like the same person. */
export async function createClient(db: Db, user: SessionUser, body: ClientCreateBody) {
  const { rows } = await db.query(
    statement(sql`insert into clients as c (name, surname, phone_number, email, birthday, marketing_consent,
         marketing_consent_at, sms_consent, sms_consent_at, tags, created_by_id)
       values (${body.name}, ${body.surname ?? null}, ${body.phone_number}, ${body.email ?? null},
         ${body.birthday ?? null}, ${body.marketing_consent === true},
         ${body.marketing_consent === true ? new Date() : null}, ${body.sms_consent === true},
         ${body.sms_consent === true ? new Date() : null}, ${JSON.stringify(body.tags ?? [])}::jsonb, ${user.id})
       returning ${CARD}`),
  )
  const doc = cardOf(rows[0])
  return { doc, duplicates: await duplicatesOf(db, user, doc) }
}

/** The column of each field a PATCH may change. */
const COLUMNS: Record<keyof ClientPatchBody, string> = {
  name: 'name',
  surname: 'surname',
  phone_number: 'phone_number',
  email: 'email',
  birthday: 'birthday',
  marketing_consent: 'marketing_consent',
  sms_consent: 'sms_consent',
  tags: 'tags',
  allergies: 'allergies',
  technical_notes: 'technical_notes',
  blocked_online: 'blocked_online',
  blocked_reason: 'blocked_reason',
}

/** PATCH /api/clients/:id — the fields sent, as the schema parsed them. */
export async function patchClient(db: Db, user: SessionUser, id: number, body: ClientPatchBody) {
  const current = await readCard(db, user, id)
  if (current.anonymised_at) throw notFound()
  const sets: Sql[] = []
  for (const [key, column] of Object.entries(COLUMNS) as [keyof ClientPatchBody, string][]) {
    if (body[key] === undefined) continue
    const value = key === 'tags' ? JSON.stringify(body.tags) : body[key]
    sets.push(key === 'tags' ? sql`tags = ${value}::jsonb` : sql`${raw(`"${column}"`)} = ${value}`)
  }
  if (body.marketing_consent === true && !current.marketing_consent) sets.push(sql`marketing_consent_at = now()`)
  if (body.marketing_consent === false) sets.push(sql`marketing_consent_at = null`)
  if (body.sms_consent === true && !current.sms_consent) sets.push(sql`sms_consent_at = now()`)
  if (body.sms_consent === false) sets.push(sql`sms_consent_at = null`)
  if (!sets.length) return current
  const { rows } = await db.query(
    statement(
      sql`update clients c set ${joinSql(sets, ', ')}, updated_at = now() where c.id = ${id} returning ${CARD}`,
    ),
  )
  return cardOf(rows[0])
}

/** The staff notes of a card, newest first. */
export async function notesOf(db: Db, clientId: number) {
  const { rows } = await db.query(
    statement(sql`select n.id, n.body, n.created_at, n.author_id,
            nullif(trim(concat_ws(' ', u.name, u.surname)), '') as author_name
       from client_notes n left join users u on u.id = n.author_id
      where n.client_id = ${clientId}
      order by n.created_at desc, n.id desc`),
  )
  return rows.map(noteOf)
}

const noteOf = (r: Record<string, unknown>) => ({
  id: r.id as number,
  body: r.body as string,
  author: r.author_id ? { id: r.author_id as number, name: (r.author_name as string | null) ?? '' } : null,
  createdAt: new Date(r.created_at as string).toISOString(),
})

export async function addNote(db: Db, user: SessionUser, clientId: number, body: string) {
  const { rows } = await db.query(
    statement(sql`insert into client_notes (client_id, author_id, body) values (${clientId}, ${user.id}, ${body})
      returning id, body, created_at, author_id,
        (select nullif(trim(concat_ws(' ', name, surname)), '') from users where id = ${user.id}) as author_name`),
  )
  return noteOf(rows[0])
}

/** Deletes a note of the card: its author's, or any for an admin. 404 otherwise. */
export async function deleteNote(db: Db, user: SessionUser, clientId: number, noteId: number, admin: boolean) {
  const { rowCount } = await db.query(
    statement(sql`delete from client_notes where id = ${noteId} and client_id = ${clientId}
        and (${admin} or author_id = ${user.id})`),
  )
  if (!rowCount) throw notFound()
}

/**
 * POST /api/clients/:id/merge { from }: everything of `from` onto `keep` in one transaction (the
 * database's `clients_merge`: bookings, notes, empty fields filled, tags united, then `from` goes).
 */
export async function mergeClients(db: PoolClient, user: SessionUser, keep: number, from: number) {
  if (keep === from) throw fieldError('from', 'MERGE_SELF', fieldMessage('MERGE_SELF'))
  const { rows } = await db.query(
    statement(sql`select id, user_id,
        (select count(*)::int from reservations where client_id = c.id) as reservations,
        (select count(*)::int from client_notes where client_id = c.id) as notes
       from clients c where id in (${keep}, ${from}) and anonymised_at is null for update`),
  )
  const kept = rows.find((r) => r.id === keep)
  const gone = rows.find((r) => r.id === from)
  if (!kept) throw notFound()
  if (!gone) throw fieldError('from', 'ID_INVALID', 'Scheda inesistente')
  if (kept.user_id && gone.user_id)
    throw new HttpError(409, 'BOTH_HAVE_ACCOUNTS', 'Entrambe le schede hanno un account: non si possono unire.', {
      reason: 'BOTH_HAVE_ACCOUNTS',
    })
  await db.query(statement(sql`select clients_merge(${keep}, ${from})`))
  return {
    doc: await readCard(db, user, keep),
    moved: { reservations: gone.reservations as number, notes: gone.notes as number },
  }
}
