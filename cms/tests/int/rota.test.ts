/**
 * Who works when (issue 23): working patterns, one-day exceptions and leave, obeyed by the public
 * times, "any operator", confirm, staff bookings and moves with the very next request — in both app
 * processes (BASE_URL_B) — and leave that can never be landed in by a confirm racing its save.
 * This file has a salon of its own (setup.ts), so it rewrites the demo operators' weeks freely.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { rotaConflictsResponse, rotaResponse, scheduleResponse, agendaResponse, DAYS_OF_WEEK } from '@salon/shared'
import { operatorDayLock } from '../../src/reservations'
import { BASE_URL_B, DATABASE_URL, api, errorPaths, registerCustomers, sql } from './helpers'

let svc: Record<string, number>
let ops: Record<string, number>
let giulia: number
let marco: number

const DAY_MS = 86_400_000
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10)
const weekdayOf = (day: string) => DAYS_OF_WEEK[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!
/** The first day at least `after` days ahead that falls on `weekday`. */
function next(weekday: (typeof DAYS_OF_WEEK)[number], after = 3) {
  for (let d = after; d < after + 7; d++) {
    const day = isoDay(Date.now() + d * DAY_MS)
    if (weekdayOf(day) === weekday) return day
  }
  throw new Error('unreachable')
}
const hhmmInRome = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  )

/** An open `weekday` at least `after` days ahead on which `operator` has plenty of free times (skips holidays). */
/** A `weekday` from `after` days on with the operator open — and free at `times` (Rome), when given. */
async function openDay(weekday: (typeof DAYS_OF_WEEK)[number], after: number, operator: number, times: string[] = []) {
  for (let w = 0; w < 5; w++) {
    const day = next(weekday, after + 7 * w)
    const slots = await slotsOf(day, operator)
    const free = slots.map((s) => hhmmInRome(s.start))
    if (slots.length > 8 && times.every((t) => free.includes(t))) return day
  }
  throw new Error(`no open ${weekday} after ${after}`)
}

const slotsOf = async (day: string, operator: number | 'any', base?: string, service = svc.Piega!) => {
  const res = await api(
    'GET',
    `/api/reservations/time-availability-day?date=${day}&services=${service}&operator=${operator}`,
    { base },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.slots as { start: string; end: string; operators: number[] }[]
}

const putPattern = (operator: number, body: unknown, base?: string) =>
  api('PUT', `/api/operators/${operator}/schedule`, { as: 'ADMIN', body, base })

const iv = (opening_time: string, closing_time: string) => ({ opening_time, closing_time })
const fullWeek = (days: (typeof DAYS_OF_WEEK)[number][], week = 1) =>
  days.map((day_of_week) => ({ week, day_of_week, intervals: [iv('09:00', '13:00'), iv('14:30', '19:30')] }))

async function confirmAs(token: string, operator: number | 'any', date_start: string, base?: string) {
  const draft = await api('POST', '/api/reservations/create-session', { token, base })
  expect(draft.status, JSON.stringify(draft.body)).toBe(201)
  return api('POST', '/api/reservations/confirm', {
    token,
    base,
    body: { id: draft.body.data.id, services: [svc.Piega], operator, date_start },
  })
}

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators where active')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
  giulia = ops.Giulia!
  marco = ops.Marco!
  expect(BASE_URL_B, 'scripts/test.mjs starts a second app process for this file').not.toBe('')
})

describe('the rota API: who may, and bad input named by field', () => {
  it('only admins write a pattern; an operator reads their own schedule only', async () => {
    const body = { from: isoDay(Date.now()), cycleWeeks: 1, days: fullWeek(['TUESDAY']) }
    expect((await api('PUT', `/api/operators/${giulia}/schedule`, { body })).status).toBe(401)
    expect((await api('PUT', `/api/operators/${giulia}/schedule`, { as: 'USER', body })).status).toBe(403)
    expect((await api('PUT', `/api/operators/${giulia}/schedule`, { as: 'OPERATOR', body })).status).toBe(403)
    const range = `from=${isoDay(Date.now())}&to=${isoDay(Date.now() + 6 * DAY_MS)}`
    const own = await api('GET', `/api/operators/${giulia}/schedule?${range}`, { as: 'OPERATOR' })
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    expect(scheduleResponse.parse(own.body).days).toHaveLength(7)
    expect((await api('GET', `/api/operators/${marco}/schedule?${range}`, { as: 'OPERATOR' })).status).toBe(403)
    expect((await api('GET', `/api/operators/${marco}/schedule?${range}`, { as: 'USER' })).status).toBe(403)
    expect((await api('GET', `/api/operators/999999/schedule?${range}`, { as: 'ADMIN' })).status).toBe(404)
    expect((await api('GET', `/api/rota?${range}`, { as: 'OPERATOR' })).status).toBe(403)
    expect((await api('POST', '/api/operator-leave', { as: 'OPERATOR', body: {} })).status).toBe(403)
  })

  it('400 names the field: end before start, overlapping intervals, a 5-week cycle, leave ending before it starts', async () => {
    const from = isoDay(Date.now() + 200 * DAY_MS)
    const backwards = await putPattern(giulia, {
      from,
      cycleWeeks: 1,
      days: [{ week: 1, day_of_week: 'TUESDAY', intervals: [iv('13:00', '09:00')] }],
    })
    expect(backwards.status).toBe(400)
    expect(errorPaths(backwards.body)).toContain('days.0.intervals.0.closing_time')
    const overlapping = await putPattern(giulia, {
      from,
      cycleWeeks: 1,
      days: [{ week: 1, day_of_week: 'TUESDAY', intervals: [iv('09:00', '13:00'), iv('12:00', '15:00')] }],
    })
    expect(overlapping.status).toBe(400)
    expect(errorPaths(overlapping.body)).toContain('days.0.intervals.1.opening_time')
    const fiveWeeks = await putPattern(giulia, { from, cycleWeeks: 5, days: [] })
    expect(fiveWeeks.status).toBe(400)
    expect(errorPaths(fiveWeeks.body)).toEqual(['cycleWeeks'])
    const beyond = await putPattern(giulia, { from, cycleWeeks: 2, days: fullWeek(['MONDAY'], 3) })
    expect(errorPaths(beyond.body)).toContain('days.0.week')
    const leave = await api('POST', '/api/operator-leave', {
      as: 'ADMIN',
      body: { operator: giulia, kind: 'ANNUAL', start: `${from}T17:00:00Z`, end: `${from}T09:00:00Z` },
    })
    expect(leave.status, JSON.stringify(leave.body)).toBe(400)
    expect(errorPaths(leave.body)).toContain('end')
    const kind = await api('POST', '/api/operator-leave', {
      as: 'ADMIN',
      body: { operator: giulia, kind: 'HOLIDAY', start: `${from}T09:00:00Z`, end: `${from}T17:00:00Z` },
    })
    expect(kind.status).toBe(400)
    expect(errorPaths(kind.body)).toContain('kind')
    // Nothing was written by any of them.
    expect(await sql('select 1 from operator_schedules where valid_from = $1', [from])).toHaveLength(0)
    expect(await sql('select 1 from operator_leave where operator_id = $1', [giulia])).toHaveLength(0)
  })
})

describe('a working pattern is obeyed by the next request of both processes', () => {
  it('Tuesday–Thursday: Friday offers nothing with her, Tuesday does; the schedule says so', async () => {
    const today = isoDay(Date.now())
    const put = await putPattern(giulia, {
      from: today,
      cycleWeeks: 1,
      days: fullWeek(['TUESDAY', 'WEDNESDAY', 'THURSDAY']),
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    const friday = next('FRIDAY')
    // A Tuesday the salon is open (the next one may be a holiday: 8 December): she works it now.
    const tuesday = await openDay('TUESDAY', 3, giulia)
    for (const base of [undefined, BASE_URL_B]) {
      expect(await slotsOf(friday, giulia, base)).toEqual([])
      expect((await slotsOf(tuesday, giulia, base)).length).toBeGreaterThan(0)
      for (const s of await slotsOf(friday, 'any', base)) expect(s.operators).not.toContain(giulia)
    }
    const month = friday.slice(0, 7)
    const days = (
      await api('GET', `/api/reservations/availability-month?month=${month}&services=${svc.Piega}&operator=${giulia}`)
    ).body.days as string[]
    for (const d of days) expect(['TUESDAY', 'WEDNESDAY', 'THURSDAY']).toContain(weekdayOf(d))
    const schedule = scheduleResponse.parse(
      (await api('GET', `/api/operators/${giulia}/schedule?from=${tuesday}&to=${tuesday}`, { as: 'ADMIN' })).body,
    )
    expect(schedule.days[0]!.source).toBe('PATTERN')
    expect(schedule.days[0]!.intervals.map((i) => [hhmmInRome(i.start), hhmmInRome(i.end)])).toEqual([
      ['09:00', '13:00'],
      ['14:30', '19:30'],
    ])
    const fri = scheduleResponse.parse(
      (await api('GET', `/api/operators/${giulia}/schedule?from=${friday}&to=${friday}`, { as: 'ADMIN' })).body,
    )
    expect(fri.days[0]!.intervals).toEqual([])
  })

  it('a change made through process A refuses B’s next confirm (OFF_SHIFT), also for a time the customer already saw', async () => {
    const day = await openDay('SATURDAY', 4, marco)
    const [token] = await registerCustomers(1, 'rota-ab')
    const slot = (await slotsOf(day, marco, BASE_URL_B)).find((s) => hhmmInRome(s.start) >= '10:00')!
    expect(slot, 'Marco has a time on Saturday').toBeTruthy()
    // The customer is on the summary; the owner says Marco is not working that day (process A).
    const exception = await api('PUT', `/api/operators/${marco}/exceptions/${day}`, {
      as: 'ADMIN',
      body: { intervals: [], note: 'Visita medica' },
    })
    expect(exception.status, JSON.stringify(exception.body)).toBe(200)
    expect(await slotsOf(day, marco, BASE_URL_B)).toEqual([])
    const refused = await confirmAs(token!, marco, slot.start, BASE_URL_B)
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.errors[0].data.reason).toBe('OFF_SHIFT')
    // Back to his pattern: the same time books again, through B.
    expect((await api('DELETE', `/api/operators/${marco}/exceptions/${day}`, { as: 'ADMIN' })).status).toBe(200)
    const booked = await confirmAs(token!, marco, slot.start, BASE_URL_B)
    expect(booked.status, JSON.stringify(booked.body)).toBe(200)
  })

  it('"any operator" on a day when only one person works assigns that person', async () => {
    const day = await openDay('WEDNESDAY', 8, marco)
    const everyone = Object.values(ops)
    const only = ops.Sara ?? everyone.find((id) => id !== giulia && id !== marco)!
    for (const id of everyone.filter((id) => id !== only)) {
      const res = await api('PUT', `/api/operators/${id}/exceptions/${day}`, { as: 'ADMIN', body: { intervals: [] } })
      expect(res.status).toBe(200)
    }
    const slots = await slotsOf(day, 'any', BASE_URL_B)
    expect(slots.length).toBeGreaterThan(0)
    for (const s of slots) expect(s.operators).toEqual([only])
    const [token] = await registerCustomers(1, 'rota-any')
    const res = await confirmAs(token!, 'any', slots[0]!.start)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [row] = await sql('select operator_id from reservations where id = $1', [res.body.data?.id ?? res.body.id])
    expect(row.operator_id).toBe(only)
  })

  it('alternating Saturdays: a 2-week cycle works one Saturday in two', async () => {
    const sara = ops.Sara ?? Object.values(ops).find((id) => id !== giulia && id !== marco)!
    const first = next('SATURDAY', 10)
    const put = await putPattern(sara, {
      from: first,
      cycleWeeks: 2,
      days: [...fullWeek(['TUESDAY', 'SATURDAY'], 1), ...fullWeek(['TUESDAY'], 2)],
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    const schedule = scheduleResponse.parse(
      (
        await api(
          'GET',
          `/api/operators/${sara}/schedule?from=${first}&to=${isoDay(Date.parse(first) + 21 * DAY_MS)}`,
          {
            as: 'ADMIN',
          },
        )
      ).body,
    )
    const saturdays = schedule.days.filter((d) => weekdayOf(d.date) === 'SATURDAY')
    // As written (a holiday on one of them — 26 December — empties that day's working time, not its shift).
    expect(saturdays.map((d) => d.shift.length > 0)).toEqual([true, false, true, false])
    for (const d of saturdays.filter((x) => x.shift.length === 0)) expect(d.intervals).toEqual([])
    expect(schedule.patterns.at(-1)).toMatchObject({ from: first, to: null, cycleWeeks: 2 })
    // Back to the salon's hours from that day on: the earlier state (no pattern) applies again.
    expect((await api('DELETE', `/api/operators/${sara}/schedule?from=${first}`, { as: 'OPERATOR' })).status).toBe(403)
    expect((await api('DELETE', `/api/operators/${sara}/schedule`, { as: 'ADMIN' })).status).toBe(400)
    const reset = scheduleResponse.parse(
      (await api('DELETE', `/api/operators/${sara}/schedule?from=${first}`, { as: 'ADMIN' })).body,
    )
    expect(reset.patterns.filter((p) => p.from >= first)).toEqual([])
    expect(reset.days.every((d) => d.source !== 'PATTERN')).toBe(true)
  })
})

describe('leave', () => {
  it('a confirm that read the calendar before the leave was saved cannot land inside it (database guard)', async () => {
    const day = await openDay('THURSDAY', 15, marco)
    const slot = (await slotsOf(day, marco)).find((s) => hhmmInRome(s.start) >= '10:00')!
    const [token] = await registerCustomers(1, 'rota-race')
    // Hold the per-operator-day lock confirm takes before it writes: it reads everything (no
    // leave yet), then waits here.
    const holder = new pg.Client({ connectionString: DATABASE_URL })
    await holder.connect()
    try {
      const holderPid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid as number
      await holder.query('begin')
      await holder.query('select pg_advisory_xact_lock($1, $2)', [...operatorDayLock(marco, day)])
      const draft = await api('POST', '/api/reservations/create-session', { token })
      const confirming = api('POST', '/api/reservations/confirm', {
        token,
        body: { id: draft.body.data.id, services: [svc.Piega], operator: marco, date_start: slot.start },
      })
      for (let i = 0; i < 200; i++) {
        const waiting = await sql(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory' and pid <> $1`,
          [holderPid],
        )
        if (waiting.length) break
        await new Promise((r) => setTimeout(r, 25))
      }
      // The leave is saved through the other process meanwhile, and commits.
      const leave = await api('POST', '/api/operator-leave', {
        as: 'ADMIN',
        base: BASE_URL_B,
        body: { operator: marco, kind: 'SICK', start: `${day}T00:00:00+01:00`, end: `${day}T23:59:00+01:00` },
      })
      expect(leave.status, JSON.stringify(leave.body)).toBe(201)
      await holder.query('commit')
      const res = await confirming
      expect(res.status, JSON.stringify(res.body)).toBe(409)
      expect(res.body.errors[0].data.reason).toBe('OFF_SHIFT')
      // The draft kept no time: nothing of it is inside the leave.
      const [row] = await sql('select status, date_start from reservations where id = $1', [draft.body.data.id])
      expect(row).toEqual({ status: 'PENDING_CONFIRMATION', date_start: null })
    } finally {
      await holder.end()
    }
  })

  it('confirms racing a leave being saved: every one answers 200 or 409, and none lands after the leave', async () => {
    const day = await openDay('FRIDAY', 22, marco)
    const seeded = (
      await sql(
        `select id from reservations where operator_id = $1 and status in ('CONFIRMED', 'PENDING', 'APPROVED')
           and date_start >= $2::date - interval '1 day' and date_start < $2::date + interval '2 days'`,
        [marco, day],
      )
    ).map((r) => r.id as number)
    const slots = (await slotsOf(day, marco)).slice(0, 8)
    expect(slots.length).toBeGreaterThan(3)
    const tokens = await registerCustomers(slots.length, 'rota-race2')
    const drafts = await Promise.all(tokens.map((token) => api('POST', '/api/reservations/create-session', { token })))
    const confirms = slots.map((s, i) =>
      api('POST', '/api/reservations/confirm', {
        token: tokens[i],
        base: i % 2 ? BASE_URL_B : undefined,
        body: { id: drafts[i]!.body.data.id, services: [svc.Piega], operator: marco, date_start: s.start },
      }),
    )
    const leave = api('POST', '/api/operator-leave', {
      as: 'ADMIN',
      body: { operator: marco, kind: 'PERMIT', start: `${day}T06:00:00Z`, end: `${day}T20:00:00Z` },
    })
    const results = await Promise.all(confirms)
    expect((await leave).status).toBe(201)
    for (const r of results) expect([200, 409]).toContain(r.status)
    // Whatever got in did so before the leave: it is listed to reassign, nothing is lost.
    const booked = results.filter((r) => r.status === 200).map((r) => r.body.data.id as number)
    const conflicts = rotaConflictsResponse.parse(
      (await api('GET', `/api/rota/conflicts?operator=${marco}&from=${day}&to=${day}`, { as: 'ADMIN' })).body,
    )
    const listed = conflicts.items.map((i) => i.id)
    for (const id of booked) expect(listed).toContain(id)
    for (const id of listed) expect([...booked, ...seeded]).toContain(id)
    expect(conflicts.items.every((i) => i.reason === 'ON_LEAVE')).toBe(true)
    // After the leave: nothing more gets in.
    expect(await slotsOf(day, marco)).toEqual([])
  })

  it('leave over two bookings: both listed with a free colleague, reassigned in one click each, list empty after', async () => {
    const day = await openDay('TUESDAY', 29, marco, ['10:00', '15:00'])
    const slots = await slotsOf(day, marco)
    const picks = [
      slots.find((s) => hhmmInRome(s.start) === '10:00'),
      slots.find((s) => hhmmInRome(s.start) === '15:00'),
    ]
    expect(picks.every(Boolean), 'Marco is free at 10:00 and 15:00').toBe(true)
    const tokens = await registerCustomers(2, 'rota-reassign')
    const ids: number[] = []
    for (const [i, s] of picks.entries()) {
      const res = await confirmAs(tokens[i]!, marco, s!.start)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      ids.push(res.body.data?.id ?? res.body.id)
    }
    const leave = await api('POST', '/api/operator-leave', {
      as: 'ADMIN',
      body: {
        operator: marco,
        kind: 'ANNUAL',
        start: `${day}T00:00:00+01:00`,
        end: `${day}T23:59:59+01:00`,
        note: 'Ferie',
      },
    })
    expect(leave.status, JSON.stringify(leave.body)).toBe(201)
    const list = rotaConflictsResponse.parse(
      (await api('GET', `/api/rota/conflicts?operator=${marco}&from=${day}&to=${day}`, { as: 'ADMIN' })).body,
    )
    const ours = list.items.filter((i) => ids.includes(i.id))
    expect(ours.map((i) => i.id).sort()).toEqual([...ids].sort())
    for (const item of ours) {
      expect(item.reason).toBe('ON_LEAVE')
      expect(item.leaveKind).toBe('ANNUAL')
      expect(item.operator.name).toBe('Marco Bianchi')
      expect(item.candidates.length).toBeGreaterThan(0)
      expect(item.candidates.map((c) => c.id)).not.toContain(marco)
      const to = item.candidates[0]!.id
      const moved = await api('PATCH', `/api/reservations/${item.id}/edit`, { as: 'ADMIN', body: { operator: to } })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      const [row] = await sql('select operator_id, date_start from reservations where id = $1', [item.id])
      expect(row.operator_id).toBe(to)
      expect(new Date(row.date_start).toISOString()).toBe(item.date_start) // the customer keeps the time
    }
    const after = rotaConflictsResponse.parse(
      (await api('GET', `/api/rota/conflicts?operator=${marco}&from=${day}&to=${day}`, { as: 'ADMIN' })).body,
    )
    for (const id of ids) expect(after.items.map((i) => i.id)).not.toContain(id)
    expect(after.total).toBe(list.total - 2)
    // The agenda greys Marco's day as leave; the team's week shows it.
    const agenda = agendaResponse.parse(
      (await api('GET', `/api/reservations/agenda?from=${day}&to=${day}`, { as: 'ADMIN' })).body,
    )
    const marcos = agenda.offShift!.filter((o) => o.operator === marco)
    expect(marcos.length).toBeGreaterThan(0)
    expect(marcos.every((o) => o.kind === 'LEAVE' && o.leaveKind === 'ANNUAL')).toBe(true)
    // REST reads of leave: an operator sees their own record's only, a customer nothing, a visitor 401.
    const asGiulia = await api('GET', '/api/operator-leave?limit=100&depth=0', { as: 'OPERATOR' })
    expect(asGiulia.status).toBe(200)
    expect(asGiulia.body.docs.every((l: { operator: number }) => l.operator === giulia)).toBe(true)
    expect(
      (await api('GET', '/api/operator-leave?limit=100', { as: 'ADMIN' })).body.docs.some(
        (l: { operator: number }) => l.operator === marco,
      ),
    ).toBe(true)
    expect((await api('GET', '/api/operator-leave', { as: 'USER' })).status).toBe(403)
    expect((await api('GET', '/api/operator-leave')).status).toBe(401)
    const week = rotaResponse.parse((await api('GET', `/api/rota?from=${day}&to=${day}`, { as: 'ADMIN' })).body)
    expect(week.leave.map((l) => l.operator)).toContain(marco)
    expect(week.operators.find((o) => o.id === marco)!.days[0]!.intervals).toEqual([])
  })
})

describe('staff may book outside a shift on purpose', () => {
  it('409 OFF_SHIFT without the override; with it the booking is made and recorded, and not listed to reassign', async () => {
    const tuesday = await openDay('TUESDAY', 36, marco)
    const exception = await api('PUT', `/api/operators/${marco}/exceptions/${tuesday}`, {
      as: 'ADMIN',
      body: { intervals: [iv('14:30', '19:30')] },
    })
    expect(exception.status).toBe(200)
    const [{ id: user }] = await sql(`select id from users where email = 'cliente@demo.salon'`)
    const date_start = new Date(`${tuesday}T09:00:00+01:00`).toISOString()
    const body = { user, services: [svc.Piega], operator: marco, date_start }
    const refused = await api('POST', '/api/reservations/book', { as: 'ADMIN', body })
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.errors[0].data.reason).toBe('OFF_SHIFT')
    const booked = await api('POST', '/api/reservations/book', { as: 'ADMIN', body: { ...body, override_shift: true } })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const id = booked.body.data?.id ?? booked.body.id
    const [row] = await sql('select shift_override, operator_id from reservations where id = $1', [id])
    expect(row).toEqual({ shift_override: true, operator_id: marco })
    const list = rotaConflictsResponse.parse(
      (await api('GET', `/api/rota/conflicts?operator=${marco}&from=${tuesday}&to=${tuesday}`, { as: 'ADMIN' })).body,
    )
    expect(list.items.map((i) => i.id)).not.toContain(id)
    // The agenda greys his morning as off shift.
    const agenda = agendaResponse.parse(
      (await api('GET', `/api/reservations/agenda?from=${tuesday}&to=${tuesday}&operator=${marco}`, { as: 'ADMIN' }))
        .body,
    )
    expect(agenda.offShift!.some((o) => o.kind === 'OFF_SHIFT' && hhmmInRome(o.start) === '09:00')).toBe(true)
    expect(agenda.reservations.find((r) => r.id === id)?.override_shift).toBe(true)
  })

  it('a customer cannot ask for the override', async () => {
    const [token] = await registerCustomers(1, 'rota-override')
    const day = await openDay('WEDNESDAY', 43, marco)
    const slot = (await slotsOf(day, marco))[0]!
    const res = await confirmAs(token!, marco, slot.start)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const id = res.body.data?.id ?? res.body.id
    const later = (await slotsOf(day, marco))[3]!
    const move = await api('PATCH', `/api/reservations/${id}/edit`, {
      token,
      body: { date_start: later.start, override_shift: true },
    })
    expect(move.status, JSON.stringify(move.body)).toBe(403)
    expect(errorPaths(move.body)).toContain('override_shift')
  })
})

describe('the team’s week', () => {
  it('copy this week onto the next two: the same shifts as exceptions', async () => {
    const monday = next('MONDAY', 50)
    const res = await api('POST', '/api/rota/copy-week', {
      as: 'ADMIN',
      body: { from: monday, weeks: 2, operators: [giulia] },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.written).toBe(14)
    const to = isoDay(Date.parse(monday) + 20 * DAY_MS)
    const schedule = scheduleResponse.parse(
      (await api('GET', `/api/operators/${giulia}/schedule?from=${monday}&to=${to}`, { as: 'ADMIN' })).body,
    )
    const first = schedule.days.slice(0, 7)
    for (let w = 1; w <= 2; w++) {
      const week = schedule.days.slice(7 * w, 7 * w + 7)
      expect(week.map((d) => d.source)).toEqual(Array(7).fill('EXCEPTION'))
      expect(week.map((d) => d.shift)).toEqual(first.map((d) => d.shift))
    }
    const bad = await api('POST', '/api/rota/copy-week', {
      as: 'ADMIN',
      body: { from: isoDay(Date.parse(monday) + DAY_MS), weeks: 13 },
    })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body).sort()).toEqual(['from', 'weeks'])
  })

  it('GET /api/rota answers every operator’s days and the closed days; the operator sees their own shifts', async () => {
    const from = next('MONDAY', 3)
    const to = isoDay(Date.parse(from) + 6 * DAY_MS)
    const week = rotaResponse.parse((await api('GET', `/api/rota?from=${from}&to=${to}`, { as: 'ADMIN' })).body)
    expect(week.operators.length).toBeGreaterThanOrEqual(Object.keys(ops).length)
    expect(week.closedDays).toContain(from) // Monday: the demo salon is closed
    const mine = await api('GET', '/api/rota/mine', { as: 'OPERATOR' })
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.operators).toHaveLength(1)
    expect(scheduleResponse.parse(mine.body.operators[0]).operator).toBe(giulia)
    expect(mine.body.operators[0].days).toHaveLength(28)
    expect((await api('GET', '/api/rota/mine', { as: 'USER' })).body.operators).toEqual([])
  })

  it('the home page says who works today ("Chi c’è oggi"), by the same rule', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date())
    const expected: number[] = []
    for (const id of Object.values(ops)) {
      const s = scheduleResponse.parse(
        (await api('GET', `/api/operators/${id}/schedule?from=${today}&to=${today}`, { as: 'ADMIN' })).body,
      )
      if (s.days[0]!.intervals.length > 0) expected.push(id)
    }
    const home = async () => ((await api('GET', '/api/pages/home')).body.workingToday as number[]).sort()
    expect(await home()).toEqual(expected.sort())
    // Someone who works today calls in sick: gone from the home with the next request.
    if (expected.length) {
      const leave = await api('POST', '/api/operator-leave', {
        as: 'ADMIN',
        body: { operator: expected[0], kind: 'SICK', start: `${today}T00:00:00+01:00`, end: `${today}T23:59:00+01:00` },
      })
      expect(leave.status).toBe(201)
      expect(await home()).not.toContain(expected[0])
    }
  })
})
