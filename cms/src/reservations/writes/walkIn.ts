import type { Pool } from 'pg'
import { type WalkInBody, localDayOf, slotSettingsFor, walkInPlacement } from '@salon/shared'
import { HttpError, fieldError } from '../../platform'
import { localDays } from '../../calendar'
import { UNAVAILABLE_MESSAGES, busyForNew } from '../booking'
import type { Actor } from '../repository'
import { loadActor } from '../reads'
import { bookAtDesk } from './bookForCustomer'

/**
 * POST /api/reservations/walk-in (issue 24, "Cliente senza appuntamento"): the person is in the
 * salon — book the services now (the next whole minute) with the first operator on shift and free
 * for their whole length (the least booked that day), whatever the opening hours, grid or notice
 * say (`walkInPlacement`). An operator books themselves unless they name one of their records.
 * Nobody free now: 409 OPERATOR_BUSY with `params.next`, the earliest start today when someone is.
 */
export async function walkIn(pool: Pool, user: Actor, body: WalkInBody, now = new Date()) {
  const actor = await loadActor(pool, user)
  const operator = body.operator ?? (actor.role === 'OPERATOR' && actor.operatorIds?.[0]) ?? 'any'
  return bookAtDesk(
    pool,
    user,
    {
      client: body.client,
      services: body.services,
      operator: operator || 'any',
      note: body.note,
      overrideShift: false,
      overrideHours: true,
      start: async ({ db, calendar, services, now: at }) => {
        const tz = calendar.settings.timezone
        const day = localDayOf(at, tz)
        const { from, to } = localDays(tz, day)
        const busy = await busyForNew(db, services, calendar, operator || 'any', from, to)
        const placed = walkInPlacement({
          services,
          operator: operator || 'any',
          calendar: { ...calendar, settings: slotSettingsFor('ADMIN', calendar.settings) },
          ...busy,
          now: at,
        })
        if (placed.available) return new Date(placed.start)
        if (placed.reason === 'INVALID_SERVICES')
          throw fieldError('services', 'INVALID_SERVICES', UNAVAILABLE_MESSAGES.INVALID_SERVICES)
        const reason = placed.reason in UNAVAILABLE_MESSAGES ? placed.reason : 'OPERATOR_BUSY'
        throw new HttpError(409, reason, UNAVAILABLE_MESSAGES[reason as keyof typeof UNAVAILABLE_MESSAGES], {
          reason,
          ...(placed.next ? { params: { next: placed.next } } : {}),
        })
      },
    },
    now,
  )
}
