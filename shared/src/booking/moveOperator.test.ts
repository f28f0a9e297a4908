import { describe, expect, it } from 'vitest'
import { moveOperatorChoice } from './moveOperator'

const anyBooking = { operator: 2, anyOperator: true }
const chosenBooking = { operator: 2, anyOperator: false }
const refused = { ok: false, status: 403, reason: 'OPERATOR_CHOSEN' }

describe('moveOperatorChoice: whom a moved booking may go to', () => {
  it('a customer’s "Qualsiasi operatore" booking may go to anyone (nothing asked or "any")', () => {
    expect(moveOperatorChoice('CUSTOMER', anyBooking, undefined)).toEqual({ ok: true, choice: 'any' })
    expect(moveOperatorChoice('CUSTOMER', anyBooking, 'any')).toEqual({ ok: true, choice: 'any' })
  })

  it('a customer’s "any" booking may keep its current operator by name, not pick another', () => {
    expect(moveOperatorChoice('CUSTOMER', anyBooking, 2)).toEqual({ ok: true, choice: 2 })
    expect(moveOperatorChoice('CUSTOMER', anyBooking, 3)).toEqual(refused)
  })

  it('a booking with a chosen operator stays with that operator when the customer moves it', () => {
    expect(moveOperatorChoice('CUSTOMER', chosenBooking, undefined)).toEqual({ ok: true, choice: 2 })
    expect(moveOperatorChoice('CUSTOMER', chosenBooking, 2)).toEqual({ ok: true, choice: 2 })
    expect(moveOperatorChoice('CUSTOMER', chosenBooking, 'any')).toEqual(refused)
    expect(moveOperatorChoice('CUSTOMER', chosenBooking, 3)).toEqual(refused)
  })

  it('a booking without an operator goes to anyone free', () => {
    const none = { operator: null, anyOperator: false }
    expect(moveOperatorChoice('CUSTOMER', none, undefined)).toEqual({ ok: true, choice: 'any' })
    expect(moveOperatorChoice('CUSTOMER', none, 'any')).toEqual({ ok: true, choice: 'any' })
    expect(moveOperatorChoice('ADMIN', none, undefined)).toEqual({ ok: true, choice: 'any' })
  })

  it.each(['ADMIN', 'OPERATOR'] as const)('%s chooses explicitly; nothing asked keeps the current operator', (as) => {
    for (const booking of [anyBooking, chosenBooking]) {
      expect(moveOperatorChoice(as, booking, undefined)).toEqual({ ok: true, choice: 2 })
      expect(moveOperatorChoice(as, booking, 3)).toEqual({ ok: true, choice: 3 })
      expect(moveOperatorChoice(as, booking, 'any')).toEqual({ ok: true, choice: 'any' })
    }
  })
})
