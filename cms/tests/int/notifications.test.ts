/**
 * Booking notifications through the durable queue (jobs/, docs/notifications.md), against the
 * stack's two app processes — both run a worker, so every "exactly one mail" here is also "once
 * with two processes" — and the suite's real SMTP server (scripts/lib/smtp.mjs), which refuses an
 * address with `+smtpfail<N>` the first N times. Mails are parsed with mailparser, calendar files
 * with ical.js: nothing here reads them with the code that wrote them.
 */
import ICAL from 'ical.js'
import { simpleParser, type ParsedMail } from 'mailparser'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hoursBefore } from '@salon/shared'
import { MAIL_DIR, api, daySlots, freeDay, login, sql, startApp, unique, type Slot } from './helpers'

let service: number
let serviceTitle: string
let day: string
let slots: Slot[]
let salon: { name: string; email: string }
let nextSlot = 0

beforeAll(async () => {
  ;[{ id: service, title: serviceTitle }] = await sql(`select id, title from services where active and title = 'Piega'`)
  day = await freeDay(service, 26)
  slots = await daySlots(day, [service], 'any')
  const [config] = await sql(`select business_name, email from config order by id limit 1`)
  salon = { name: config.business_name, email: config.email }
  expect(salon.email, 'the demo salon has an address for its own mails').toBeTruthy()
}, 60_000)

afterAll(async () => {
  await sql(`update config set auto_complete_hours = 0`)
})

/** Mails a test does not count: each customer's own registration mail ("conferma il tuo indirizzo"). */
const before = new Map<string, Set<string>>()

/**
 * A customer of our own. With `tail` (`+smtpfail2`: the SMTP server refuses that address twice)
 * the address is given after the registration mail went out, straight in the database — the
 * refusals are then all the booking mail's.
 */
async function customer(tail = '') {
  const registered = `${unique('notify')}@example.com`.toLowerCase()
  const res = await api('POST', '/api/users', {
    body: {
      email: registered,
      password: 'password123',
      name: 'Giulia',
      surname: 'Notifiche',
      phone_number: '+39 333 000 4444',
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const token = await login(registered, 'password123')
  await expect.poll(() => allMailFiles(registered).length, { timeout: 10_000 }).toBe(1) // the registration mail
  const email = tail ? registered.replace('@', `${tail}@`) : registered
  if (tail) await sql(`update users set email = $2 where email = $1`, [registered, email])
  before.set(email, new Set(allMailFiles(email)))
  return { email, token }
}

/** Books the next free start of the day (every call its own start, 4 slots apart). */
async function book(token: string) {
  const slot = slots[nextSlot]!
  nextSlot += 4
  const draft = await api('POST', '/api/reservations/create-session', { token })
  const id = draft.body.data.id as number
  const res = await api('POST', '/api/reservations/confirm', {
    token,
    body: { id, services: [service], operator: slot.operators[0], date_start: slot.start },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { id, slot }
}

const allMailFiles = (to: string) => {
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_')
  return fs.existsSync(MAIL_DIR)
    ? fs
        .readdirSync(MAIL_DIR)
        .filter((f) => f.endsWith(`-${safe}.eml`))
        .sort()
    : []
}
/** The mails to `to` since the test made that customer. */
const mailFiles = (to: string) => allMailFiles(to).filter((f) => !before.get(to)?.has(f))

/** The mails to `to` once there are `n` of them (then a short wait proves no more arrive). */
async function mailsTo(to: string, n: number, timeoutMs = 20_000): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs
  while (mailFiles(to).length < n) {
    if (Date.now() > deadline) throw new Error(`${mailFiles(to).length} of ${n} mails to ${to}`)
    await new Promise((r) => setTimeout(r, 150))
  }
  await new Promise((r) => setTimeout(r, 1500))
  const files = mailFiles(to)
  expect(files.length, `mails to ${to}`).toBe(n)
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(MAIL_DIR, f)))))
}

/** The salon's mails that mention `text` (the salon's inbox holds every test's bookings). */
async function salonMailsAbout(text: string, n: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = await Promise.all(
      mailFiles(salon.email).map((f) => simpleParser(fs.readFileSync(path.join(MAIL_DIR, f)))),
    )
    const about = mails.filter((m) => `${m.text}`.includes(text))
    if (about.length >= n) {
      // Then a moment more: a duplicate arriving late must fail the count too.
      await new Promise((r) => setTimeout(r, 1500))
      const again = await Promise.all(
        mailFiles(salon.email).map((f) => simpleParser(fs.readFileSync(path.join(MAIL_DIR, f)))),
      )
      const settled = again.filter((m) => `${m.text}`.includes(text))
      expect(settled.length).toBe(n)
      return settled
    }
    if (Date.now() > deadline) throw new Error(`${about.length} of ${n} salon mails about ${text}`)
    await new Promise((r) => setTimeout(r, 300))
  }
}

/** The calendar file a mail carries, parsed: METHOD, UID, SEQUENCE, STATUS, start and end. */
function calendarOf(mail: ParsedMail) {
  const part = mail.attachments.find((a) => /text\/calendar/i.test(a.contentType))
  expect(part, `a calendar file in "${mail.subject}"`).toBeTruthy()
  const cal = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')))
  const event = cal.getFirstSubcomponent('vevent')!
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
  }
}

const reminderJob = async (id: number, index = 1) =>
  (
    await sql(
      `select j.run_at, j.payload from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
        where j.key = $1 and t.identifier = 'reminder'`,
      [`reminder:${id}:${index}`],
    )
  )[0] as { run_at: Date; payload: { start: string } } | undefined

const DAY_MS = 86_400_000

describe('booking notifications', () => {
  it('a booking: "ricevuta" to the customer, the salon told once; approved: a confirmation with its calendar file', async () => {
    const me = await customer()
    const started = Date.now()
    const { id, slot } = await book(me.token)
    expect(Date.now() - started, 'the confirm does not wait for mail').toBeLessThan(5_000)

    const [received] = await mailsTo(me.email, 1)
    expect(received!.subject).toMatch(/ricevut/i)
    expect(received!.text).toContain(serviceTitle)
    expect(received!.text).toContain(salon.name)
    expect(received!.text).not.toMatch(/PENDING|CONFIRMED/)
    await salonMailsAbout(me.email, 1)

    // The salon approves: the customer gets the confirmation with a REQUEST calendar file.
    const approved = await api('PUT', `/api/reservations/${id}/status`, { as: 'ADMIN', body: { status: 'CONFIRMED' } })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    const mails = await mailsTo(me.email, 2)
    const confirmed = mails.find((m) => m !== mails[0] && /conferm/i.test(m.subject ?? ''))!
    expect(confirmed, mails.map((m) => m.subject).join(' | ')).toBeTruthy()
    const file = calendarOf(confirmed)
    expect(file.method).toBe('REQUEST')
    expect(file.uid).toMatch(new RegExp(`^reservation-${id}@`))
    expect(file.start).toBe(new Date(slot.start).toISOString())
    expect(file.end).toBe(new Date(slot.end).toISOString())
    expect(file.sequence).toBeGreaterThan(0)
    // No second salon mail for an approval.
    await salonMailsAbout(me.email, 1)

    const rows = await sql(
      `select kind, recipient, status, attempts from notifications where reservation_id = $1 order by id`,
      [id],
    )
    expect(rows).toEqual([
      { kind: 'RECEIVED', recipient: 'CUSTOMER', status: 'SENT', attempts: 1 },
      { kind: 'SALON_NEW_BOOKING', recipient: 'SALON', status: 'SENT', attempts: 1 },
      { kind: 'CONFIRMED', recipient: 'CUSTOMER', status: 'SENT', attempts: 1 },
    ])
  })

  it("the reminders follow the settings: new hours place every upcoming booking's reminders again", async () => {
    const me = await customer()
    const { id, slot } = await book(me.token)
    await mailsTo(me.email, 1)
    const [config] = await sql(
      `select id, timezone, reminder_hours, second_reminder_hours from config order by id limit 1`,
    )
    const at = (hours: number) => hoursBefore(Date.parse(slot.start), hours, config.timezone).toISOString()
    const runAt = async (index: number) => (await reminderJob(id, index))?.run_at?.toISOString() ?? null
    await expect.poll(() => runAt(1), { timeout: 10_000 }).toBe(at(24))
    expect(await runAt(2)).toBeNull()
    try {
      // The owner asks for two days ahead and a second reminder three hours before.
      const res = await api('PATCH', `/api/config/${config.id}`, {
        as: 'ADMIN',
        body: { reminderHours: 48, secondReminderHours: 3 },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      await expect.poll(() => runAt(1), { timeout: 15_000 }).toBe(at(48))
      await expect.poll(() => runAt(2), { timeout: 15_000 }).toBe(at(3))
      expect((await reminderJob(id, 1))!.payload.start).toBe(new Date(slot.start).toISOString())
      // Then no first reminder at all: its job goes, the second stays.
      const off = await api('PATCH', `/api/config/${config.id}`, { as: 'ADMIN', body: { reminderHours: 0 } })
      expect(off.status, JSON.stringify(off.body)).toBe(200)
      await expect.poll(() => runAt(1), { timeout: 15_000 }).toBeNull()
      expect(await runAt(2)).toBe(at(3))
    } finally {
      await sql(`update config set reminder_hours = $2, second_reminder_hours = $3 where id = $1`, [
        config.id,
        config.reminder_hours,
        config.second_reminder_hours,
      ])
    }
    // Back to the saved hours: placed as before.
    const placed = (hours: number) => (hours > 0 ? at(hours) : null)
    await expect.poll(() => runAt(1), { timeout: 15_000 }).toBe(placed(Number(config.reminder_hours)))
    await expect.poll(() => runAt(2), { timeout: 15_000 }).toBe(placed(Number(config.second_reminder_hours)))
  })

  it('the reminder is scheduled a day before, follows a move, goes out once when due, and a cancellation removes it', async () => {
    const me = await customer()
    const { id, slot } = await book(me.token)
    await mailsTo(me.email, 1)
    // Scheduled at the same local time the day before (no clock change in between here: 24 h).
    await expect
      .poll(async () => (await reminderJob(id))?.run_at?.toISOString(), { timeout: 10_000 })
      .toBe(new Date(Date.parse(slot.start) - DAY_MS).toISOString())

    // Confirmed by the salon (a calendar file of the first time), then moved by the salon: the
    // customer is told, with the new time in a calendar file of the same UID and a higher
    // SEQUENCE, and the reminder moves with it.
    expect(
      (await api('PUT', `/api/reservations/${id}/status`, { as: 'ADMIN', body: { status: 'CONFIRMED' } })).status,
    ).toBe(200)
    const [, confirmedMail] = await mailsTo(me.email, 2)
    const first = calendarOf(confirmedMail!)
    expect(first).toMatchObject({ method: 'REQUEST', start: new Date(slot.start).toISOString() })
    const later = slots[nextSlot]!
    nextSlot += 4
    const moved = await api('POST', `/api/reservations/${id}/move`, {
      as: 'ADMIN',
      body: { date_start: later.start, operator: later.operators[0] },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const [, , movedMail] = await mailsTo(me.email, 3)
    expect(movedMail!.subject).toMatch(/spostat/i)
    const second = calendarOf(movedMail!)
    expect(second).toMatchObject({ method: 'REQUEST', uid: first.uid, start: new Date(later.start).toISOString() })
    expect(second.sequence).toBeGreaterThan(first.sequence)
    await expect
      .poll(async () => (await reminderJob(id))?.run_at?.toISOString(), { timeout: 10_000 })
      .toBe(new Date(Date.parse(later.start) - DAY_MS).toISOString())

    // Due now: as if the day before had come, the booking is moved (in the database only) to start
    // a day and a minute from now, and its reminder job to now — a reminder is sent only when due,
    // never merely because its job ran. One reminder, through both processes' workers.
    const [{ start }] = await sql(
      `update reservations set operator_id = null, date_start = date_trunc('second', now()) + interval '24 hours 1 minute',
              date_end = date_trunc('second', now()) + interval '24 hours 31 minutes'
        where id = $1 returning to_char(date_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start`,
      [id],
    )
    await sql(
      `update graphile_worker._private_jobs
          set run_at = now(), payload = json_build_object('reservation', $2::int, 'index', 1, 'start', $3::text)
        where key = $1`,
      [`reminder:${id}:1`, id, start],
    )
    const [, , , reminder] = await mailsTo(me.email, 4)
    expect(reminder!.subject).toMatch(/ti aspettiamo/i)
    expect(reminder!.text).toContain(serviceTitle)
    const reminders = await sql(
      `select kind, status from notifications where reservation_id = $1 and kind = 'REMINDER'`,
      [id],
    )
    expect(reminders).toEqual([{ kind: 'REMINDER', status: 'SENT' }])
    await expect.poll(async () => await reminderJob(id), { timeout: 10_000 }).toBeUndefined()

    // A second booking cancelled by its customer: CANCEL with its UID; the salon is told; its
    // reminder is gone.
    const { id: other } = await book(me.token)
    await mailsTo(me.email, 5)
    await expect.poll(async () => !!(await reminderJob(other)), { timeout: 10_000 }).toBe(true)
    const cancel = await api('PUT', `/api/reservations/${other}/status`, {
      token: me.token,
      body: { status: 'CANCELLED' },
    })
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200)
    const all = await mailsTo(me.email, 6)
    const cancelled = all.find((m) => /annullat|cancellat/i.test(m.subject ?? ''))!
    expect(cancelled, all.map((m) => m.subject).join(' | ')).toBeTruthy()
    const file = calendarOf(cancelled)
    expect(file).toMatchObject({ method: 'CANCEL', status: 'CANCELLED' })
    expect(file.uid).toMatch(new RegExp(`^reservation-${other}@`))
    await expect.poll(async () => await reminderJob(other), { timeout: 10_000 }).toBeUndefined()
    const salonMails = await salonMailsAbout(me.email, 3) // two new bookings, one cancellation
    expect(salonMails.filter((m) => /annull|cancell/i.test(m.subject ?? ''))).toHaveLength(1)
  })

  it('SMTP down: the booking is unaffected, the mail is retried with back-off and sent once', async () => {
    const me = await customer('+smtpfail2')
    const started = Date.now()
    const { id } = await book(me.token)
    expect(Date.now() - started).toBeLessThan(5_000)
    const [status] = await sql(`select status from reservations where id = $1`, [id])
    expect(status.status).toBe('PENDING')
    const [mail] = await mailsTo(me.email, 1, 40_000)
    expect(mail!.subject).toMatch(/ricevut/i)
    const [row] = await sql(
      `select status, attempts, last_error from notifications where reservation_id = $1 and recipient = 'CUSTOMER'`,
      [id],
    )
    expect(row).toMatchObject({ status: 'SENT', attempts: 3, last_error: null })
  }, 60_000)

  it('nothing is enqueued by a change that rolls back, nor by a refused confirm', async () => {
    const [{ id: reservation }] = await sql(
      `select id from reservations where status = 'CONFIRMED' order by id limit 1`,
    )
    // Inside a transaction that rolls back: the trigger's job goes with it.
    const db = await import('pg')
    const client = new db.default.Client({ connectionString: process.env.SALON_DATABASE_URL })
    await client.connect()
    try {
      await client.query('begin')
      const { rows } = await client.query(
        `insert into reservation_events (reservation_id, kind, from_status, to_status) values ($1, 'STATUS_CHANGED', 'CONFIRMED', 'CONFIRMED') returning id`,
        [reservation],
      )
      const inside = await client.query(
        `select count(*)::int as n from graphile_worker._private_jobs where payload->>'event' = $1`,
        [String(rows[0].id)],
      )
      expect(inside.rows[0].n, 'enqueued inside the transaction').toBe(1)
      await client.query('rollback')
      const after = await client.query(
        `select count(*)::int as n from graphile_worker._private_jobs where payload->>'event' = $1`,
        [String(rows[0].id)],
      )
      expect(after.rows[0].n).toBe(0)
    } finally {
      await client.end()
    }
    // A confirm refused on a taken time: no event, no job, no mail.
    const me = await customer()
    const { slot } = await book(me.token)
    const rival = await customer()
    const draft = await api('POST', '/api/reservations/create-session', { token: rival.token })
    const refused = await api('POST', '/api/reservations/confirm', {
      token: rival.token,
      body: { id: draft.body.data.id, services: [service], operator: slot.operators[0], date_start: slot.start },
    })
    expect(refused.status).toBe(409)
    const events = await sql(`select kind from reservation_events where reservation_id = $1`, [draft.body.data.id])
    expect(events.map((e) => e.kind)).toEqual(['CREATED'])
    await new Promise((r) => setTimeout(r, 2000))
    expect(mailFiles(rival.email)).toEqual([])
  })

  it('the process that took the booking is killed right after answering: its mails still go out, once', async () => {
    // A process that only enqueues (its worker off), killed outright once it answered the confirm:
    // the jobs live in PostgreSQL, committed with the booking, and the other processes send them.
    const victim = await startApp('notify-victim', { env: { JOB_WORKER: 'off' } })
    try {
      const me = await customer()
      const slot = slots[nextSlot]!
      nextSlot += 4
      const draft = await api('POST', '/api/reservations/create-session', { token: me.token, base: victim.base })
      const res = await api('POST', '/api/reservations/confirm', {
        token: me.token,
        base: victim.base,
        body: { id: draft.body.data.id, services: [service], operator: slot.operators[0], date_start: slot.start },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      victim.child.kill('SIGKILL')
      const [mail] = await mailsTo(me.email, 1)
      expect(mail!.subject).toMatch(/ricevut/i)
      await salonMailsAbout(me.email, 1)
    } finally {
      await victim.stop()
    }
  }, 90_000)

  it('a worker that died holding a job: the sweeper releases it, another process sends it — once', async () => {
    const me = await customer()
    const key = unique('stuck')
    const [{ id }] = await sql(
      `insert into notifications (kind, recipient, address, dedupe_key, subject, html, text)
       values ('REMINDER', 'CUSTOMER', $1, $2, 'Promemoria di prova', '<p>Ciao</p>', 'Ciao') returning id`,
      [me.email, key],
    )
    // A worker that vanished (its process killed) while holding the send: no heartbeat for long.
    await sql(`insert into job_workers (worker_id, pid, seen_at) values ($1, 0, now() - interval '10 minutes')`, [key])
    await sql(
      `select graphile_worker.add_job('send-notification', json_build_object('id', $1::bigint), run_at := now() + interval '1 hour', job_key := $2)`,
      [id, key],
    )
    await sql(
      `update graphile_worker._private_jobs set locked_by = $1, locked_at = now(), run_at = now() where key = $1`,
      [key],
    )
    const [mail] = await mailsTo(me.email, 1, 45_000)
    expect(mail!.subject).toBe('Promemoria di prova')
    const [row] = await sql(`select status, attempts from notifications where id = $1`, [id])
    expect(row).toEqual({ status: 'SENT', attempts: 1 })
    expect(await sql(`select 1 from job_workers where worker_id = $1`, [key])).toEqual([])
  }, 60_000)

  it('a job process killed while it holds real jobs: the sweeper knows the id they are locked under, and the others send them — once', async () => {
    // The victim's worker claims jobs the normal way, then hangs on an SMTP server that never
    // greets; it is killed holding them. graphile-worker locks a job under its pool's id, so that is
    // the id the victim's heartbeat must have recorded for the survivors to free the job.
    const held: net.Socket[] = []
    const silent = net.createServer((socket) => void held.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const smtpPort = (silent.address() as net.AddressInfo).port
    const victim = await startApp('sweeper-victim', { env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } })
    try {
      const me = await customer()
      const victimPid = victim.child.pid!
      let n = 0
      let caught: { key: string; locked_by: string } | undefined
      // The other processes' workers claim too: enqueue in batches until the victim holds one.
      for (let round = 0; round < 6 && !caught; round++) {
        const keys = Array.from({ length: 8 }, () => unique('held'))
        for (const key of keys) {
          const [{ id }] = await sql(
            `insert into notifications (kind, recipient, address, dedupe_key, subject, html, text)
             values ('REMINDER', 'CUSTOMER', $1, $2, $3, '<p>Ciao</p>', 'Ciao') returning id`,
            [me.email, key, `Promemoria trattenuto ${++n}`],
          )
          await sql(
            `select graphile_worker.add_job('send-notification', json_build_object('id', $1::bigint), job_key := $2)`,
            [id, key],
          )
        }
        const deadline = Date.now() + 5000
        while (!caught && Date.now() < deadline) {
          ;[caught] = await sql<{ key: string; locked_by: string }>(
            `select j.key, j.locked_by from graphile_worker._private_jobs j
               join job_workers w on w.worker_id = j.locked_by
              where w.pid = $1 and j.key = any($2::text[])`,
            [victimPid, keys],
          )
          if (!caught) await new Promise((r) => setTimeout(r, 100))
        }
      }
      expect(caught, 'a job held by the victim, under an id its heartbeat recorded').toBeTruthy()
      victim.child.kill('SIGKILL')
      // Three missed beats (30 s) and the survivors' next beat: every mail goes out, each once.
      const mails = await mailsTo(me.email, n, 75_000)
      expect(new Set(mails.map((m) => m.subject)).size).toBe(n)
      const [row] = await sql(`select status, attempts from notifications where dedupe_key = $1`, [caught!.key])
      expect(row).toEqual({ status: 'SENT', attempts: 1 })
    } finally {
      await victim.stop()
      for (const socket of held) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  }, 120_000)

  it('a reminder whose send waited past a move or a cancellation is not sent; one still right is', async () => {
    const me = await customer()
    // A day of its own: the file's day has no starts left by now.
    const times = await daySlots(await freeDay(service, 33), [service], 'any')
    const bookAt = async (slot: Slot) => {
      const draft = await api('POST', '/api/reservations/create-session', { token: me.token })
      const res = await api('POST', '/api/reservations/confirm', {
        token: me.token,
        body: { id: draft.body.data.id, services: [service], operator: slot.operators[0], date_start: slot.start },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return { id: draft.body.data.id as number, slot }
    }
    const moved = await bookAt(times[0]!)
    const cancelled = await bookAt(times[4]!)
    const kept = await bookAt(times[8]!)
    // The reminders' own inbox: the booking mails go to the customer's address.
    const inbox = `${unique('late-reminder')}@example.com`.toLowerCase()
    const record = async (reservation: number, start: string, subject: string) => {
      const key = `reminder:${reservation}:1:${new Date(start).toISOString()}`
      const [{ id }] = await sql(
        `insert into notifications (reservation_id, kind, recipient, address, dedupe_key, subject, html, text)
         values ($1, 'REMINDER', 'CUSTOMER', $2, $3, $4, '<p>Ciao</p>', 'Ciao') returning id`,
        [reservation, inbox, key, subject],
      )
      return id as string
    }
    // Recorded when due for the time it had before a move (an hour earlier), sent only afterwards.
    const earlier = new Date(Date.parse(moved.slot.start) - 3_600_000).toISOString()
    const stale = await record(moved.id, earlier, 'Promemoria orario vecchio')
    const gone = await record(cancelled.id, cancelled.slot.start, 'Promemoria annullato')
    await sql(`update reservations set status = 'CANCELLED' where id = $1`, [cancelled.id])
    const right = await record(kept.id, kept.slot.start, 'Promemoria giusto')
    for (const id of [stale, gone, right])
      await sql(`select graphile_worker.add_job('send-notification', json_build_object('id', $1::bigint))`, [id])
    const [mail] = await mailsTo(inbox, 1)
    expect(mail!.subject).toBe('Promemoria giusto')
    await expect
      .poll(async () =>
        sql(`select id, status, last_error from notifications where id = any($1::bigint[]) order by id`, [
          [stale, gone],
        ]),
      )
      .toEqual([
        { id: stale, status: 'FAILED', last_error: expect.stringMatching(/^Non inviato/) },
        { id: gone, status: 'FAILED', last_error: expect.stringMatching(/^Non inviato/) },
      ])
  })

  it('past confirmed bookings become COMPLETED when config says so (with their event), never before', async () => {
    const me = await customer()
    const [{ id: userId }] = await sql(`select id from users where email = $1`, [me.email])
    // An operator record of its own: other files leave bookings around now on theirs (and a
    // completed one keeps its time).
    const [{ id: operator }] = await sql(
      `insert into operators (name, surname, active) values ('Completa', 'Test', false) returning id`,
    )
    const made = await sql(
      `insert into reservations (user_id, operator_id, status, date_start, date_end, duration, total_price, created_at, updated_at)
       values ($1, $2, 'CONFIRMED', now() - interval '10 days 2 hours', now() - interval '10 days 1 hour', 60, 20, now(), now()),
              ($1, $2, 'CONFIRMED', now() - interval '40 minutes', now() - interval '10 minutes', 30, 20, now(), now())
       returning id`,
      [userId, operator],
    )
    const [old, recent] = made.map((r) => r.id as number)
    await sql(`update config set auto_complete_hours = 2`)
    await sql(`select graphile_worker.add_job('complete-past', '{}'::json)`)
    await expect
      .poll(async () => (await sql(`select status from reservations where id = $1`, [old]))[0].status, {
        timeout: 10_000,
      })
      .toBe('COMPLETED')
    expect((await sql(`select status from reservations where id = $1`, [recent]))[0].status).toBe('CONFIRMED')
    const events = await sql(
      `select kind, from_status, to_status, actor_id from reservation_events where reservation_id = $1`,
      [old],
    )
    expect(events).toEqual([
      { kind: 'STATUS_CHANGED', from_status: 'CONFIRMED', to_status: 'COMPLETED', actor_id: null },
    ])
    // Completing tells nobody.
    await new Promise((r) => setTimeout(r, 1500))
    expect(mailFiles(me.email)).toEqual([])
  })
})
