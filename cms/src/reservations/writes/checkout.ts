import type { Pool } from 'pg'
import {
  type CheckoutBody,
  type CheckoutResponse,
  authorizeCheckout,
  checkoutPrices,
  checkoutVerdict,
} from '@salon/shared'
import { formatPrice } from '@salon/shared/format'
import { fieldMessage } from '@salon/shared/messages'
import { HttpError, inTransaction, pgErrorCode, withRetries } from '../../platform'
import { salonCalendar } from '../../calendar'
import { servicesOr400 } from '../booking'
import { insertCheckout, isPaid, paidOf } from '../checkoutRepository'
import { type Actor, recordEvent, setServices, setStatus } from '../repository'
import { actorAndReservation } from '../reads'
import { refusal } from '../refusals'

/**
 * POST /api/reservations/:id/checkout (issue 24): what a visit was done and paid, in one
 * transaction under the booking's row lock. The engine decides who may and when
 * (`authorizeCheckout`); the money is computed in cents (`checkoutTotals`, `paymentsMatch`): the
 * services' current prices when the body names the services done (they replace the booking's),
 * else the price agreed; the payments must add up to exactly subtotal − discount + tip. The
 * booking becomes COMPLETED (one event; completion mails nobody) and its `total_price` stays
 * the agreed one. Two checkouts at once: the row lock lines them up and the second finds the
 * first (409 ALREADY_PAID) — and should anything get past it, the checkout's primary key answers
 * the same. Not a fiscal receipt: the salon's till issues that. Tested by
 * cms/tests/int/checkout.test.ts.
 */
export async function checkout(
  pool: Pool,
  user: Actor,
  id: number,
  body: CheckoutBody,
  now = new Date(),
): Promise<CheckoutResponse> {
  try {
    return await withRetries(() =>
      inTransaction(pool, async (db) => {
        const { actor, current } = await actorAndReservation(db, user, id)
        const { settings } = await salonCalendar(db, { consistency: 'committed' })
        const verdict = authorizeCheckout(actor, current.facts, await isPaid(db, id), now)
        if (!verdict.ok) throw refusal(verdict, settings.timezone)

        const newServices = body.services !== undefined ? await servicesOr400(db, body.services) : null
        const prices = checkoutPrices(current.snapshot.total_price, newServices)
        const discount = body.discount ?? null
        const sums = checkoutVerdict(prices, discount, body.tip ?? 0, body.payments)
        if (!sums.ok)
          throw sums.reason === 'DISCOUNT_OVER_TOTAL' ? discountOverTotal() : paymentsMismatch(sums.expected)
        const { totals } = sums

        if (newServices && body.services!.join() !== current.snapshot.services.join())
          await setServices(db, id, body.services!)
        await insertCheckout(db, { reservation: id, totals, discount, payments: body.payments, at: now, by: user.id })
        const statusChanged = current.snapshot.status !== 'COMPLETED'
        if (statusChanged) await setStatus(db, id, 'COMPLETED', now)
        // One event: a status change (with the services done, if they changed), never a "move".
        await recordEvent(db, id, user, current.snapshot, now, undefined, statusChanged ? 'STATUS_CHANGED' : 'EDITED')
        const paid = (await paidOf(db, [id])).get(id)!
        return { id, status: 'COMPLETED' as const, paid }
      }),
    )
  } catch (err) {
    // The primary key of reservation_checkouts: someone else's checkout of this booking won.
    if (pgErrorCode(err) === '23505') throw alreadyPaid()
    throw err
  }
}

const alreadyPaid = () => refusal({ ok: false, status: 409, reason: 'ALREADY_PAID' })

/** 400 naming `payments`: they do not add up to what is due (`params.expected`, euro). */
function paymentsMismatch(expected: number) {
  const message = fieldMessage('PAYMENTS_MISMATCH', { expected: formatPrice(expected).replace(/\s*€$/, '') })
  return new HttpError(400, 'PAYMENTS_MISMATCH', message, {
    field: 'payments',
    params: { expected },
    errors: [{ path: 'payments', message, code: 'PAYMENTS_MISMATCH', params: { expected } }],
  })
}

/** 400 naming `discount.value`: an amount off larger than the services' total. */
function discountOverTotal() {
  const message = fieldMessage('DISCOUNT_OVER_TOTAL')
  return new HttpError(400, 'DISCOUNT_OVER_TOTAL', message, {
    field: 'discount.value',
    errors: [{ path: 'discount.value', message, code: 'DISCOUNT_OVER_TOTAL' }],
  })
}
