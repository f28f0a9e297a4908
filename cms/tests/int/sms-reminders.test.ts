/**
 * SMS reminders and confirmations with the attendance link (issue 26 §5; docs/notifications.md
 * "SMS reminders"), against the stack's app processes, the SMS provider's stand-in (texts read from
 * SALON_SMS_DIR) and the real SMTP catcher. The link is read out of the SMS as a phone would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toE164 } from '@salon/shared'
import { DEV_SECRET } from '../../src/env'
import { attendanceKey, signAttendance } from '@salon/shared/attendanceToken'
import {
  api,
  daySlots,
  freeDay,
  freshAddress,
  login,
  smsTo,
  sql,
  unique,
  waitForMail,
  waitForSms,
  type Slot,
} from './helpers'

let service: number
let serviceTitle: string
let day: string
let salonPhone: string
let original: Record<string, unknown>

beforeAll(async () => {
  ;[{ id: service, title: serviceTitle }] = await sql(`select id, title from services where active and title = 'Piega'`)
  day = await freeDay(service, 27)
  ;[original] = await sql(
    `select sms_reminders, sms_confirmations, cancellation_time_limit, phone from config order by id limit 1`,
  )
  salonPhone = String(original.phone)
  // A short cancellation limit: a booking moved to start in a day may still be cancelled.
  await sql(`update config set sms_reminders = true, sms_confirmations = true, cancellation_time_limit = 2`)
}, 60_000)

afterAll(async () => {
  await sql(`update config set sms_reminders = $1, sms_confirmations = $2, cancellation_time_limit = $3`, [
    original.sms_reminders,
    original.sms_confirmations,
    original.cancellation_time_limit,
  ])
})

let phoneSeq = 0
/** A customer of our own with a number nobody else uses; `consent`: they said yes to SMS in the reserved area. */
async function customer(consent: boolean) {
  const email = `${unique('smsrem')}@example.com`.toLowerCase()
  const digits = String((process.pid * 97 + Date.now() + ++phoneSeq) % 10_000_000).padStart(7, '0')
  const phone = `+39 347 ${digits}`
  const res = await api('POST', '/api/users', {
    body: { email, password: 'password123', name: 'Marta', surname: 'Promemoria', phone_number: phone },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const token = await login(email, 'password123')
  if (consent) {
    const set = await api('PUT', '/api/auth/me/sms-consent', { token, body: { sms_consent: true } })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body).toMatchObject({ sms_consent: true, phone })
    expect(set.body.sms_consent_at).toBeTruthy()
  }
  return { email, token, to: toE164(phone)! }
}

/** The day's first start still free for the service (what earlier tests booked is taken). */
async function nextFreeSlot(): Promise<Slot> {
  const free = await daySlots(day, [service], 'any')
  expect(free.length, `no free start left on ${day}`).toBeGreaterThan(0)
  return free[0]!
}

/** Books the next free start of the day and has the salon confirm it. */
async function bookConfirmed(token: string) {
  const slot = await nextFreeSlot()
  const draft = await api('POST', '/api/reservations/create-session', { token })
  const id = draft.body.data.id as number
  const res = await api('POST', '/api/reservations/confirm', {
    token,
    body: { id, services: [service], operator: slot.operators[0], date_start: slot.start },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const ok = await api('PUT', `/api/reservations/${id}/status`, { as: 'ADMIN', body: { status: 'CONFIRMED' } })
  expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  return { id, slot }
}

const LINK = /https?:\/\/\S+\/a\/([A-Za-z0-9_-]{28})\b/
const tokenIn = (text: string) => {
  const m = LINK.exec(text)
  expect(m, text).toBeTruthy()
  return m![1]!
}
/** The attendance API from an address of its own (the calls are limited per address). */
const attendance = (method: 'GET' | 'POST', token: string, body?: unknown, address = freshAddress()) =>
  api(method, `/api/attendance/${token}`, { token: null, body, headers: { 'x-forwarded-for': address } })

/** As if the day before had come: the booking starts in a day and a minute, its first reminder due now. */
async function reminderDueNow(id: number) {
  // The booking's own events first: their job places the reminders by the booking's time, and one
  // running after the move below would put the reminder back a minute ahead (replacing this one).
  for (const deadline = Date.now() + 20_000; ;) {
    const [{ n }] = await sql(
      `select count(*)::int as n from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'reservation-event'`,
    )
    if (n === 0) break
    if (Date.now() > deadline) throw new Error('reservation events still queued after 20 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  const [{ start }] = await sql(
    `update reservations set operator_id = null, date_start = date_trunc('second', now()) + interval '24 hours 1 minute',
            date_end = date_trunc('second', now()) + interval '24 hours 31 minutes'
      where id = $1 returning to_char(date_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start`,
    [id],
  )
  await sql(
    `select graphile_worker.add_job('reminder', json_build_object('reservation', $1::int, 'index', 1, 'start', $2::text),
                                    job_key := 'reminder:' || $1 || ':1', job_key_mode := 'replace')`,
    [id, start],
  )
  return start as string
}

const settle = () => new Promise((r) => setTimeout(r, 1500))

describe('SMS reminders and the attendance link', () => {
  it('confirmation SMS on confirm; one reminder SMS when due; its link shows the booking and confirms attendance', async () => {
    const me = await customer(true)
    const since = Date.now()
    const { id } = await bookConfirmed(me.token)
    const confirmation = await waitForSms(me.to, /confermato/, since, 20_000)
    expect(confirmation.text).toMatch(/^Salone Demo: confermato, ti aspettiamo /)
    tokenIn(confirmation.text)
    expect(confirmation.text.length).toBeLessThanOrEqual(160)

    const start = await reminderDueNow(id)
    const reminder = await waitForSms(me.to, /ti aspettiamo domani/, since, 20_000)
    expect(reminder.text).toMatch(/Confermi o annulli qui: /)
    await settle()
    expect((await smsTo(me.to, since)).filter((m) => /Confermi/.test(m.text))).toHaveLength(1)
    expect(
      await sql(`select purpose, status, dedupe_key from sms_messages where reservation_id = $1 order by id`, [id]),
    ).toEqual([
      expect.objectContaining({ purpose: 'confirmation' }),
      {
        purpose: 'reminder',
        status: expect.stringMatching(/SENT|DELIVERED/),
        dedupe_key: `reminder-sms:${id}:1:${start}`,
      },
    ])
    // The reminder job running again (a retry, another process) sends nothing more.
    await sql(
      `select graphile_worker.add_job('reminder', json_build_object('reservation', $1::int, 'index', 1, 'start', $2::text))`,
      [id, start],
    )
    await settle()
    expect(await sql(`select count(*)::int as n from sms_messages where reservation_id = $1`, [id])).toEqual([{ n: 2 }])

    // The confirmation's link was for the booking's old time: not valid for the new one.
    const stale = await attendance('GET', tokenIn(confirmation.text))
    expect(stale.status).toBe(410)
    expect(stale.body.errors[0].data.code).toBe('LINK_INVALID')

    const token = tokenIn(reminder.text)
    const summary = await attendance('GET', token)
    expect(summary.status, JSON.stringify(summary.body)).toBe(200)
    expect(summary.body).toMatchObject({
      status: 'CONFIRMED',
      date_start: start,
      timezone: 'Europe/Rome',
      services: [serviceTitle],
      salon: { name: 'Salone Demo', phone: salonPhone },
      can_cancel: true,
      customer_confirmed_at: null,
    })
    expect(summary.headers.get('cache-control')).toMatch(/no-store/)

    const yes = await attendance('POST', token, { answer: 'confirm' })
    expect(yes.status, JSON.stringify(yes.body)).toBe(200)
    expect(yes.body.customer_confirmed_at).toBeTruthy()
    const again = await attendance('POST', token, { answer: 'confirm' })
    expect(again.body.customer_confirmed_at).toBe(yes.body.customer_confirmed_at)

    // The dashboard's booking page and agenda carry it.
    const detail = await api('GET', `/api/reservations/${id}/detail`, { as: 'ADMIN' })
    expect(detail.body.customer_confirmed_at).toBe(yes.body.customer_confirmed_at)
    const localDay = new Date(start).toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' })
    const agenda = await api('GET', `/api/reservations/agenda?from=${localDay}&to=${localDay}`, { as: 'ADMIN' })
    expect(agenda.status, JSON.stringify(agenda.body)).toBe(200)
    const entry = agenda.body.reservations.find((r: { id: number }) => r.id === id)
    expect(entry.customer_confirmed_at).toBe(yes.body.customer_confirmed_at)

    // A move takes the confirmation back: it was for the old time.
    await sql(
      `update reservations set date_start = date_start + interval '1 hour', date_end = date_end + interval '1 hour' where id = $1`,
      [id],
    )
    const [moved] = await sql(`select customer_confirmed_at from reservations where id = $1`, [id])
    expect(moved.customer_confirmed_at).toBeNull()
  })

  it('a tampered, foreign, other-purpose or expired token is refused with a 4xx that names it', async () => {
    const me = await customer(true)
    const since = Date.now()
    const { id, slot } = await bookConfirmed(me.token)
    const token = tokenIn((await waitForSms(me.to, /confermato/, since, 20_000)).text)
    expect((await attendance('GET', token)).status).toBe(200)

    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1)
    const secret = process.env.PAYLOAD_SECRET || DEV_SECRET
    const key = attendanceKey(secret)
    const cases: [string, string, number][] = [
      ['tampered signature', flip(token, 27), 404],
      ['tampered reservation id', flip(token, 3), 404],
      [
        'another secret',
        signAttendance(attendanceKey(`${secret}-not-ours`), { reservation: id, expires: new Date(slot.start) }),
        404,
      ],
      ['another purpose', signAttendance(key, { reservation: id, expires: new Date(slot.start) }, 0x42), 404],
      ['expired', signAttendance(key, { reservation: id, expires: new Date(Date.now() - 60_000) }), 410],
      ['no such reservation', signAttendance(key, { reservation: 99_999_999, expires: new Date(slot.start) }), 404],
      ['not a token', 'short', 404],
    ]
    for (const [what, bad, status] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await attendance(method, bad, method === 'POST' ? { answer: 'confirm' } : undefined)
        expect(res.status, `${what} ${method}`).toBe(status)
        expect(res.body.errors[0].data.code, what).toBe('LINK_INVALID')
        expect(res.body.errors[0].message).toMatch(/non è più valido/)
      }
    }
    const [row] = await sql(`select status, customer_confirmed_at from reservations where id = $1`, [id])
    expect(row).toEqual({ status: 'CONFIRMED', customer_confirmed_at: null })

    // A wrong answer names the field.
    const bad = await attendance('POST', token, { answer: 'forse' })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('answer')
  })

  it('cancel within the policy cancels (mails, the time freed); outside it 409 with the salon phone', async () => {
    const me = await customer(true)
    const since = Date.now()
    const { id, slot } = await bookConfirmed(me.token)
    const token = tokenIn((await waitForSms(me.to, /confermato/, since, 20_000)).text)
    const operator = slot.operators[0]!
    expect((await daySlots(day, [service], operator)).map((s) => s.start)).not.toContain(slot.start)

    const res = await attendance('POST', token, { answer: 'cancel' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'CANCELLED', can_cancel: false })
    expect((await daySlots(day, [service], operator)).map((s) => s.start)).toContain(slot.start)
    // The customer's own cancel: its event names them; the same mails as from the reserved area.
    const [event] = await sql(
      `select actor_id, actor_role, to_status from reservation_events where reservation_id = $1 order by id desc limit 1`,
      [id],
    )
    expect(event).toMatchObject({ actor_role: 'USER', to_status: 'CANCELLED' })
    expect(event.actor_id).not.toBeNull()
    await waitForMail(me.email, /annullat/i, since, 20_000)
    await expect
      .poll(
        async () =>
          (await sql(`select kind from notifications where reservation_id = $1 and kind = 'SALON_CANCELLED'`, [id]))
            .length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1)
    // Again: nothing more to do.
    const again = await attendance('POST', token, { answer: 'cancel' })
    expect(again.status).toBe(200)
    expect(again.body.status).toBe('CANCELLED')
    // Confirming a cancelled booking: 409.
    expect((await attendance('POST', token, { answer: 'confirm' })).status).toBe(409)

    // Outside the policy: a salon that takes cancellations only up to a day more than this booking
    // is away (the booking's day is the first free one a month ahead: after the holidays, in December).
    const otherSince = Date.now()
    const other = await bookConfirmed(me.token)
    const otherToken = tokenIn((await waitForSms(me.to, /confermato/, otherSince, 20_000)).text)
    const hoursAway = Math.ceil((Date.parse(other.slot.start) - Date.now()) / 3_600_000)
    await sql(`update config set cancellation_time_limit = $1`, [hoursAway + 24])
    try {
      const view = await attendance('GET', otherToken)
      expect(view.body.can_cancel).toBe(false)
      const late = await attendance('POST', otherToken, { answer: 'cancel' })
      expect(late.status).toBe(409)
      expect(late.body.errors[0].data).toMatchObject({ code: 'TOO_LATE_TO_CANCEL', phone: salonPhone })
      expect(late.body.errors[0].message).toContain(salonPhone)
    } finally {
      await sql(`update config set cancellation_time_limit = 2`)
    }
    const [row] = await sql(`select status from reservations where id = $1`, [other.id])
    expect(row.status).toBe('CONFIRMED')
  })

  it('no consent, or the switch off: the mails go, no SMS', async () => {
    const without = await customer(false)
    const since = Date.now()
    const a = await bookConfirmed(without.token)
    await waitForMail(without.email, /conferm/i, since, 20_000)
    await reminderDueNow(a.id)
    await waitForMail(without.email, /ti aspettiamo/i, since, 20_000)
    await settle()
    expect(await smsTo(without.to, since)).toEqual([])

    const me = await customer(true)
    await sql(`update config set sms_reminders = false, sms_confirmations = false`)
    try {
      const b = await bookConfirmed(me.token)
      await waitForMail(me.email, /conferm/i, since, 20_000)
      await reminderDueNow(b.id)
      await waitForMail(me.email, /ti aspettiamo/i, since, 20_000)
      await settle()
      expect(await smsTo(me.to, since)).toEqual([])
    } finally {
      await sql(`update config set sms_reminders = true, sms_confirmations = true`)
    }
    // Consent taken back in the reserved area: none either.
    const off = await api('PUT', '/api/auth/me/sms-consent', { token: me.token, body: { sms_consent: false } })
    expect(off.body).toMatchObject({ sms_consent: false, sms_consent_at: null })
    const c = await bookConfirmed(me.token)
    await settle()
    await reminderDueNow(c.id)
    await settle()
    await settle()
    expect(await smsTo(me.to, since)).toEqual([])
  })

  it('a desk card without an account: the consent the desk recorded; its link cancels as the customer (the salon is told)', async () => {
    const digits = String((process.pid * 89 + Date.now()) % 10_000_000).padStart(7, '0')
    const phone = `+39 348 ${digits}`
    const to = toE164(phone)!
    const created = await api('POST', '/api/clients', {
      as: 'ADMIN',
      body: { name: 'Rosa', surname: 'Banco', phone_number: phone },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const card = created.body.doc.id as number
    expect(created.body.doc).toMatchObject({ sms_consent: false, sms_consent_at: null })
    const asked = await api('PATCH', `/api/clients/${card}`, { as: 'ADMIN', body: { sms_consent: true } })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body.doc ?? asked.body).toMatchObject({ sms_consent: true })
    const refused = await api('PATCH', `/api/clients/${card}`, { as: 'ADMIN', body: { sms_consent_at: null } })
    expect(refused.status).toBe(400)

    const slot = await nextFreeSlot()
    const since = Date.now()
    const booked = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { client: card, services: [service], operator: slot.operators[0], date_start: slot.start },
    })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const id = booked.body.data.id as number
    // Booked in by the salon, already confirmed: the confirmation SMS goes to the card's number.
    const sms = await waitForSms(to, /confermato/, since, 20_000)
    const res = await attendance('POST', tokenIn(sms.text), { answer: 'cancel' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.status).toBe('CANCELLED')
    const [event] = await sql(
      `select actor_id, actor_role from reservation_events where reservation_id = $1 order by id desc limit 1`,
      [id],
    )
    expect(event).toEqual({ actor_id: null, actor_role: 'USER' })
    await expect
      .poll(
        async () =>
          (await sql(`select kind from notifications where reservation_id = $1 and kind = 'SALON_CANCELLED'`, [id]))
            .length,
        { timeout: 20_000 },
      )
      .toBe(1)
  })

  it('merging two cards keeps a consent given on either (as the marketing one)', async () => {
    const make = async (sms_consent: boolean) => {
      const digits = String((process.pid * 83 + Date.now()) % 10_000_000).padStart(7, '0')
      const res = await api('POST', '/api/clients', {
        as: 'ADMIN',
        body: { name: 'Ada', surname: 'Doppia', phone_number: `+39 349 ${digits}`, sms_consent },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return res.body.doc as { id: number; sms_consent: boolean; sms_consent_at: string | null }
    }
    const keep = await make(false)
    const from = await make(true)
    expect(from.sms_consent_at).toBeTruthy()
    const merged = await api('POST', `/api/clients/${keep.id}/merge`, { as: 'ADMIN', body: { from: from.id } })
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    expect(merged.body.doc).toMatchObject({ sms_consent: true, sms_consent_at: from.sms_consent_at })
  })

  it('the consent endpoint: own account only, the field named on bad input; the attendance calls are limited', async () => {
    expect((await api('GET', '/api/auth/me/sms-consent', { token: null })).status).toBe(401)
    const me = await customer(false)
    const read = await api('GET', '/api/auth/me/sms-consent', { token: me.token })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ sms_consent: false, sms_consent_at: null })
    const bad = await api('PUT', '/api/auth/me/sms-consent', { token: me.token, body: { sms_consent: 'sì' } })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('sms_consent')

    const address = freshAddress()
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) statuses.push((await attendance('GET', 'A'.repeat(28), undefined, address)).status)
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
  })
})
