import type { PoolClient } from 'pg'
import { describe, expect, it } from 'vitest'
import type { ReservationSnapshot } from '@salon/shared'
import * as repo from './repository'
import { busyTimes, loadBlocking, loadServices } from '../calendar'
import { statement } from '../platform'

/**
 * Every statement the reservation SQL sends, checked without a database: its `$n` are exactly
 * 1…(number of values) — no value without its placeholder, no placeholder without its value — and a
 * named (prepared) statement has one text whatever the values. A hand-written `$n` that does not
 * match its array fails here (or in the sql builder, which refuses hand-written `$n` outright).
 */
type Sent = { text: string; values?: unknown[]; name?: string }

function fakeDb() {
  const sent: Sent[] = []
  const row = { id: 1, n: 0, services: [], created_at: '2027-01-01T00:00:00Z', status: 'CONFIRMED' }
  const query = async (q: string | Sent, values?: unknown[]) => {
    sent.push(typeof q === 'string' ? { text: q, values } : q)
    return { rows: [row], rowCount: 1 }
  }
  return Object.assign({ query } as unknown as PoolClient, { sent })
}

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b)

const snapshot = (status: ReservationSnapshot['status']): ReservationSnapshot => ({
  status,
  date_start: '2027-01-02T09:00:00.000Z',
  date_end: '2027-01-02T10:00:00.000Z',
  operator: 2,
  services: [3],
  duration: 60,
  total_price: 30,
  note: null,
})

/** Every repository (and busy-times) statement, run once with the values `v` picks. */
async function sendAll(db: ReturnType<typeof fakeDb>, v: number) {
  const at = new Date(Date.UTC(2027, 0, v))
  const time = {
    operator: v,
    start: at,
    end: at.toISOString(),
    duration: 30 + v,
    price: 10 * v,
    status: 'CONFIRMED' as const,
    plan: v % 2 ? null : [{ from: 0, to: 30, operator_busy: true, station: null, cleanup: false }],
  }
  const actor = { id: v, user_role: 'ADMIN' as const }
  await repo.readReservation(db, v)
  await repo.readReservation(db, v, false)
  await repo.lockOwnDraft(db, v, v + 1)
  await repo.insertDraft(db, v, v % 2 ? null : 'nota', at)
  await repo.lockCustomerAndCountDrafts(db, v)
  await repo.removeExpiredHolds(db, 15, at, v % 2 ? undefined : v)
  await repo.writeTime(db, v, time, at)
  await repo.setServices(db, v, [v, v + 1])
  await repo.setStatus(db, v, 'CANCELLED', at)
  await repo.restoreStatus(db, v, 'CONFIRMED', v % 2 ? null : at.toISOString(), at)
  await repo.endNow(db, v, at)
  await repo.setNote(db, v, 'x', at)
  await repo.recordEvent(db, v, actor, snapshot('CONFIRMED'), at, snapshot('CANCELLED'))
  await repo.recordEvent(db, v, v % 2 ? null : actor, null, at, snapshot('PENDING_CONFIRMATION'), 'CREATED')
  const confirm = { id: v, time, note: null, anyOperator: v % 2 === 0, services: [v], now: at }
  await repo.writeConfirmed(db, confirm, actor, snapshot('PENDING_CONFIRMATION'), snapshot('CONFIRMED'))
  await repo.completeDue(db, ['CONFIRMED'], at, at)
  await repo.recordImportedReservations(db)
  await repo.finalChanges(db, [v])
  await repo.readEvents(db, v)
  await loadServices(db, [v])
  await loadBlocking(db, [v], at, at, v % 2 ? undefined : v)
}

describe('the reservation SQL: placeholders and values', () => {
  it('every statement numbers its values 1…n, each used', async () => {
    const db = fakeDb()
    await sendAll(db, 1)
    expect(db.sent.length).toBeGreaterThan(20)
    for (const s of db.sent) {
      const values = s.values ?? []
      expect(placeholders(s.text), s.text).toEqual(values.map((_, i) => i + 1))
    }
  })

  it('a named statement has one text whatever the values', async () => {
    const [a, b] = [fakeDb(), fakeDb()]
    await sendAll(a, 1)
    await sendAll(b, 2)
    const named = (db: ReturnType<typeof fakeDb>) => db.sent.filter((s) => s.name).map((s) => [s.name, s.text])
    expect(named(a).length).toBeGreaterThanOrEqual(5)
    expect(named(b)).toEqual(named(a))
  })

  it('the confirm statement writes the time, the services and one event from the update it made', async () => {
    const db = fakeDb()
    const time = {
      operator: 4,
      start: new Date(0),
      end: '1970-01-01T01:00:00.000Z',
      duration: 60,
      price: 30,
      status: 'CONFIRMED' as const,
      plan: null,
    }
    const actor = { id: 9, user_role: 'USER' as const }
    const confirm = { id: 7, time, note: null, anyOperator: true, services: [3, 5], now: new Date(1) }
    await repo.writeConfirmed(db, confirm, actor, snapshot('PENDING_CONFIRMATION'), snapshot('CONFIRMED'))
    const [s] = db.sent
    expect(s!.text).toMatch(/^with w as \(update reservations set operator_id = \$\d+/)
    expect(s!.text).toMatch(/insert into reservation_events[\s\S]*from w$/)
    // The id and the instant are one parameter each, however often the statement uses them.
    expect(s!.values!.filter((x) => x === 7)).toHaveLength(1)
    expect(s!.values!.filter((x) => x instanceof Date && x.getTime() === 1)).toHaveLength(1)
  })

  it('busy times use one parameter for the operators, the window and the excluded booking', () => {
    const { text, values } = statement(busyTimes([1, 2], new Date(0), new Date(1), null))
    expect(values).toHaveLength(4)
    expect(placeholders(text)).toEqual([1, 2, 3, 4])
  })
})
