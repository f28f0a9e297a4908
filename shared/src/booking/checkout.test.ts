import { describe, expect, it } from 'vitest'
import {
  checkoutTotals,
  checkoutVerdict,
  discountCents,
  isWholeCents,
  paymentsMatch,
  tipShares,
  toCents,
} from './checkout'

describe('checkout money', () => {
  it('sums prices in cents, so 0.1 + 0.2 is 0.3', () => {
    expect(checkoutTotals([0.1, 0.2]).subtotal).toBe(0.3)
    expect(checkoutTotals([19.99, 35.01]).total).toBe(55)
  })
  it('takes a percentage rounded to the cent and an amount capped at the subtotal', () => {
    expect(checkoutTotals([33.33], { kind: 'PERCENT', value: 10 })).toEqual({
      subtotal: 33.33,
      discount: 3.33,
      total: 30,
      tip: 0,
      due: 30,
    })
    expect(discountCents(1000, { kind: 'AMOUNT', value: 25 })).toBe(1000)
    expect(discountCents(1000, { kind: 'PERCENT', value: 100 })).toBe(1000)
    expect(discountCents(1000, null)).toBe(0)
  })
  it('adds the tip to what is due, not to what the services earned', () => {
    const t = checkoutTotals([35, 20], { kind: 'PERCENT', value: 10 }, 5)
    expect(t).toEqual({ subtotal: 55, discount: 5.5, total: 49.5, tip: 5, due: 54.5 })
    expect(paymentsMatch([{ amount: 40 }, { amount: 14.5 }], t.due)).toBe(true)
    expect(paymentsMatch([{ amount: 40 }, { amount: 14.49 }], t.due)).toBe(false)
  })
  it('knows whole cents', () => {
    expect(isWholeCents(1.25)).toBe(true)
    expect(isWholeCents(0.1 + 0.2)).toBe(true)
    expect(isWholeCents(1.255)).toBe(false)
    expect(toCents(2.675)).toBe(268)
  })
  it('splits a tip over payments so the parts sum to the tip', () => {
    expect(tipShares([4000, 1450], 500)).toEqual([366, 134])
    expect(tipShares([1, 1, 1], 100).reduce((a, b) => a + b)).toBe(100)
    expect(tipShares([1000], 0)).toEqual([0])
  })
  it('refuses an amount off above the services and payments that do not add up, naming what is due', () => {
    expect(checkoutVerdict([20], { kind: 'AMOUNT', value: 20.01 }, 0, [{ amount: 0.01 }])).toEqual({
      ok: false,
      reason: 'DISCOUNT_OVER_TOTAL',
    })
    expect(checkoutVerdict([35, 20], { kind: 'PERCENT', value: 10 }, 5, [{ amount: 54 }])).toEqual({
      ok: false,
      reason: 'PAYMENTS_MISMATCH',
      expected: 54.5,
    })
    const ok = checkoutVerdict([35, 20], { kind: 'AMOUNT', value: 55 }, 2, [{ amount: 2 }])
    expect(ok).toEqual({ ok: true, totals: { subtotal: 55, discount: 55, total: 0, tip: 2, due: 2 } })
  })
})
