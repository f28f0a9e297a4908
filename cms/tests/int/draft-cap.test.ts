/**
 * Opening a booking draft (reservations/writes/openDraft.ts): a customer holds at most
 * MAX_OPEN_DRAFTS open drafts; the next one is refused with 429 TOO_MANY_DRAFTS and writes
 * nothing — no row, no event — and the drafts that exist keep working.
 */
import { describe, expect, it } from 'vitest'
import { MAX_OPEN_DRAFTS } from '@salon/shared'
import { api, registerCustomers, sql } from './helpers'

describe('open a booking draft', () => {
  it(`holds ${MAX_OPEN_DRAFTS} drafts per customer, each with its CREATED event; one more is 429 and writes nothing`, async () => {
    const [token] = await registerCustomers(1, 'drafts')
    const ids: number[] = []
    for (let i = 0; i < MAX_OPEN_DRAFTS; i++) {
      const res = await api('POST', '/api/reservations/create-session', { token })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      ids.push(res.body.data.id as number)
    }
    const user = (await sql('select user_id from reservations where id = $1', [ids[0]]))[0]!.user_id as number
    const count = async () =>
      (
        await sql(
          `select count(*)::int as drafts,
                  (select count(*)::int from reservation_events e join reservations r on r.id = e.reservation_id
                    where r.user_id = $1 and e.kind = 'CREATED') as events
             from reservations where user_id = $1 and status = 'PENDING_CONFIRMATION'`,
          [user],
        )
      )[0]
    expect(await count()).toEqual({ drafts: MAX_OPEN_DRAFTS, events: MAX_OPEN_DRAFTS })

    const refused = await api('POST', '/api/reservations/create-session', { token })
    expect(refused.status).toBe(429)
    expect(refused.body.errors[0].data).toMatchObject({ reason: 'TOO_MANY_DRAFTS', limit: MAX_OPEN_DRAFTS })
    expect(await count()).toEqual({ drafts: MAX_OPEN_DRAFTS, events: MAX_OPEN_DRAFTS })

    // One draft gone (as when its hold passes), a new one opens again.
    await sql('delete from reservations where id = $1', [ids[0]])
    const again = await api('POST', '/api/reservations/create-session', { token })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    // Leave no drafts behind for the other files.
    await sql(`delete from reservations where user_id = $1 and status = 'PENDING_CONFIRMATION'`, [user])
  })
})
