import { describe, expect, it } from 'vitest'
import { moveOperatorChoice } from './moveOperator'

const anyBooking = { operator: 2, anyOperator: true }
const chosenBooking = { operator: 2, anyOperator: false }
const refused = { ok: false, status: 403, reason: 'OPERATOR_CHOSEN' }
const customer = { role: 'USER', userId: 7, operatorIds: [] } as const
const admin = { role: 'ADMIN', userId: 1, operatorIds: [] } as const
/** The operator of record 2 (the bookings' current operator). */
const operator = { role: 'OPERATOR', userId: 5, operatorIds: [2] } as const
const who = { CUSTOMER: customer, ADMIN: admin, OPERATOR: operator } as const

describe('moveOperatorChoice: whom a moved booking may go to', () => {
  it('a customer’s "Qualsiasi operatore" booking may go to anyone (nothing asked or "any")', () => {
    expect(moveOperatorChoice('CUSTOMER', anyBooking, undefined, who.CUSTOMER)).toEqual({ ok: true, choice: 'any' })
    expect(moveOperatorChoice('CUSTOMER', anyBooking, 'any', who.CUSTOMER)).toEqual({ ok: true, choice: 'any' })
  })

  it('a customer’s "any" booking may keep its current operator by name, not pick another', () => {
    expect(moveOperatorChoice('CUSTOMER', anyBooking, 2, who.CUSTOMER)).toEqual({ ok: true, choice: 2 })
    expect(moveOperatorChoice('CUSTOMER', anyBooking, 3, who.CUSTOMER)).toEqual(refused)
  })

  it('a booking with a chosen operator stays with that operator when the customer moves it', () => {
    expect(moveOperatorChoice('CUSTOMER', chosenBooking, undefined, who.CUSTOMER)).toEqual({ ok: true, choice: 2 })
    expect(moveOperatorChoice('CUSTOMER', chosenBooking, 2, who.CUSTOMER)).toEqual({ ok: true, choice: 2 })
    expect(moveOperatorChoice('CUSTOMER', chosenBooking, 'any', who.CUSTOMER)).toEqual(refused)
    expect(moveOperatorChoice('CUSTOMER', chosenBooking, 3, who.CUSTOMER)).toEqual(refused)
  })

  it('a booking without an operator goes to anyone free', () => {
    const none = { operator: null, anyOperator: false }
    expect(moveOperatorChoice('CUSTOMER', none, undefined, who.CUSTOMER)).toEqual({ ok: true, choice: 'any' })
    expect(moveOperatorChoice('CUSTOMER', none, 'any', who.CUSTOMER)).toEqual({ ok: true, choice: 'any' })
    expect(moveOperatorChoice('ADMIN', none, undefined, who.ADMIN)).toEqual({ ok: true, choice: 'any' })
  })

  it('the ADMIN chooses explicitly; nothing asked keeps the current operator', () => {
    for (const booking of [anyBooking, chosenBooking]) {
      expect(moveOperatorChoice('ADMIN', booking, undefined, admin)).toEqual({ ok: true, choice: 2 })
      expect(moveOperatorChoice('ADMIN', booking, 3, admin)).toEqual({ ok: true, choice: 3 })
      expect(moveOperatorChoice('ADMIN', booking, 'any', admin)).toEqual({ ok: true, choice: 'any' })
    }
  })

  it('an OPERATOR keeps it in their own agenda: a colleague or "any" is FORBIDDEN_ROLE, as booking there is', () => {
    const forbidden = { ok: false, status: 403, reason: 'FORBIDDEN_ROLE' }
    for (const booking of [anyBooking, chosenBooking]) {
      expect(moveOperatorChoice('OPERATOR', booking, undefined, operator)).toEqual({ ok: true, choice: 2 })
      expect(moveOperatorChoice('OPERATOR', booking, 2, operator)).toEqual({ ok: true, choice: 2 })
      expect(moveOperatorChoice('OPERATOR', booking, 3, operator)).toEqual(forbidden)
      expect(moveOperatorChoice('OPERATOR', booking, 'any', operator)).toEqual(forbidden)
    }
    // An operator with two records may move between them.
    expect(moveOperatorChoice('OPERATOR', chosenBooking, 3, { ...operator, operatorIds: [2, 3] })).toEqual({
      ok: true,
      choice: 3,
    })
  })
})
