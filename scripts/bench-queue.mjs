#!/usr/bin/env node
// The notification queue under a burst (part of `npm run bench`; alone: `node scripts/bench-queue.mjs`):
// ONE app process (its worker at the default concurrency) on an embedded PostgreSQL with the demo
// salon, sending through a real SMTP server (scripts/lib/smtp.mjs). 1,000 confirmed bookings whose
// first reminder is due now are enqueued in one statement; we time how long until all 1,000
// reminder mails are recorded as sent (each one: the reminder job renders and records the mail,
// a send job delivers it over SMTP). BENCH_REMINDERS changes the count.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { build, install, log, root } from './lib/workspace.mjs'
import { benchNode, nodeVersion } from './lib/benchNode.mjs'

const COUNT = Number(process.env.BENCH_REMINDERS || 1000)
const startLoad = os.loadavg().map((l) => l.toFixed(2))
await install()
await build()
const { startPostgres, freePort } = await import('./lib/postgres.mjs')
const { startSmtp } = await import('./lib/smtp.mjs')
const pg = createRequire(path.join(root, 'cms', 'package.json'))('pg')

const dir = path.join(root, '.data', 'bench-queue')
fs.rmSync(dir, { recursive: true, force: true })
const db = await startPostgres({ dataDir: path.join(dir, 'pg'), database: 'salon_bench_queue', preferredPort: 0, log })
const smtp = await startSmtp(path.join(dir, 'smtp'))
let app
const serverNode = benchNode(log)
const client = new pg.Client({ connectionString: db.url })
try {
  const port = await freePort(0)
  app = fork(path.join(root, 'cms', 'server.ts'), [], {
    cwd: path.join(root, 'cms'),
    execPath: serverNode,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      PORT: String(port),
      DATA_DIR: dir,
      SALON_DEMO: 'true',
      SMTP_URL: smtp.url,
      SALON_OWNED_PG_PID: String(db.child.pid),
      NEXT_TELEMETRY_DISABLED: '1',
    },
  })
  await new Promise((resolve, reject) => {
    app.on('message', (m) => m?.type === 'ready' && resolve())
    app.once('exit', (code) => reject(new Error(`server exited ${code}`)))
  })
  await client.connect()
  const q = async (text, values) => (await client.query(text, values)).rows

  log(`${COUNT} bookings of tomorrow, their reminders due now…`)
  // Starts spread over the 25 minutes before 23 h 50 min ahead (no operator: the overlap guard stays
  // out of it): the 24-hour reminder of each fell due 10 to 35 minutes ago — due (the job sends only a
  // reminder due within the next minute), and not yet too late to send (up to an hour late).
  const made = await q(
    `insert into reservations (user_id, operator_id, status, date_start, date_end, duration, total_price, created_at, updated_at)
     select (select id from users where email = 'cliente@demo.salon'), null, 'CONFIRMED',
            date_trunc('second', now()) + interval '23 hours 50 minutes' - g * (1500.0 / $1::int) * interval '1 second',
            date_trunc('second', now()) + interval '24 hours 20 minutes' - g * (1500.0 / $1::int) * interval '1 second',
            30, 20, now(), now()
       from generate_series(1, $1::int) g
     returning id`,
    [COUNT],
  )
  const ids = made.map((r) => r.id)
  await q(
    `insert into reservations_rels (parent_id, path, services_id, "order")
     select r, 'services', (select id from services where title = 'Piega'), 1 from unnest($1::int[]) r`,
    [ids],
  )
  const started = Date.now()
  await q(
    `select graphile_worker.add_job('reminder',
              json_build_object('reservation', id, 'index', 1,
                                'start', to_char(date_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              job_key := 'reminder:' || id || ':1')
       from reservations where id = any($1::int[])`,
    [ids],
  )
  const cpuBefore = cpuOf(app.pid)
  const marks = []
  let sent = 0
  let lastChange = { sent: -1, elapsed: 0 }
  for (;;) {
    ;[{ n: sent }] = await q(
      `select count(*)::int as n from notifications where kind = 'REMINDER' and status = 'SENT' and reservation_id = any($1::int[])`,
      [ids],
    )
    const elapsed = Date.now() - started
    if (marks.length === 0 || sent >= marks.at(-1).sent + COUNT / 10 || sent === COUNT) marks.push({ elapsed, sent })
    if (sent >= COUNT) break
    if (elapsed > 10 * 60_000) throw new Error(`only ${sent} of ${COUNT} reminders sent in 10 minutes`)
    if (sent !== lastChange.sent) lastChange = { sent, elapsed }
    else if (elapsed - lastChange.elapsed > 30_000) {
      // No progress for 30 s: if the queue is empty, the jobs ran and decided not to send — say so now
      // rather than waiting out the 10 minutes.
      const [{ n: left }] = await q('select count(*)::int as n from graphile_worker._private_jobs')
      if (left === 0) throw new Error(`the queue is empty but only ${sent} of ${COUNT} reminders were sent`)
      lastChange.elapsed = elapsed
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const total = (Date.now() - started) / 1000
  const appCpu = cpuOf(app.pid) - cpuBefore
  const received = fs.readdirSync(path.join(dir, 'smtp')).filter((f) => f.includes('cliente@demo.salon')).length
  const [{ n: doubles }] = await q(
    `select count(*)::int as n from (select reservation_id from notifications where kind = 'REMINDER'
       and reservation_id = any($1::int[]) group by reservation_id having count(*) > 1) d`,
    [ids],
  )
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  const report = [
    `### ${new Date().toISOString().slice(0, 10)} — notification queue — ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, the app on Node ${nodeVersion(serverNode)}`,
    '',
    `${COUNT} reminders due at once, one app process (worker concurrency ${process.env.JOB_CONCURRENCY || 4}), real SMTP on the same machine:`,
    `**all ${sent} sent in ${total.toFixed(1)} s** (${Math.round(sent / total)} mails/s; app CPU ${appCpu.toFixed(1)} s, ${((appCpu * 1000) / sent).toFixed(1)} ms per reminder).`,
    `Mails the SMTP server received: ${received}; reservations with more than one reminder recorded: ${doubles}.`,
    `Progress (s → sent): ${marks.map((m) => `${(m.elapsed / 1000).toFixed(1)} → ${m.sent}`).join(', ')}.`,
    `Load average at the end (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}; at the start: ${startLoad.join(' / ')}.`,
  ].join('\n')
  console.log('\n' + report + '\n')
  fs.writeFileSync(path.join(dir, 'report.md'), report + '\n')
} finally {
  await client.end().catch(() => {})
  app?.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1000))
  await smtp.stop()
  await db.stop()
}

/** CPU seconds (user + system) of a process, from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s); 0 elsewhere. */
function cpuOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}
