/**
 * The waitlist's queue (issue 27 §1–§3) on the real stack — two app processes, each with a job
 * worker, on one PostgreSQL: a freed time goes to the first in line, held and sent (mail, SMS); the
 * hold passes to the next when it ends; racing confirms never both win; nobody gets one time twice;
 * the dashboard counts the booking won.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL_B, api, daySlots, freeDay, mailsTo, sql, waitForMail, waitForSms } from './helpers'
import { type Customer, bookWalkIn, cancelAsAdmin, customer, join, offersOf, queueIdle, until } from './waitlistSetup'

let ops: Record<string, number>
let svc: Record<string, number>
let holdBefore: number

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
  holdBefore = Number((await sql('select hold_minutes from config order by id limit 1'))[0].hold_minutes)
})
afterAll(async () => {
  await sql('update config set hold_minutes = $1', [holdBefore])
})

const confirm = (who: Customer, id: number, date_start: string, operator: number | 'any') =>
  api('POST', '/api/reservations/confirm', {
    token: who.token,
    body: { id, services: [svc.Piega], operator, date_start },
  })

const session = async (who: Customer) => {
  const res = await api('POST', '/api/reservations/create-session', { token: who.token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data.id as number
}

describe('a freed time and the line', () => {
  it('runs on two app processes', () => {
    expect(BASE_URL_B).not.toBe('')
  })

  it('a cancellation makes exactly one offer, to the first in line: held, mailed, texted; one tap books it', async () => {
    const day = await freeDay(svc.Piega!, 28)
    const slot = (await daySlots(day, [svc.Piega!], ops.Giulia!))[1]!
    const walkIn = await bookWalkIn([svc.Piega!], ops.Giulia!, slot.start)
    const [a, b] = [await customer('wl-a'), await customer('wl-b')]
    await sql('update clients set sms_consent = true, sms_consent_at = now() where user_id = $1', [a.id])
    const entryA = await join(a, [svc.Piega!], ops.Giulia!, slot)
    const entryB = await join(b, [svc.Piega!], ops.Giulia!, slot)
    await queueIdle()
    expect(await offersOf([entryA, entryB])).toEqual([]) // the time is taken: nothing to offer

    const since = Date.now()
    await cancelAsAdmin(walkIn)
    const mail = await waitForMail(a.email, /^Si è liberato un posto/, since, 15_000)
    const [offer] = await offersOf([entryA, entryB])
    expect(offer).toMatchObject({ entry_id: entryA, status: 'OPEN', by_hand: false })
    expect(new Date(offer!.date_start).toISOString()).toBe(slot.start)
    expect(mail.body).toContain(`/reserve/offer/${offer!.id}`)
    const sms = await waitForSms(a.phone, /si è liberato un posto/, since, 15_000)
    expect(sms.text).toContain(`/reserve/offer/${offer!.id}`)
    // The draft holds the time: the public availability no longer offers it.
    const [draft] = await sql('select status, user_id, date_start from reservations where id = $1', [
      offer!.reservation_id,
    ])
    expect(draft).toMatchObject({ status: 'PENDING_CONFIRMATION', user_id: a.id })
    await queueIdle()
    expect(await offersOf([entryA, entryB])).toHaveLength(1)
    expect(await mailsTo(b.email, since)).toEqual([])

    // What the offer page reads, and the customer's list.
    const detail = await api('GET', `/api/waitlist/offers/${offer!.id}`, { token: a.token })
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({
      id: offer!.id,
      entry: entryA,
      status: 'OPEN',
      reservation: offer!.reservation_id,
      operator_choice: ops.Giulia,
      date_start: slot.start,
    })
    expect(detail.body.services.map((s: { id: number }) => s.id)).toEqual([svc.Piega])
    const mine = await api('GET', '/api/waitlist/mine', { token: a.token })
    expect(mine.body.docs.find((e: { id: number }) => e.id === entryA).offers[0].status).toBe('OPEN')

    // The race: B's normal booking of that time against A's one tap — only A's can win.
    const bDraft = await session(b)
    const [byA, byB] = await Promise.all([
      confirm(a, offer!.reservation_id!, slot.start, detail.body.operator_choice),
      confirm(b, bDraft, slot.start, ops.Giulia!),
    ])
    expect(byA.status, JSON.stringify(byA.body)).toBe(200)
    expect(byB.status).toBe(409)
    const [after] = await offersOf([entryA])
    expect(after).toMatchObject({ status: 'TAKEN' })
    expect((await sql('select status from waitlist_entries where id = $1', [entryA]))[0].status).toBe('BOOKED')
    expect((await sql('select status from waitlist_entries where id = $1', [entryB]))[0].status).toBe('ACTIVE')

    // The dashboard counts the booking won from the waitlist.
    const index = await api('GET', `/api/pages/dashboard-index?period=custom&from=${day}&to=${day}`, { as: 'ADMIN' })
    expect(index.status).toBe(200)
    expect(index.body.kpis.waitlistWon.current).toBe(1)
    expect(index.body.figures.current.waitlistWon).toBe(1)
  }, 60_000)

  it('a block removed frees its time: the first in line gets it', async () => {
    const day = await freeDay(svc.Piega!, 32)
    const slot = (await daySlots(day, [svc.Piega!], ops.Giulia!))[4]!
    const block = await api('POST', '/api/operator-blocks', {
      as: 'ADMIN',
      body: { operator: ops.Giulia, date_start: slot.start, date_end: slot.end, reason: 'Formazione' },
    })
    expect(block.status, JSON.stringify(block.body)).toBe(201)
    const e = await customer('wl-e')
    const entry = await join(e, [svc.Piega!], ops.Giulia!, slot)
    await queueIdle()
    expect(await offersOf([entry])).toEqual([])
    const since = Date.now()
    expect((await api('DELETE', `/api/operator-blocks/${block.body.data.id}`, { as: 'ADMIN' })).status).toBe(200)
    await waitForMail(e.email, /^Si è liberato un posto/, since, 15_000)
    expect((await offersOf([entry])).map((o) => o.status)).toEqual(['OPEN'])
  }, 40_000)

  it('a held time whose hold has ended never stops a normal booking, even before its expiry job has run', async () => {
    const day = await freeDay(svc.Piega!, 34)
    const slot = (await daySlots(day, [svc.Piega!], ops.Giulia!))[3]!
    const [f, g] = [await customer('wl-f'), await customer('wl-g')]
    const entry = await join(f, [svc.Piega!], ops.Giulia!, slot)
    const offer = await until(async () => (await offersOf([entry])).find((o) => o.status === 'OPEN'))
    // Its hold is over (the draft's clock moved back); the expiry job is not due yet.
    await sql(`update reservations set created_at = created_at - interval '1 hour' where id = $1`, [
      offer.reservation_id,
    ])
    const res = await confirm(g, await session(g), slot.start, ops.Giulia!)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await sql('select id from reservations where id = $1', [offer.reservation_id])).toEqual([])
    expect((await confirm(f, offer.reservation_id!, slot.start, ops.Giulia!)).status).toBe(404)
  }, 40_000)

  it('an offer not taken passes to the next in line when its hold ends; the first never gets that time twice', async () => {
    await sql('update config set hold_minutes = 1')
    try {
      const day = await freeDay(svc.Piega!, 29)
      const slot = (await daySlots(day, [svc.Piega!], ops.Giulia!))[2]!
      const walkIn = await bookWalkIn([svc.Piega!], ops.Giulia!, slot.start)
      const [c, d] = [await customer('wl-c'), await customer('wl-d')]
      const entryC = await join(c, [svc.Piega!], ops.Giulia!, slot)
      const entryD = await join(d, [svc.Piega!], ops.Giulia!, slot)
      await queueIdle()
      const since = Date.now()
      await cancelAsAdmin(walkIn)
      await waitForMail(c.email, /^Si è liberato un posto/, since, 15_000)
      const [first] = await offersOf([entryC, entryD])
      expect(first).toMatchObject({ entry_id: entryC, status: 'OPEN' })
      const expiresIn = new Date(
        (await sql('select expires_at from waitlist_offers where id = $1', [first!.id]))[0].expires_at,
      )
      expect(expiresIn.getTime() - Date.now()).toBeLessThanOrEqual(60_000)

      // C lets it pass: at the end of the hold D gets it, and C is not offered it again.
      await waitForMail(d.email, /^Si è liberato un posto/, since, 90_000)
      const offers = await offersOf([entryC, entryD])
      expect(offers.map((o) => [o.entry_id, o.status])).toEqual([
        [entryC, 'EXPIRED'],
        [entryD, 'OPEN'],
      ])
      expect(await sql('select id from reservations where id = $1', [first!.reservation_id])).toEqual([])

      // C's stale tap and D's tap, at once: D books, C cannot.
      const [byC, byD] = await Promise.all([
        confirm(c, first!.reservation_id!, slot.start, ops.Giulia!),
        confirm(d, offers[1]!.reservation_id!, slot.start, ops.Giulia!),
      ])
      expect(byD.status, JSON.stringify(byD.body)).toBe(200)
      expect([404, 409]).toContain(byC.status)
      const page = await api('GET', `/api/waitlist/offers/${first!.id}`, { token: c.token })
      expect(page.body.status).toBe('EXPIRED')
      await queueIdle()
      expect((await offersOf([entryC])).length).toBe(1)
    } finally {
      await sql('update config set hold_minutes = $1', [holdBefore])
    }
  }, 150_000)
})
