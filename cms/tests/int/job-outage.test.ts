/**
 * A mail job in progress when PostgreSQL dies (kill -9) is not lost: the send finishes at the mail
 * server while the database is gone, recording it fails, recording the failure fails too — and
 * once PostgreSQL is back the queue records it, runs the job again and is left with nothing stuck.
 * (Before: graphile-worker's unbatched `failJob` rejected unhandled — logged by the server as an
 * "Unhandled promise rejection" — and the job stayed locked by the live worker for 4 hours.)
 *
 * A PostgreSQL of its own (killed and started again by the test), one app process with the worker.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { api, freshAddress, mailsTo, queryOnce, startApp, unique, type AppProcess } from './helpers'
import { startPostgres, type EmbeddedPostgres } from '../../../scripts/lib/postgres.mjs'

let db: EmbeddedPostgres | null = null
let app: AppProcess | null = null
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-job-outage-'))

afterAll(async () => {
  await app?.stop()
  await db?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The queue's `send-notification` jobs, as `j` (graphile-worker's own tables: the view has no payload). */
const SEND_JOBS = `graphile_worker._private_jobs j
  join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = 'send-notification'`

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const query = <R extends pg.QueryResultRow = any>(text: string, params: unknown[] = []) =>
  queryOnce<R>(db!.url, text, params)

describe('a mail job in progress when PostgreSQL is killed', () => {
  it('is recorded and run again once PostgreSQL is back; nothing stays locked', async () => {
    const pgDir = path.join(dataDir, 'pg')
    db = await startPostgres({ dataDir: pgDir, preferredPort: 0, log: () => {} })
    app = await startApp('job-outage', {
      env: { DATABASE_URL: db.url, DATA_DIR: path.join(dataDir, 'data'), JOB_WORKER: 'on' },
    })
    const base = app.base

    // A customer whose mail server takes 2.5 s to accept a message.
    const email = `${unique('slow')}+smtpslow2500@example.com`
    const reg = await api('POST', '/api/users', {
      base,
      headers: { 'x-forwarded-for': freshAddress() },
      body: { email, password: 'password123', name: 'Cliente', surname: 'Lento', phone_number: '+39 333 000 5555' },
    })
    expect(reg.status).toBe(201)
    const token = (
      await api('POST', '/api/auth/login', { base, token: null, body: { email, password: 'password123' } })
    ).body.token as string
    const [{ id: service }] = await query(`select id from services where active and title = 'Taglio uomo'`)
    let start = ''
    for (let d = 50; !start && d < 60; d++) {
      const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
      const res = await api('GET', `/api/reservations/time-availability-day?date=${day}&services=${service}`, { base })
      start = (res.body.slots as { start: string }[])[0]?.start ?? ''
    }
    const draft = await api('POST', '/api/reservations/create-session', { base, token })
    const since = Date.now()
    const booked = await api('POST', '/api/reservations/confirm', {
      base,
      token,
      body: { id: draft.body.data.id, services: [service], operator: 'any', date_start: start },
    })
    expect(booked.status).toBe(200)

    // The booking's mail is being sent (its job locked, the mail server still holding it) …
    let sending: { id: string }[] = []
    for (const t0 = Date.now(); !sending.length && Date.now() - t0 < 10_000; await sleep(50))
      sending = await query(
        `select j.id from ${SEND_JOBS} join notifications n on n.id::text = j.payload->>'id'
          where j.locked_at is not null and n.address = $1`,
        [email],
      )
    expect(sending.length, 'a send in progress').toBe(1)
    await sleep(300)
    // … when PostgreSQL dies; it stays away while the mail server accepts and the task fails.
    const port = db.port
    const exited = new Promise<void>((resolve) => db!.child.once('exit', () => resolve()))
    process.kill(db.child.pid!, 'SIGKILL')
    await exited
    await sleep(4000)
    // Started again on the same port (as npm start's supervisor does); its old processes may
    // still hold the shared memory for a moment.
    db = null
    for (let attempt = 0; !db && attempt < 20; attempt++) {
      db = await startPostgres({ dataDir: pgDir, preferredPort: port, log: () => {} }).catch(() => null)
      if (!db) await sleep(500)
    }
    expect(db?.port).toBe(port)

    // The queue records what happened and runs the job again: the mail is recorded as sent, no job
    // is left, and the customer has it (at least once: the first copy was accepted mid-outage).
    let state: { status: string; jobs: number } | undefined
    for (const t0 = Date.now(); Date.now() - t0 < 30_000; await sleep(250)) {
      ;[state] = await query<{ status: string; jobs: number }>(
        `select n.status, (select count(*)::int from ${SEND_JOBS} where j.payload->>'id' = n.id::text) as jobs
           from notifications n where n.address = $1`,
        [email],
      )
      if (state?.status === 'SENT' && state.jobs === 0) break
    }
    expect(state).toEqual({ status: 'SENT', jobs: 0 })
    expect((await mailsTo(email, since)).length).toBeGreaterThanOrEqual(1)
  }, 120_000)
})
