/**
 * Confirm checks the process's copy of the salon's calendar by its version (one read inside the
 * transaction; migration `…_calendar_version`, calendar/salonCalendar.ts `salonCalendar(db, { consistency: 'committed' })`).
 * A calendar change committed by anyone — here raw SQL, so no Payload hook and no NOTIFY can be
 * what makes it seen — is refused by the very next confirm, in this process and in the other one.
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { BASE_URL_B, DATABASE_URL, api, daySlots, freeDay, registerCustomers, sql } from './helpers'

const version = async () => Number((await sql('select version from calendar_version where id = 1'))[0].version)

describe('the calendar version', () => {
  it('every committed calendar change moves it, with the change (not before the commit)', async () => {
    const before = await version()
    const client = new pg.Client({ connectionString: DATABASE_URL })
    await client.connect()
    try {
      await client.query('begin')
      await client.query(`update config set updated_at = now()`)
      await client.query(`update operators set updated_at = now()`)
      // Not committed yet: nobody else sees a new version (nor the change).
      expect(await version()).toBe(before)
      await client.query('commit')
    } finally {
      await client.end()
    }
    expect(await version()).toBeGreaterThan(before)
  })

  it('a closure written by raw SQL is refused by the very next confirm, in both processes; removed, the time books again', async () => {
    const [{ id: service }] = await sql(`select id from services where active and title = 'Piega'`)
    const day = await freeDay(service, 53)
    const slots = await daySlots(day, [service], 'any')
    const tokens = await registerCustomers(3, 'calver')
    const draft = async (token: string) =>
      (await api('POST', '/api/reservations/create-session', { token })).body.data.id as number
    const confirm = (token: string, id: number, start: string, base?: string) =>
      api('POST', '/api/reservations/confirm', {
        token,
        base,
        body: { id, services: [service], operator: 'any', date_start: start },
      })
    // Both processes hold a copy of the current version (a confirm each).
    expect((await confirm(tokens[0]!, await draft(tokens[0]!), slots[0]!.start)).status).toBe(200)
    if (BASE_URL_B)
      expect((await confirm(tokens[0]!, await draft(tokens[0]!), slots[2]!.start, BASE_URL_B)).status).toBe(200)

    const before = await version()
    const [{ id: closure }] = await sql(
      `insert into business_closures (name, closure_type, start_date, end_date, is_active)
       values ('Inventario', 'FULL_DAY', $1, $1, true) returning id`,
      [`${day}T12:00:00.000Z`],
    )
    try {
      expect(await version()).toBeGreaterThan(before)
      const [a, b] = [await draft(tokens[1]!), await draft(tokens[1]!)]
      const here = await confirm(tokens[1]!, a, slots[6]!.start)
      expect(here.status, JSON.stringify(here.body)).toBe(409)
      expect(here.body.errors[0].data.reason).toBe('CLOSED')
      if (BASE_URL_B) {
        const there = await confirm(tokens[1]!, b, slots[6]!.start, BASE_URL_B)
        expect(there.status, JSON.stringify(there.body)).toBe(409)
        expect(there.body.errors[0].data.reason).toBe('CLOSED')
      }
    } finally {
      await sql('delete from business_closures where id = $1', [closure])
    }
    // The closure gone (another version): the same time books at once.
    const again = await confirm(tokens[2]!, await draft(tokens[2]!), slots[6]!.start)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
  })

  it('busy times come from PostgreSQL as Date#toISOString writes them (calendar/calendar.ts isoOf)', async () => {
    const rows = await sql(
      `select ts, to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso
         from (values ('2026-03-29 01:59:59.999+01'::timestamptz), ('2026-10-25 02:30:00.5+02'),
                      ('2027-01-01 00:00:00+00'), (now())) as t(ts)`,
    )
    for (const r of rows) expect(r.iso).toBe(new Date(r.ts).toISOString())
  })
})
