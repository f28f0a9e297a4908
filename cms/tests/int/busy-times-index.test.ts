/**
 * Busy times are read through the guard's GiST index by their time range (calendar/calendar.ts
 * `blockingDuring`): what availability and confirm read costs the rows in the window, not the
 * salon's whole history. Checked on the generic plan PostgreSQL uses for a named statement after a
 * few runs, with sequential scans off so the planner says which index it *can* use.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { busyTimes, busyTimesNear } from '../../src/calendar'
import { sql, statement } from '../../src/platform'

const client = new pg.Client({ connectionString: process.env.SALON_DATABASE_URL })
beforeAll(async () => {
  await client.connect()
  await client.query('set plan_cache_mode = force_generic_plan')
  await client.query('set enable_seqscan = off')
})
afterAll(() => client.end())

let prepared = 0

/** The condition line under the generic plan's scan of `index` ('' when it has none). */
async function indexUse(text: string, values: unknown[], index: string) {
  const name = `busy_${++prepared}`
  await client.query(`prepare ${name} as ${text}`)
  // EXECUTE takes no bind parameters: the values as literals.
  const literal = (v: unknown) =>
    v === null
      ? 'null'
      : Array.isArray(v)
        ? `'{${v.join(',')}}'`
        : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v))
  const args = values.map(literal).join(', ')
  const lines = (await client.query(`explain (costs off) execute ${name}(${args})`)).rows.map(
    (r: { 'QUERY PLAN': string }) => r['QUERY PLAN'],
  )
  const at = lines.findIndex((l) => l.includes(` ${index} `) || l.endsWith(` ${index}`))
  expect(at, lines.join('\n')).toBeGreaterThanOrEqual(0)
  return (lines[at + 1] ?? '').trim()
}

describe('busy times through the GiST index by time range', () => {
  it("loadBlocking's statement finds reservations and blocks by operator and time range", async () => {
    const { text, values } = statement(
      busyTimes([1, 2], new Date('2031-03-03T00:00:00Z'), new Date('2031-03-04T00:00:00Z'), null),
    )
    expect(await indexUse(text, values, 'reservations_blocking_time_idx')).toMatch(
      /^Index Cond: .*tstzrange\(date_start, date_end/,
    )
    expect(await indexUse(text, values, 'operator_blocks_no_overlap')).toMatch(/^Index Cond: .*tstzrange/)
  })

  it("confirm's busy times near a start find reservations by time range", async () => {
    const { text, values } = statement(sql`select ${busyTimesNear(new Date('2031-03-03T10:00:00Z'), 0)} as near`)
    expect(await indexUse(text, values, 'reservations_blocking_time_idx')).toMatch(
      /^Index Cond: \(tstzrange\(date_start, date_end/,
    )
  })

  it('reads the same rows as the plain overlap condition', async () => {
    // Over the seeded salon: every blocking reservation overlapping a day, both ways.
    const from = '2026-12-01T00:00:00Z'
    const to = '2027-01-01T00:00:00Z'
    const operators = (await client.query('select array_agg(id) as ids from operators')).rows[0].ids as number[]
    const viaIndex = (await client.query(statement(busyTimes(operators, from, to, null)))).rows.map((r) => r.id).sort()
    const plain = (
      await client.query(
        `select id from reservations where operator_id = any($1::int[]) and date_start < $3 and date_end > $2
            and status in ('PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION')
         union all select -id from operator_blocks where operator_id = any($1::int[]) and date_start < $3 and date_end > $2`,
        [operators, from, to],
      )
    ).rows
      .map((r) => r.id)
      .sort()
    expect(viaIndex.length).toBeGreaterThan(0)
    expect(viaIndex).toEqual(plain)
  })
})

describe("confirm's busy times: the salon's local day", () => {
  it('hold every busy row overlapping the local day of the start, DST days included, and not the day before', async () => {
    // Europe/Rome (the demo salon): 2031-03-30 is 23 hours long, 2031-10-26 is 25 hours long.
    const tz = (await client.query('select timezone from config order by id limit 1')).rows[0].timezone
    expect(tz).toBe('Europe/Rome')
    const ids = async (start: string) =>
      (
        (await client.query(statement(sql`select ${busyTimesNear(start, 0)} as near`))).rows[0].near as { id: number }[]
      ).map((r) => r.id)
    const operator = (await client.query('select id from operators order by id limit 1')).rows[0].id as number
    const insert = async (start: string, end: string) =>
      (
        await client.query(
          `insert into reservations (operator_id, date_start, date_end, status, duration, total_price, updated_at, created_at)
           values ($1, $2, $3, 'CONFIRMED', 30, 10, now(), now()) returning id`,
          [operator, start, end],
        )
      ).rows[0].id as number
    const made: number[] = []
    try {
      // 2031-10-26 local: 2031-10-25T22:00Z → 2031-10-26T23:00Z (25 h).
      const lateLocal = await insert('2031-10-26T22:30:00Z', '2031-10-26T22:59:00Z') // 23:30 local, same day
      const dayBefore = await insert('2031-10-25T18:00:00Z', '2031-10-25T18:30:00Z') // 20:00 local, the day before
      made.push(lateLocal, dayBefore)
      const near = await ids('2031-10-26T08:00:00Z')
      expect(near).toContain(lateLocal)
      expect(near).not.toContain(dayBefore)
    } finally {
      if (made.length) await client.query('delete from reservations where id = any($1::int[])', [made])
    }
  })
})
