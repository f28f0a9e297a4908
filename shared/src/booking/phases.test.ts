import { describe, expect, it } from 'vitest'
import { isSimplePlan, phasesOf, placePlan, planOf, serviceMinutes, storedPlan, type PlanSegment } from './phases'
import { bookingAmounts, bookingTotals } from './pricing'
import { service } from './test-fixtures'

const MIN = 60_000
const T0 = Date.parse('2026-05-04T08:00:00Z')
const at = (minutes: number) => T0 + minutes * MIN
const BASIN = 1
const CHAIR = 2

/** A colour: apply 30 (chair), let it develop 40 (chair, operator free), rinse and finish 50 (basin). */
const colour = (cleanup = 0) =>
  service(1, 120, {
    phases: [
      { minutes: 30, operator_busy: true, station: CHAIR, label: 'Applicazione' },
      { minutes: 40, operator_busy: false, station: CHAIR, label: 'Posa' },
      { minutes: 50, operator_busy: true, station: BASIN },
    ],
    cleanup_minutes: cleanup,
  })
const cut = (minutes = 30, cleanup = 0) => service(2, minutes, { price: 25, cleanup_minutes: cleanup })
/** [from, to, busy, station, cleanup] per segment. */
const shape = (
  segments: { from: number; to: number; operator_busy: boolean; station: number | null; cleanup: boolean }[],
) => segments.map((s) => [s.from, s.to, s.operator_busy, s.station, s.cleanup])
const placedShape = (segments: ReturnType<typeof placePlan>) =>
  segments.map((s) => [(s.start - T0) / MIN, (s.end - T0) / MIN, s.operator_busy, s.station, s.cleanup])

describe('planOf', () => {
  it('chains the phases of one service, minutes from its start', () => {
    const plan = planOf([colour()])
    expect(shape(plan.segments)).toEqual([
      [0, 30, true, CHAIR, false],
      [30, 70, false, CHAIR, false],
      [70, 120, true, BASIN, false],
    ])
    expect(plan.segments[0]!.label).toBe('Applicazione')
    expect(plan.customerMinutes).toBe(120)
    expect(plan.totalMinutes).toBe(120)
  })

  it('a service without phases is one busy phase of its time, no station', () => {
    expect(phasesOf(cut(45))).toEqual([{ minutes: 45, operator_busy: true, station: null }])
    expect(phasesOf(service(3, 20, { phases: [] }))).toEqual([{ minutes: 20, operator_busy: true, station: null }])
    expect(serviceMinutes(colour())).toBe(120)
    expect(shape(planOf([cut(45)]).segments)).toEqual([[0, 45, true, null, false]])
  })

  it('services follow back to back; a clean-up between two is customer time, the last one is not', () => {
    const plan = planOf([colour(10), cut(30, 5)])
    expect(shape(plan.segments)).toEqual([
      [0, 30, true, CHAIR, false],
      [30, 70, false, CHAIR, false],
      [70, 120, true, BASIN, false],
      [120, 130, true, BASIN, true], // the colour's clean-up holds the basin of its last phase
      [130, 160, true, null, false],
      [160, 165, true, null, true],
    ])
    expect(plan.customerMinutes).toBe(160)
    expect(plan.totalMinutes).toBe(165)
  })

  it('the clean-up holds the station of the last phase (none when the last phase has none)', () => {
    const lastNone = service(4, 30, {
      phases: [
        { minutes: 10, operator_busy: true, station: BASIN },
        { minutes: 20, operator_busy: true },
      ],
      cleanup_minutes: 15,
    })
    expect(shape(planOf([lastNone]).segments).at(-1)).toEqual([30, 45, true, null, true])
    expect(shape(planOf([colour(15)]).segments).at(-1)).toEqual([120, 135, true, BASIN, true])
  })

  it('no services: an empty plan', () => {
    expect(planOf([])).toEqual({ segments: [], customerMinutes: 0, totalMinutes: 0 })
  })
})

describe('isSimplePlan / storedPlan', () => {
  it('a plan of busy phases without station or clean-up is simple and stored as null', () => {
    const plan = planOf([cut(30), cut(15)])
    expect(isSimplePlan(plan)).toBe(true)
    expect(storedPlan(plan)).toBeNull()
  })

  it('processing, a station or a clean-up make it a stored plan', () => {
    expect(storedPlan(planOf([colour()]))).toEqual(planOf([colour()]).segments)
    expect(isSimplePlan(planOf([cut(30, 5)]))).toBe(false)
    const withStation = service(5, 20, { phases: [{ minutes: 20, operator_busy: true, station: BASIN }] })
    expect(isSimplePlan(planOf([withStation]))).toBe(false)
    const free = service(6, 20, { phases: [{ minutes: 20, operator_busy: false }] })
    expect(isSimplePlan(planOf([free]))).toBe(false)
  })
})

describe('placePlan', () => {
  const plan: PlanSegment[] = planOf([colour(10)]).segments

  it('places the plan at the start, minutes as elapsed time; ending as planned keeps the last clean-up', () => {
    expect(placedShape(placePlan(plan, T0, at(120)))).toEqual([
      [0, 30, true, CHAIR, false],
      [30, 70, false, CHAIR, false],
      [70, 120, true, BASIN, false],
      [120, 130, true, BASIN, true],
    ])
  })

  it('an earlier end cuts every segment there and drops what follows, the clean-up included', () => {
    expect(placedShape(placePlan(plan, T0, at(50)))).toEqual([
      [0, 30, true, CHAIR, false],
      [30, 50, false, CHAIR, false],
    ])
    expect(placedShape(placePlan(plan, T0, at(30)))).toEqual([[0, 30, true, CHAIR, false]])
  })

  it('a later end stretches the last customer segment, the clean-up follows it', () => {
    expect(placedShape(placePlan(plan, T0, at(150)))).toEqual([
      [0, 30, true, CHAIR, false],
      [30, 70, false, CHAIR, false],
      [70, 150, true, BASIN, false],
      [150, 160, true, BASIN, true],
    ])
  })

  it('a null or empty plan is one busy block; no time is no segment', () => {
    expect(placedShape(placePlan(null, T0, at(45)))).toEqual([[0, 45, true, null, false]])
    expect(placedShape(placePlan([], T0, at(45)))).toEqual([[0, 45, true, null, false]])
    expect(placePlan(plan, T0, T0)).toEqual([])
  })

  it('is translation-invariant: the same shape at any start', () => {
    const later = T0 + 7 * 3_600_000
    const a = placePlan(plan, T0, at(100)).map((s) => [s.start - T0, s.end - T0])
    const b = placePlan(plan, later, later + 100 * MIN).map((s) => [s.start - later, s.end - later])
    expect(b).toEqual(a)
  })
})

describe('bookingTotals with phases', () => {
  it('the customer’s time is the phases; a clean-up between two services lengthens it, the last does not', () => {
    expect(bookingTotals([colour(10)])).toEqual({ duration: 120, total_price: 20 })
    expect(bookingTotals([colour(10), cut(30, 5)])).toEqual({ duration: 160, total_price: 45 })
    expect(bookingTotals([cut(30), colour(10)])).toEqual({ duration: 150, total_price: 45 })
  })

  it('the price never depends on phases, and the end is start + the customer’s time', () => {
    const plain = bookingAmounts('2026-05-04T08:00:00.000Z', { services: [service(1, 120)] })
    const phased = bookingAmounts('2026-05-04T08:00:00.000Z', { services: [colour(10)] })
    expect(phased).toEqual(plain)
    expect(phased.date_end).toBe('2026-05-04T10:00:00.000Z')
  })
})
