/**
 * Blocked time of one operator (issue 13 §3): written by admins, busy like a booking for the
 * engine (public availability, confirm, "any operator") and for the database guard (two triggers
 * sharing an advisory lock per operator, migration 20261123_080000_operator_blocks). Days +21…+23
 * are this file's (see helpers.ts freeDay).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { localInstant } from '@salon/shared'
import { api, daySlots, errorPaths, freeDay, registerCustomers, slotAt, sql } from './helpers'

let svc: Record<string, number>
let ops: Record<string, number>

beforeAll(async () => {
  // Active ones only: other files add inactive operators while this one runs.
  ops = Object.fromEntries((await sql('select id, name from operators where active')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
})

const block = (body: Record<string, unknown>, as: 'ADMIN' | 'USER' | 'OPERATOR' | 'visitor' = 'ADMIN') =>
  api('POST', '/api/operator-blocks', { as, body })

/** A confirmed booking of a fresh customer, through the customer path. */
async function customerBooks(date_start: string, operator: number | 'any') {
  const [token] = await registerCustomers(1, 'blocks')
  const draft = await api('POST', '/api/reservations/create-session', { token })
  expect(draft.status, JSON.stringify(draft.body)).toBe(201)
  const res = await api('POST', '/api/reservations/confirm', {
    token,
    body: { id: draft.body.data.id, services: [svc.Piega], operator, date_start },
  })
  return { res, token: token! }
}

/** A free start at local `hhmm` on `day` and an operator free then (not every operator works every day). */
async function freeAt(day: string, hhmm: string) {
  const slot = await slotAt(day, [svc.Piega!], 'any', hhmm)
  return { start: slot.start, op: slot.operators[0]!, others: slot.operators.slice(1) }
}

/**
 * An operator free for `minutes` in a row from 14:30 on `day` (the demo seed books many days, so a
 * window is searched, not assumed), and another operator who works that day.
 */
async function freeWindow(day: string, minutes: number) {
  const ids = Object.values(ops)
  const piega = 30 * 60_000
  for (const op of ids) {
    const starts = (await daySlots(day, [svc.Piega!], op).catch(() => [])).map((x) => Date.parse(x.start))
    for (let i = 0; i < starts.length; i++) {
      const first = starts[i]!
      if (
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hour12: false }).format(first) <
        '14'
      )
        continue
      let j = i
      while (j + 1 < starts.length && starts[j + 1]! - starts[j]! <= 15 * 60_000) j++
      if (starts[j]! + piega - first >= minutes * 60_000) {
        const others = []
        for (const o of ids)
          if (o !== op && (await daySlots(day, [svc.Piega!], o).catch(() => [])).length) others.push(o)
        return {
          op,
          others,
          start: new Date(first).toISOString(),
          end: new Date(first + minutes * 60_000).toISOString(),
        }
      }
      i = j
    }
  }
  throw new Error(`no operator free for ${minutes} minutes on ${day}`)
}

/**
 * Every start of `before` missing from `after` is explained by a booking of that operator (the
 * other test files book in parallel): the block itself took none of them.
 */
async function expectOnlyBookingsTook(operator: number, before: string[], after: string[]) {
  for (const start of before.filter((s) => !after.includes(s))) {
    const [row] = await sql(
      `select count(*)::int as n from reservations
        where operator_id = $1 and status in ('PENDING','APPROVED','CONFIRMED','PENDING_PAYMENT','MODIFIED','PENDING_CONFIRMATION')
          and date_start < $2::timestamptz + interval '30 minutes' and date_end > $2::timestamptz`,
      [operator, start],
    )
    expect(row.n, `${start} of operator ${operator} disappeared without a booking`).toBeGreaterThan(0)
  }
}

/**
 * The first day from `offset` days ahead with such a window: a day that has free times may still
 * have no 2½ hours in a row left (the suites before this one book the same weeks; around the
 * holidays the open days are few), so the next free day is tried.
 */
async function dayWithWindow(offset: number, minutes: number) {
  const tried = new Set<string>()
  for (let n = 0; n < 10; n++) {
    const day = await freeDay(svc.Piega!, offset, tried)
    try {
      return { day, ...(await freeWindow(day, minutes)) }
    } catch {
      // No window that day: the next one.
    }
  }
  throw new Error(`no operator free for ${minutes} minutes on ${[...tried].join(', ')}`)
}

const startsOf = async (day: string, operator: number | 'any') =>
  (await daySlots(day, [svc.Piega!], operator)).map((s) => s.start)

describe('an operator blocks an afternoon', () => {
  it('their public times disappear at once, the others stay; confirm and "any" respect it; removing it gives them back', async () => {
    const { day, ...picked } = await dayWithWindow(21, 180)
    const giulia = picked.op
    const other = picked.others[0]!
    expect(other).toBeDefined()
    const from = picked.start
    const to = picked.end
    const inside = (s: string) => s >= new Date(Date.parse(from) - 30 * 60_000).toISOString() && s < to
    const beforeGiulia = await startsOf(day, giulia)
    const beforeOther = await startsOf(day, other)
    expect(beforeGiulia.filter(inside).length).toBeGreaterThan(4)

    const created = await block({ operator: giulia, date_start: from, date_end: to, reason: 'Corso colore' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data).toMatchObject({
      operator: { id: giulia },
      date_start: from,
      date_end: to,
      reason: 'Corso colore',
    })
    const id = created.body.data.id as number

    // Giulia: nothing that would overlap the afternoon (a 30-minute Piega may not end inside it either).
    const afterGiulia = await startsOf(day, giulia)
    expect(afterGiulia.filter(inside)).toEqual([])
    await expectOnlyBookingsTook(
      giulia,
      beforeGiulia.filter((s) => !inside(s)),
      afterGiulia,
    )
    // The others keep every time (but those another test file booked meanwhile).
    await expectOnlyBookingsTook(other, beforeOther, await startsOf(day, other))

    // Confirming Giulia inside the block is refused; "any" at that time gets someone else.
    const refused = await customerBooks(from, giulia)
    expect(refused.res.status).toBe(409)
    const anyone = await customerBooks(from, 'any')
    expect(anyone.res.status, JSON.stringify(anyone.res.body)).toBe(200)
    const [row] = await sql('select operator_id from reservations where id = $1', [anyone.res.body.data.id])
    expect(row.operator_id).not.toBe(giulia)

    // The agenda shows the block to admins.
    const agenda = await api('GET', `/api/reservations/agenda?from=${day}`, { as: 'ADMIN' })
    expect(agenda.status).toBe(200)
    expect(agenda.body.blocks).toContainEqual(created.body.data)

    // Removed: the afternoon is bookable again.
    const removed = await api('DELETE', `/api/operator-blocks/${id}`, { as: 'ADMIN' })
    expect(removed.status).toBe(200)
    const back = (await startsOf(day, giulia)).filter(inside)
    expect(back.length).toBeGreaterThan(0)
    await expectOnlyBookingsTook(giulia, beforeGiulia.filter(inside), back)
    expect((await api('DELETE', `/api/operator-blocks/${id}`, { as: 'ADMIN' })).status).toBe(404)
  })

  it('a block over a booking or over another block is 409; moved and resized by PATCH, checked again', async () => {
    const day = await freeDay(svc.Piega!, 22)
    const { start: ten, op } = await freeAt(day, '10:00')
    const booked = await customerBooks(ten, op)
    expect(booked.res.status, JSON.stringify(booked.res.body)).toBe(200)

    const hour = 3_600_000
    const at = (base: string, h: number) => new Date(Date.parse(base) + h * hour).toISOString()
    const over = await block({ operator: op, date_start: ten, date_end: at(ten, 0.25) })
    expect(over.status).toBe(409)
    // The refusal names the booking in the way: id, times, the customer, in data and in words.
    const bookingId = booked.res.body.data.id as number
    const [who] = await sql(
      `select u.name, u.surname, r.date_end from reservations r join users u on u.id = r.user_id where r.id = $1`,
      [bookingId],
    )
    const customer = [who.name, who.surname].filter(Boolean).join(' ')
    expect(customer).not.toBe('')
    const bookingEnd = new Date(who.date_end).toISOString()
    expect(over.body.errors[0].data).toEqual({
      code: 'BLOCK_OVERLAPS_BOOKING',
      reason: 'BLOCK_OVERLAPS_BOOKING',
      bookings: [{ id: bookingId, start: ten, end: bookingEnd, status: booked.res.body.data.status, customer }],
      total: 1,
    })
    const hhmm = (iso: string) =>
      new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
        new Date(iso),
      )
    expect(over.body.errors[0].message).toBe(
      `Si sovrappone all’appuntamento di ${customer}, ${hhmm(ten)}–${hhmm(bookingEnd)}: spostalo prima di bloccare il tempo.`,
    )

    // Before opening (a block may cover any time): 06:00–07:00, then one overlapping it.
    const first = await block({ operator: op, date_start: at(ten, -4), date_end: at(ten, -3) })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.data.reason).toBeNull()
    const second = await block({ operator: op, date_start: at(ten, -3.5), date_end: at(ten, -2) })
    expect(second.status).toBe(409)
    expect(second.body.errors[0].data.reason).toBe('BLOCK_OVERLAP')

    // Stretched over the booking: refused, unchanged. Moved and renamed: fine.
    const id = first.body.data.id as number
    const onto = await api('PATCH', `/api/operator-blocks/${id}`, { as: 'ADMIN', body: { date_end: at(ten, 0.5) } })
    expect(onto.status).toBe(409)
    expect(onto.body.errors[0].data.reason).toBe('BLOCK_OVERLAPS_BOOKING')
    // Stretched from 06:00 to 10:30, it may cross other bookings of the morning too: all named, by start.
    const named = onto.body.errors[0].data.bookings as { id: number; start: string }[]
    expect(named.map((b) => b.id)).toContain(bookingId)
    expect(named.map((b) => b.start)).toEqual(named.map((b) => b.start).sort())
    expect(onto.body.errors[0].data.total).toBeGreaterThanOrEqual(named.length)
    const [still] = await sql('select date_end from operator_blocks where id = $1', [id])
    expect(new Date(still.date_end).toISOString()).toBe(at(ten, -3))
    const moved = await api('PATCH', `/api/operator-blocks/${id}`, {
      as: 'ADMIN',
      body: { date_start: at(ten, -3), date_end: at(ten, -2), reason: '  Medico  ' },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.data).toMatchObject({ date_start: at(ten, -3), date_end: at(ten, -2), reason: 'Medico' })
    const cleared = await api('PATCH', `/api/operator-blocks/${id}`, { as: 'ADMIN', body: { reason: '' } })
    expect(cleared.body.data.reason).toBeNull()
    // One end only: the other is the stored one, and must stay after it.
    const inverted = await api('PATCH', `/api/operator-blocks/${id}`, { as: 'ADMIN', body: { date_end: at(ten, -4) } })
    expect(inverted.status).toBe(400)
    expect(errorPaths(inverted.body)).toEqual(['date_end'])
  })

  it('the database itself refuses a booking over a block and a block over a booking, whoever writes', async () => {
    // Raw SQL ignores opening hours: 06:00 local, before anyone else's bookings.
    const day = await freeDay(svc.Piega!, 23)
    const op = ops.Giulia!
    // Computed, not a free time of the day: the e2e journeys, run first on this database, may have
    // taken that day's mornings.
    const six = localInstant(day, '06:00', 'Europe/Rome').toISOString()
    const end = new Date(Date.parse(six) + 3_600_000).toISOString()
    const [b] = await sql(
      `insert into operator_blocks (operator_id, date_start, date_end) values ($1, $2, $3) returning id`,
      [op, six, end],
    )
    await expect(
      sql(
        `insert into reservations (status, operator_id, date_start, date_end, duration, total_price, created_at, updated_at)
         values ('CONFIRMED', $1, $2, $3, 30, 20, now(), now())`,
        [op, new Date(Date.parse(six) + 30 * 60_000).toISOString(), end],
      ),
    ).rejects.toMatchObject({ code: '23P01' })
    // A cancelled booking there is fine (it blocks nothing); making it blocking again is not.
    const [r] = await sql(
      `insert into reservations (status, operator_id, date_start, date_end, duration, total_price, created_at, updated_at)
       values ('CANCELLED', $1, $2, $3, 60, 20, now(), now()) returning id`,
      [op, six, end],
    )
    await expect(sql(`update reservations set status = 'CONFIRMED' where id = $1`, [r.id])).rejects.toMatchObject({
      code: '23P01',
    })
    await sql('delete from operator_blocks where id = $1', [b.id])
    await sql(`update reservations set status = 'CONFIRMED' where id = $1`, [r.id])
    await expect(
      sql(`insert into operator_blocks (operator_id, date_start, date_end) values ($1, $2, $3)`, [op, six, end]),
    ).rejects.toMatchObject({ code: '23P01' })
    await sql(`update reservations set status = 'CANCELLED' where id = $1`, [r.id])
  })

  it('racing: 12 confirms and a block of the same hour for one operator — never both', async () => {
    const day = await freeDay(svc.Piega!, 23)
    const { start: four, op } = await freeAt(day, '16:00')
    const end = new Date(Date.parse(four) + 3_600_000).toISOString()
    const customers = await registerCustomers(12, 'blockrace')
    const drafts = await Promise.all(
      customers.map((token) => api('POST', '/api/reservations/create-session', { token })),
    )
    const results = await Promise.all([
      block({ operator: op, date_start: four, date_end: end }),
      ...customers.map((token, i) =>
        api('POST', '/api/reservations/confirm', {
          token,
          body: { id: drafts[i]!.body.data.id, services: [svc.Piega], operator: op, date_start: four },
        }),
      ),
    ])
    for (const r of results) expect([200, 201, 409]).toContain(r.status)
    const [overlaps] = await sql(
      `select count(*)::int as n from operator_blocks b join reservations r on r.operator_id = b.operator_id
        where b.operator_id = $1 and r.status in ('PENDING','APPROVED','CONFIRMED','PENDING_PAYMENT','MODIFIED','PENDING_CONFIRMATION')
          and r.date_start < b.date_end and r.date_end > b.date_start and b.date_start = $2`,
      [op, four],
    )
    expect(overlaps.n).toBe(0)
    const blocked = results[0]!.status === 201
    const bookings = results.slice(1).filter((r) => r.status === 200).length
    expect(blocked ? bookings : 1).toBe(blocked ? 0 : bookings)
  })

  it('who may: admins only; bad input is 400 naming the field', async () => {
    const op = ops.Giulia!
    const start = '2030-01-10T09:00:00.000Z'
    const body = { operator: op, date_start: start, date_end: '2030-01-10T10:00:00.000Z' }
    expect((await block(body, 'visitor')).status).toBe(401)
    expect((await block(body, 'USER')).status).toBe(403)
    expect((await block(body, 'OPERATOR')).status).toBe(403)
    expect((await api('PATCH', '/api/operator-blocks/1', { as: 'USER', body: { reason: 'x' } })).status).toBe(403)
    expect((await api('DELETE', '/api/operator-blocks/1', { as: 'OPERATOR' })).status).toBe(403)

    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...body, date_end: start }, ['date_end']],
      [{ ...body, date_end: '2030-03-10T10:00:00.000Z' }, ['date_end']],
      [{ ...body, operator: 'x' }, ['operator']],
      [{ ...body, date_start: 'domani' }, ['date_start']],
      [{ ...body, reason: 'x'.repeat(121) }, ['reason']],
      [{ ...body, extra: 1 }, ['body']],
    ]
    for (const [b, paths] of cases) {
      const res = await block(b)
      expect(res.status, JSON.stringify(b)).toBe(400)
      expect([...new Set(errorPaths(res.body))], JSON.stringify(b)).toEqual(paths)
    }
    const unknown = await block({ ...body, operator: 999_999 })
    expect(unknown.status).toBe(400)
    expect(errorPaths(unknown.body)).toEqual(['operator'])
    expect((await api('PATCH', '/api/operator-blocks/999999', { as: 'ADMIN', body: { reason: 'x' } })).status).toBe(404)
    expect((await api('PATCH', '/api/operator-blocks/abc', { as: 'ADMIN', body: { reason: 'x' } })).status).toBe(400)
    const empty = await api('PATCH', '/api/operator-blocks/1', { as: 'ADMIN', body: {} })
    expect(empty.status).toBe(400)
  })
})

describe('the salon resizes a booking (the agenda)', () => {
  it('staff set the length, the price stays; a customer may not; it must still fit; the customer sees it was changed', async () => {
    const { start: eleven, op } = await dayWithWindow(22, 150)
    const [token] = await registerCustomers(1, 'resize')
    const me = (await api('GET', '/api/auth/me', { token })).body.user.id as number
    // Booked by the salon (a phone call): a new booking, not a change — no mark.
    const res = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: me, services: [svc.Piega], operator: op, date_start: eleven },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const id = res.body.data.id as number
    const [before] = await sql('select duration, total_price from reservations where id = $1', [id])
    const mineBefore = await api('GET', '/api/reservations/mine', { token })
    expect(mineBefore.body.upcoming.find((b: { id: number }) => b.id === id).changedBySalonAt).toBeNull()

    expect((await api('PATCH', `/api/reservations/${id}/edit`, { token, body: { duration: 90 } })).status).toBe(403)
    const bad = await api('PATCH', `/api/reservations/${id}/edit`, { as: 'ADMIN', body: { duration: 2.5 } })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(['duration'])

    const resized = await api('PATCH', `/api/reservations/${id}/edit`, { as: 'ADMIN', body: { duration: 75 } })
    expect(resized.status, JSON.stringify(resized.body)).toBe(200)
    const [after] = await sql('select duration, total_price, date_start, date_end from reservations where id = $1', [
      id,
    ])
    expect(Number(after.duration)).toBe(75)
    expect(Number(after.total_price)).toBe(Number(before.total_price))
    expect(new Date(after.date_end).getTime() - new Date(after.date_start).getTime()).toBe(75 * 60_000)
    const mine = await api('GET', '/api/reservations/mine', { token })
    const item = mine.body.upcoming.find((b: { id: number }) => b.id === id)
    expect(item.duration).toBe(75)
    expect(item.changedBySalonAt).not.toBeNull()

    // A block right after the new end: growing into it is refused and changes nothing.
    const end = new Date(after.date_end).toISOString()
    const wall = await block({
      operator: op,
      date_start: end,
      date_end: new Date(Date.parse(end) + 3_600_000).toISOString(),
    })
    expect(wall.status, JSON.stringify(wall.body)).toBe(201)
    const grow = await api('PATCH', `/api/reservations/${id}/edit`, { as: 'ADMIN', body: { duration: 120 } })
    expect(grow.status).toBe(409)
    const [same] = await sql('select duration from reservations where id = $1', [id])
    expect(Number(same.duration)).toBe(75)
  })
})
