/**
 * Checkout money (issue 24): what a visit costs once done, in whole cents so that 0.1 + 0.2 never
 * meets a till. Pure: prices in euro in, euro out (two decimals exactly).
 */
export interface CheckoutDiscount {
  kind: 'AMOUNT' | 'PERCENT'
  /** Euro for AMOUNT, 0–100 for PERCENT. */
  value: number
}

export interface CheckoutTotals {
  /** The services' prices, summed. */
  subtotal: number
  /** What the discount takes off (never more than the subtotal). */
  discount: number
  /** subtotal − discount: what the services earned (the revenue KPIs use it). */
  total: number
  tip: number
  /** total + tip: what the payments must add up to. */
  due: number
}

/** Euro → whole cents, rounding half away from zero (2.675 → 268). */
export const toCents = (euro: number) => Math.sign(euro) * Math.round(Math.abs(euro) * 100 + 1e-9)
export const fromCents = (cents: number) => cents / 100

/** True when `euro` has at most two decimals (1.5, 1.25 yes; 1.255 no). */
export const isWholeCents = (euro: number) =>
  Number.isFinite(euro) && Math.abs(euro * 100 - Math.round(euro * 100)) < 1e-6

/** The discount in cents: a percentage is rounded to the cent (half up); an amount never exceeds the subtotal. */
export function discountCents(subtotalCents: number, discount: CheckoutDiscount | null | undefined) {
  if (!discount) return 0
  if (discount.kind === 'PERCENT') {
    const pct = Math.min(100, Math.max(0, discount.value))
    return Math.min(subtotalCents, Math.round((subtotalCents * pct) / 100))
  }
  return Math.min(subtotalCents, Math.max(0, toCents(discount.value)))
}

/** The checkout's totals from the services' prices, the discount and the tip. */
export function checkoutTotals(
  prices: number[],
  discount?: CheckoutDiscount | null,
  tip?: number | null,
): CheckoutTotals {
  const subtotal = prices.reduce((sum, p) => sum + toCents(p), 0)
  const off = discountCents(subtotal, discount)
  const tipCents = Math.max(0, toCents(tip ?? 0))
  return {
    subtotal: fromCents(subtotal),
    discount: fromCents(off),
    total: fromCents(subtotal - off),
    tip: fromCents(tipCents),
    due: fromCents(subtotal - off + tipCents),
  }
}

/**
 * The prices a checkout adds up: the services done at today's prices when staff changed them (the
 * checkout names them), else the one price agreed at booking — a list price raised since does not
 * change what this customer was told.
 */
export const checkoutPrices = (agreedTotal: number, changedServices: readonly { price: number }[] | null): number[] =>
  changedServices ? changedServices.map((s) => s.price) : [agreedTotal]

/** Whether the payments add up to exactly what is due (compared in cents). */
export const paymentsMatch = (payments: { amount: number }[], due: number) =>
  payments.reduce((sum, p) => sum + toCents(p.amount), 0) === toCents(due)

export type CheckoutVerdict =
  | { ok: true; totals: CheckoutTotals }
  | { ok: false; reason: 'DISCOUNT_OVER_TOTAL' }
  | { ok: false; reason: 'PAYMENTS_MISMATCH'; expected: number }

/**
 * Whether a checkout adds up (issue 24): an amount off never more than the services' total, and
 * the payments exactly subtotal − discount + tip, to the cent. The server refuses with the reason;
 * the dashboard's form shows the same totals live.
 */
export function checkoutVerdict(
  prices: number[],
  discount: CheckoutDiscount | null | undefined,
  tip: number | null | undefined,
  payments: { amount: number }[],
): CheckoutVerdict {
  const totals = checkoutTotals(prices, discount, tip)
  if (discount?.kind === 'AMOUNT' && toCents(discount.value) > toCents(totals.subtotal))
    return { ok: false, reason: 'DISCOUNT_OVER_TOTAL' }
  if (!paymentsMatch(payments, totals.due)) return { ok: false, reason: 'PAYMENTS_MISMATCH', expected: totals.due }
  return { ok: true, totals }
}

/**
 * How a payment's tip is apportioned for the takings: tips go to methods in proportion to each
 * payment, in cents, the rounding remainder to the last one — so the parts always sum to the tip.
 */
export function tipShares(paymentsCents: number[], tipCents: number): number[] {
  const total = paymentsCents.reduce((a, b) => a + b, 0)
  if (total <= 0 || tipCents <= 0) return paymentsCents.map(() => 0)
  const shares = paymentsCents.map((p) => Math.floor((p * tipCents) / total))
  shares[shares.length - 1] += tipCents - shares.reduce((a, b) => a + b, 0)
  return shares
}
