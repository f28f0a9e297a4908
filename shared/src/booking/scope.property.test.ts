// The sight of many reservations at once (a database filter) is the one-by-one rule, exactly:
// for any actor and any reservation, the filter selects it iff maySeeReservation / maySeeAsStaff
// say the actor may see it. The REST read access and the agenda are built on reservationScope.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ROLES } from '../enums/index'
import {
  inScope,
  maySeeAsStaff,
  maySeeReservation,
  reservationScope,
  type BookingActor,
  type Sight,
} from './permissions'

const id = fc.integer({ min: 1, max: 6 })
const actor: fc.Arbitrary<BookingActor> = fc.record({
  // An unknown role too (a row edited by hand): it sees nothing.
  role: fc.constantFrom(...ROLES, 'GHOST' as never),
  userId: id,
  operatorIds: fc.uniqueArray(id, { maxLength: 3 }),
})
const reservation = fc.record({ user: fc.option(id, { nil: null }), operator: fc.option(id, { nil: null }) })
const RULE: Record<Sight, typeof maySeeReservation> = { concerned: maySeeReservation, staff: maySeeAsStaff }

describe('reservationScope is maySeeReservation / maySeeAsStaff as a filter', () => {
  it.each(['concerned', 'staff'] as const)('sight %s: the filter selects exactly what the rule lets see', (sight) => {
    fc.assert(
      fc.property(actor, reservation, (a, r) => {
        expect(inScope(reservationScope(a, sight), r)).toBe(RULE[sight](a, r))
      }),
      { numRuns: 2000 },
    )
  })

  it('an admin sees all; an operator their records (and their own bookings); a customer their own', () => {
    expect(reservationScope({ role: 'ADMIN', userId: 1, operatorIds: [] })).toEqual({ all: true })
    expect(reservationScope({ role: 'OPERATOR', userId: 2, operatorIds: [5] })).toEqual({
      all: false,
      operatorIds: [5],
      customer: 2,
    })
    expect(reservationScope({ role: 'OPERATOR', userId: 2, operatorIds: [5] }, 'staff')).toEqual({
      all: false,
      operatorIds: [5],
      customer: null,
    })
    // A link left on a customer's account does not make them staff.
    expect(reservationScope({ role: 'USER', userId: 3, operatorIds: [5] })).toEqual({
      all: false,
      operatorIds: [],
      customer: 3,
    })
  })
})
