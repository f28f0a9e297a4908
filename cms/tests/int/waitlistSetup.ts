/**
 * What the waitlist suites share (waitlist.test.ts, waitlist-access.test.ts): customers with their
 * ids and addresses, a booked time to free, entries, and waiting for the queue.
 */
import { expect } from 'vitest'
import { api, freshAddress, login, sql, unique } from './helpers'

export interface Customer {
  id: number
  email: string
  token: string
  /** E.164, unique per customer. */
  phone: string
}

let phoneSeq = 0

/** A fresh customer account (its own address and phone number). */
export async function customer(prefix = 'wl'): Promise<Customer> {
  const email = `${unique(prefix)}@example.com`
  const phone = `+39300${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneSeq).padStart(3, '0')}`
  const res = await api('POST', '/api/users', {
    headers: { 'x-forwarded-for': freshAddress() },
    body: { email, password: 'password123', name: 'Attesa', surname: prefix, phone_number: phone },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const [row] = await sql<{ id: number }>('select id from users where email = $1', [email])
  return { id: row!.id, email, token: await login(email, 'password123'), phone }
}

/** HH:mm in Rome of an instant. */
export const romeTime = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  )

/** A booking the salon makes at `start` for a customer of its own (the time to free later). */
export async function bookWalkIn(services: number[], operator: number, start: string) {
  const holder = await customer('wl-holder')
  const res = await api('POST', '/api/reservations/book', {
    as: 'ADMIN',
    body: { user: holder.id, services, operator, date_start: start },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data.id as number
}

export async function cancelAsAdmin(id: number) {
  const res = await api('PUT', `/api/reservations/${id}/status`, { as: 'ADMIN', body: { status: 'CANCELLED' } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

/** An entry of `who` for exactly one start: the window [start, end) of that day. */
export async function join(who: Customer, services: number[], operator: number, slot: { start: string; end: string }) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(slot.start))
  const res = await api('POST', '/api/waitlist', {
    token: who.token,
    body: { services, operator, days: [day], from: romeTime(slot.start), to: romeTime(slot.end) },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id as number
}

export interface OfferRow {
  id: number
  entry_id: number
  status: string
  reservation_id: number | null
  date_start: Date
  by_hand: boolean
}

export const offersOf = (entries: number[]) =>
  sql<OfferRow>('select * from waitlist_offers where entry_id = any($1::int[]) order by id', [entries])

/** Polls until `check` answers something truthy (the queue works in the background). */
export async function until<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() > deadline) throw new Error('timed out waiting for the waitlist queue')
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** No job of the waitlist queue waiting or running: the queue has said all it will say. */
export const queueIdle = () =>
  until(async () => {
    const [row] = await sql<{ n: number }>(
      `select count(*)::int as n from graphile_worker.jobs
        where task_identifier = 'waitlist-scan' and run_at <= now() + interval '1 second'`,
    )
    return row!.n === 0
  })
