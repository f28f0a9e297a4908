import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkSlot, daySlots, type SlotQuery } from './slots'
import { arbScenario, build, dayGrid, H, MIN } from './test-phases'
import { wallDateTime } from './test-fixtures'
import type { Slot, UnavailableReason } from './types'

/** A station use's instant as ISO (the engine takes epoch ms too). */
const iso = (t: string | number) => (typeof t === 'number' ? new Date(t).toISOString() : t)

/*
 * Phases and stations (issue 25) against a slow reference written from the rules alone: the
 * booking is expanded into one cell per minute (operator busy? which station? clean-up?) — the
 * services' phases and clean-ups chained, or a stored plan cut or stretched to the booking's length
 * minute by minute — and every minute is checked against per-minute tables of who is busy and how
 * many stations of each kind are taken. Wall-clock times come from Intl every 5 minutes (as in
 * slots.property.test.ts); nothing of the engine is used but the functions under test. Then:
 *   1. daySlots equals the reference;
 *   2. checkSlot gives the reference's verdict (OFF_SHIFT, OPERATOR_BUSY, STATION_BUSY in that
 *      order) on the grid, and at any minute for staff outside the hours;
 *   3. tight fits: an offered start stays offered with the operator booked right up to every busy
 *      stretch and through every posa and each station full right up to the stretches that need
 *      it (touching is not overlapping), and is refused once one more minute is taken.
 * The salons come from test-phases.ts.
 */

const BLOCKING = new Set(['PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'COMPLETED', 'NO_SHOW'])
const blocks = (r: { status: string; createdAt: string }, now: number, hold: number) =>
  BLOCKING.has(r.status) || (r.status === 'PENDING_CONFIRMATION' && Date.parse(r.createdAt) + hold * MIN > now)

interface Cell {
  busy: boolean
  station: number | null
  cleanup: boolean
}

/** Minutes until the end of the last minute that is not clean-up. */
const customerEnd = (cells: Cell[]) => cells.reduce((end, c, i) => (c.cleanup ? end : i + 1), 0)

/**
 * The booking minute by minute from its start, and its customer's minutes: the services' phases
 * and clean-ups one after the other (or the stored plan), cut at the customer's end or with its
 * last customer minute repeated up to it, the clean-up after.
 */
function cellsOf(q: SlotQuery): { cells: Cell[]; customer: number } {
  const fromServices: Cell[] = []
  for (const s of q.services) {
    const phases = s.phases?.length ? s.phases : [{ minutes: s.time, operator_busy: true, station: null }]
    for (const p of phases)
      for (let i = 0; i < p.minutes; i++)
        fromServices.push({ busy: p.operator_busy, station: p.station ?? null, cleanup: false })
    for (let i = 0; i < (s.cleanup_minutes ?? 0); i++)
      fromServices.push({ busy: true, station: phases.at(-1)!.station ?? null, cleanup: true })
  }
  const customer = q.durationMinutes ?? customerEnd(fromServices)
  const cells: Cell[] = []
  if (q.plan === undefined) cells.push(...fromServices)
  else
    for (const seg of q.plan ?? [])
      for (let m = seg.from; m < seg.to; m++)
        cells.push({ busy: seg.operator_busy, station: seg.station, cleanup: seg.cleanup })
  const planned = customerEnd(cells)
  if (cells.length === 0)
    return { cells: Array.from({ length: customer }, () => ({ busy: true, station: null, cleanup: false })), customer }
  if (customer < planned) return { cells: cells.slice(0, customer), customer }
  const stretch = Array.from({ length: customer - planned }, () => cells[planned - 1]!)
  return { cells: [...cells.slice(0, planned), ...stretch, ...cells.slice(planned)], customer }
}

type Verdict = { ok: true; operators: number[] } | { ok: false; reason: UnavailableReason }

/** The slow reference: who can take a booking starting at `s`, and the day's slots. */
function reference(q: SlotQuery, dayStart: number) {
  const tz = q.calendar.settings.timezone
  const now = q.now as number
  const hold = q.calendar.settings.holdMinutes
  const { cells, customer } = cellsOf(q)
  const base = dayStart - 12 * H
  const minute = (t: number) => Math.round((t - base) / MIN)
  const SIZE = 60 * 60
  const busyOf = new Map([1, 2, 3].map((id) => [id, new Uint8Array(SIZE)]))
  const mark = (table: Uint8Array, from: string, to: string) => {
    for (let m = Math.max(0, minute(Date.parse(from))); m < Math.min(SIZE, minute(Date.parse(to))); m++) table[m]! += 1
  }
  for (const r of q.reservations) {
    if (!blocks(r, now, hold)) continue
    for (const b of r.busy ?? [{ start: r.date_start, end: r.date_end }]) mark(busyOf.get(r.operator)!, b.start, b.end)
  }
  const taken = new Map([1, 2, 3, 4].map((k) => [k, new Uint8Array(SIZE)]))
  for (const u of q.stationUses ?? []) if (blocks(u, now, hold)) mark(taken.get(u.station)!, iso(u.start), iso(u.end))
  const count = (k: number) => q.calendar.stations?.find((x) => x.id === k)?.count ?? 0
  const grid = dayGrid(q.day, tz)
  const dayEnd = grid.at(-1)!.t + 5 * MIN
  const at = (hm: string) => (hm === '24:00' ? dayEnd : (grid.find((g) => g.hm >= hm)?.t ?? dayEnd))
  const shifts = new Map(
    (q.calendar.rota?.exceptions ?? []).map((e) => [
      e.operator,
      e.intervals.map((i) => [at(i.opening_time), at(i.closing_time)] as const),
    ]),
  )
  const eligible = [1, 2, 3]
    .sort((a, b) => q.calendar.operators[a - 1]!.position! - q.calendar.operators[b - 1]!.position! || a - b)
    .filter((id) => q.services.every((s) => s.operators.length === 0 || s.operators.includes(id)))
    .filter((id) => q.operator === 'any' || q.operator === id)

  const verdict = (s: number): Verdict => {
    const onShift = eligible.filter((id) => {
      const iv = shifts.get(id)
      if (!iv) return true
      for (let m = 0; m < customer; m++) {
        const t = s + m * MIN
        if (!iv.some(([a, b]) => a <= t && t < b)) return false
      }
      return true
    })
    if (onShift.length === 0) return { ok: false, reason: 'OFF_SHIFT' }
    const free = onShift.filter((id) => cells.every((c, m) => !c.busy || busyOf.get(id)![minute(s) + m] === 0))
    if (free.length === 0) return { ok: false, reason: 'OPERATOR_BUSY' }
    if (cells.some((c, m) => c.station !== null && taken.get(c.station)![minute(s) + m]! >= count(c.station)))
      return { ok: false, reason: 'STATION_BUSY' }
    return { ok: true, operators: free }
  }

  const candidates = new Set<number>()
  const closure = q.calendar.closures[0]
  for (const iv of q.calendar.opening[0]!.intervals) {
    const close = at(iv.closing_time)
    for (let s = at(iv.opening_time); s + customer * MIN <= close; s += q.calendar.settings.slotStepMinutes * MIN) {
      if (s < now + q.calendar.settings.minNoticeMinutes * MIN) continue
      if (closure && Date.parse(closure.start_date) < s + customer * MIN && s < Date.parse(closure.end_date)) continue
      candidates.add(s)
    }
  }
  const valid = eligible.length > 0 && customer > 0
  const slots: Slot[] = []
  if (valid && wallDateTime(now, tz).slice(0, 10) <= q.day) {
    for (const s of [...candidates].sort((a, b) => a - b)) {
      const v = verdict(s)
      if (v.ok)
        slots.push({
          start: new Date(s).toISOString(),
          end: new Date(s + customer * MIN).toISOString(),
          operators: v.operators,
        })
    }
  }
  return { slots, candidates, verdict, customer, valid }
}

const RUNS = { numRuns: 250 }
/** A loaded machine (the whole suite on two cores) must not turn a slow run into a failure. */
const TIMEOUT = 60_000

describe('daySlots and checkSlot with phases and stations (random salons, plans, bookings, station uses)', () => {
  it(
    'equal the minute-by-minute reference',
    () => {
      fc.assert(
        fc.property(arbScenario, (s) => {
          const { q, dayStart } = build(s)
          expect(daySlots(q)).toEqual(reference(q, dayStart).slots)
        }),
        RUNS,
      )
    },
    TIMEOUT,
  )

  it(
    'checkSlot gives the reference’s verdict on the grid and, for staff outside the hours, at any minute',
    () => {
      fc.assert(
        fc.property(
          arbScenario,
          fc.array(fc.integer({ min: 0, max: 1440 }), { minLength: 8, maxLength: 20 }),
          (s, offsets) => {
            const { q, dayStart } = build(s)
            const ref = reference(q, dayStart)
            fc.pre(ref.valid)
            const { day: _day, ...rest } = q
            const expected = (v: Verdict, t: number) =>
              v.ok
                ? { available: true, operators: v.operators, end: new Date(t + ref.customer * MIN).toISOString() }
                : { available: false, reason: v.reason }
            for (const t of ref.candidates) {
              if (wallDateTime(t, s.tz).slice(0, 10) !== q.day) continue
              expect(checkSlot({ ...rest, start: new Date(t) })).toEqual(expected(ref.verdict(t), t))
            }
            for (const m of offsets) {
              const t = dayStart + m * MIN
              if (t < (q.now as number) || wallDateTime(t, s.tz).slice(0, 10) !== q.day) continue
              expect(checkSlot({ ...rest, start: new Date(t), hours: 'ignore' })).toEqual(expected(ref.verdict(t), t))
            }
          },
        ),
        RUNS,
      )
    },
    TIMEOUT,
  )

  it(
    'an offered start stays offered when the operator’s other bookings touch every busy stretch and fill every posa, and every station is full right up to the stretches that need it; one minute more and it is not',
    () => {
      fc.assert(
        fc.property(arbScenario, fc.nat(), fc.nat(), (s, pickSlot, pickMinute) => {
          const { q } = build(s)
          const slots = daySlots(q)
          fc.pre(slots.length > 0)
          const slot = slots[pickSlot % slots.length]!
          const op = slot.operators[pickSlot % slot.operators.length]!
          const start = Date.parse(slot.start)
          const { cells } = cellsOf(q)
          const iso = (m: number) => new Date(start + m * MIN).toISOString()
          const runs = (keep: (c: Cell) => boolean) => {
            const out: [number, number][] = []
            cells.forEach((c, m) => {
              if (!keep(c)) return
              if (out.length && out.at(-1)![1] === m) out.at(-1)![1] = m + 1
              else out.push([m, m + 1])
            })
            return out
          }
          const at = (from: number, to: number) => ({
            date_start: iso(from),
            date_end: iso(to),
            status: 'CONFIRMED' as const,
            createdAt: iso(-9999),
          })
          const posa = runs((c) => !c.busy).map(([a, b]) => ({ operator: op, ...at(a, b) }))
          const around = [
            { operator: op, ...at(-45, 0) },
            { operator: op, ...at(cells.length, cells.length + 45) },
          ]
          const full = (q.calendar.stations ?? []).flatMap(({ id, count }) =>
            [
              [-45, 0] as [number, number],
              ...runs((c) => c.station !== id),
              [cells.length, cells.length + 45] as [number, number],
            ].flatMap(([a, b]) =>
              Array.from({ length: count }, () => ({
                station: id,
                start: iso(a),
                end: iso(b),
                status: 'CONFIRMED' as const,
                createdAt: iso(-9999),
              })),
            ),
          )
          const packed = {
            ...q,
            operator: op,
            reservations: [...q.reservations, ...posa, ...around],
            stationUses: [...(q.stationUses ?? []), ...full],
          }
          const { day: _day, ...rest } = packed
          expect(checkSlot({ ...rest, start: slot.start })).toEqual({ available: true, operators: [op], end: slot.end })
          expect(daySlots(packed).find((x) => x.start === slot.start)?.operators).toEqual([op])
          // One minute of a busy stretch taken by another booking, or one minute of a needed station full.
          const m = pickMinute % cells.length
          const cell = cells[m]!
          if (cell.busy)
            expect(
              checkSlot({
                ...rest,
                reservations: [...rest.reservations, { operator: op, ...at(m, m + 1) }],
                start: slot.start,
              }),
            ).toEqual({
              available: false,
              reason: 'OPERATOR_BUSY',
            })
          if (cell.station !== null) {
            const count = q.calendar.stations!.find((x) => x.id === cell.station)!.count
            const taken = Array.from({ length: count }, () => ({
              station: cell.station!,
              start: iso(m),
              end: iso(m + 1),
              status: 'CONFIRMED' as const,
              createdAt: iso(-9999),
            }))
            expect(checkSlot({ ...rest, stationUses: [...rest.stationUses!, ...taken], start: slot.start })).toEqual(
              cell.busy ? expect.anything() : { available: false, reason: 'STATION_BUSY' },
            )
            expect(
              checkSlot({ ...rest, stationUses: [...rest.stationUses!, ...taken], start: slot.start }).available,
            ).toBe(false)
          }
        }),
        RUNS,
      )
    },
    TIMEOUT,
  )
})
