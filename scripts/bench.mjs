#!/usr/bin/env node
// `npm run bench`: the built app on an embedded PostgreSQL with the demo salon, loaded with
// autocannon, next to a raw node:http + pg floor doing the same query and engine call.
// Prints a markdown report (paste it into docs/benchmarks.md) and the raw numbers as JSON.
//
// `node scripts/bench.mjs confirm` runs only the confirm rows (one client, contention on one
// process, contention over two processes); `node scripts/bench.mjs rota` only the rota A/B
// (lib/benchRota.mjs); `node scripts/bench.mjs clients` only the client search with 50,000 cards
// (lib/benchClients.mjs); `node scripts/bench.mjs phases` only the phases-and-stations A/B
// (lib/benchPhases.mjs).
// BENCH_AB=1: an interleaved A/B of day availability and confirm between this checkout and the
// built checkout at BENCH_B_ROOT (or this one with BENCH_B_ENV, default FAST_PATH=off), each app
// with its own database (lib/benchAb.mjs; docs/benchmarks.md).
// BENCH_JOBS=inline runs the job worker inside each web process instead of a job process at nice 10;
// BENCH_JOBS=off runs no worker at all (the confirm path alone, mails left queued).
// BENCH_CPU_PROF=1 writes a V8 CPU profile of each app process to .data/bench-prof/ (`--cpu-prof`).
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { jsonCall as json, percentile, registerCustomers, runLoad } from './lib/benchLoad.mjs'
import { build, install, log, root } from './lib/workspace.mjs'

const ONLY = process.argv[2] ?? 'all'
if (!['all', 'confirm', 'rota', 'clients', 'phases'].includes(ONLY))
  throw new Error(`Unknown filter ${ONLY}: all | confirm | rota | clients | phases`)
if (process.env.BENCH_AB) {
  const { runAb } = await import('./lib/benchAb.mjs')
  await runAb({ only: ONLY })
  process.exit()
}

const DURATION = Number(process.env.BENCH_SECONDS || 20)
const startLoad = os.loadavg().map((l) => l.toFixed(2))
const PROF_DIR = process.env.BENCH_CPU_PROF ? path.join(root, '.data', 'bench-prof') : null
await install()
await build()
const { startPostgres, freePort } = await import('./lib/postgres.mjs')
const { default: autocannon } = await import('autocannon')

const dir = path.join(root, '.data', 'bench')
fs.rmSync(dir, { recursive: true, force: true })
// BENCH_PGSS=1 (with `confirm`): PostgreSQL with pg_stat_statements; after the contention row the
// statements are listed by their total execution time (lock waits included).
const PGSS = !!process.env.BENCH_PGSS
const JOBS_INLINE = process.env.BENCH_JOBS === 'inline'
// BENCH_JOBS=off: nobody sends (the mails stay queued) — the confirm path alone.
const JOBS_OFF = process.env.BENCH_JOBS === 'off'
const db = await startPostgres({
  dataDir: path.join(dir, 'pg'),
  database: 'salon_bench',
  preferredPort: 0,
  log,
  settings: PGSS ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {},
})
const sqlOnBench = async (text) => {
  const { createRequire } = await import('node:module')
  const pg = createRequire(path.join(root, 'cms', 'package.json'))('pg')
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}
if (PGSS) await sqlOnBench('create extension if not exists pg_stat_statements')
// The booking mails go out as in production: the job process sends them through a real SMTP server
// while the confirms run (the confirm itself only enqueues). The SMTP server stands for the mail
// provider's machine: its own process at nice 10, out of the load generator's event loop.
const { startSmtpProcess } = await import('./lib/smtp.mjs')
const smtp = await startSmtpProcess(path.join(dir, 'smtp'))
const children = []
const spawnServer = (file, env, cwd = path.join(root, 'cms')) =>
  new Promise((resolve, reject) => {
    const child = fork(file, [], {
      cwd,
      execArgv: [
        '--import',
        'tsx',
        ...(PROF_DIR && file.endsWith('server.ts') ? ['--cpu-prof', `--cpu-prof-dir=${PROF_DIR}`] : []),
      ],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: db.url,
        SMTP_URL: smtp.url,
        NEXT_TELEMETRY_DISABLED: '1',
        ...env,
      },
    })
    children.push(child)
    child.on('message', (m) => m?.type === 'ready' && resolve({ child, port: m.port }))
    child.once('exit', (code) => reject(new Error(`${file} exited ${code}`)))
  })
const stopAll = async () => {
  for (const c of children) c.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 500))
  await smtp.stop()
  await db.stop()
}
process.on('SIGINT', () => stopAll().then(() => process.exit(130)))

try {
  const appPort = await freePort(0)
  const { child: appChild } = await spawnServer(path.join(root, 'cms', 'server.ts'), {
    PORT: String(appPort),
    DATA_DIR: dir,
    SALON_DEMO: 'true',
    SALON_OWNED_PG_PID: String(db.child.pid),
    ...(JOBS_INLINE ? {} : { JOB_WORKER: 'off' }),
    // Customers are registered from distinct (forwarded) addresses: registrations are limited per address.
    TRUST_PROXY: 'true',
  })
  // A second app process on the same PostgreSQL (as behind a load balancer), for the two-process rows.
  const appPortB = await freePort(0)
  const { child: appChildB } = await spawnServer(path.join(root, 'cms', 'server.ts'), {
    PORT: String(appPortB),
    DATA_DIR: dir,
    SALON_DEMO: 'true',
    TRUST_PROXY: 'true',
    ...(JOBS_INLINE ? {} : { JOB_WORKER: 'off' }),
  })
  // As `npm start` runs it: the web processes enqueue only, a job process at nice 10 sends the
  // mails (BENCH_JOBS=inline: each web process runs its own worker, the one-process deployment).
  const jobsChild =
    JOBS_INLINE || JOBS_OFF
      ? null
      : (
          await spawnServer(path.join(root, 'cms', 'server.ts'), {
            PORT: String(await freePort(0)),
            HOST: '127.0.0.1',
            DATA_DIR: dir,
            SALON_DEMO: 'true',
            SALON_PROCESS_ROLE: 'jobs',
            JOB_WORKER: 'on',
          })
        ).child
  if (jobsChild) os.setPriority(jobsChild.pid, 10)
  const floor = ONLY === 'all' ? await spawnServer(path.join(root, 'cms', 'bench', 'floor.ts'), { PORT: '0' }) : null
  const app = `http://127.0.0.1:${appPort}`
  const appB = `http://127.0.0.1:${appPortB}`
  const raw = floor && `http://127.0.0.1:${floor.port}`

  const services = await json('GET', `${app}/api/services?limit=100&depth=0`)
  const sid = (title) => services.docs.find((s) => s.title === title).id
  const piega = sid('Piega')
  // Ten open days of the next weeks, where the demo salon has bookings.
  const days = []
  for (let d = 2; days.length < 10 && d < 40; d++) {
    const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
    const r = await json(
      'GET',
      `${app}/api/reservations/time-availability-day?date=${day}&services=${piega}&operator=any`,
    )
    if (r.slots?.length) days.push(day)
  }
  const dayPath = (i) =>
    `/api/reservations/time-availability-day?date=${days[i % days.length]}&services=${piega}&operator=any`
  const floorPath = (i) => `/slots?date=${days[i % days.length]}&services=${piega}&operator=any`

  const run = (title, opts) => runLoad(autocannon, title, { duration: DURATION, ...opts })

  /**
   * The same load split over both app processes (half the connections each, at once): one row with
   * the summed throughput and the percentiles of every response of both.
   */
  const runSplit = async (title, optsFor) => {
    const halves = await Promise.all([run(`${title} (A)`, optsFor(app, 0)), run(`${title} (B)`, optsFor(appB, 1))])
    const times = halves.flatMap((h) => h.times)
    const sum = (f) => halves.reduce((acc, h) => acc + f(h.result), 0)
    return {
      title,
      p95: percentile(times, 95),
      result: {
        connections: sum((r) => r.connections),
        requests: { average: sum((r) => r.requests.average) },
        latency: { p50: percentile(times, 50), p99: percentile(times, 99) },
        non2xx: sum((r) => r.non2xx),
        errors: sum((r) => r.errors),
        timeouts: sum((r) => r.timeouts),
      },
    }
  }

  const results = []
  const month = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 7)
  if (ONLY === 'all') {
    // Warm both servers (JIT, pools, caches) before measuring.
    await run('warm-up app', { url: app, duration: 3, pathFor: dayPath })
    await run('warm-up floor', { url: raw, duration: 3, pathFor: floorPath })
    results.push(await run('Day availability — app', { url: app, pathFor: dayPath }))
    results.push(await run('Day availability — raw floor (node:http + pg + engine)', { url: raw, pathFor: floorPath }))
    await run('warm-up app B', { url: appB, duration: 3, pathFor: dayPath })
    results.push(
      await runSplit('Day availability — two app processes, one PostgreSQL (10 + 10 conns)', (url) => ({
        url,
        connections: 10,
        pathFor: dayPath,
      })),
    )
    results.push(
      await run('Month overview — app (4 operators)', {
        url: app,
        connections: 10,
        duration: Math.max(5, DURATION / 2),
        pathFor: () => `/api/reservations/availability-month?month=${month}&services=${piega}&operator=any`,
      }),
    )
  } else {
    await run('warm-up app', { url: app, duration: 3, pathFor: dayPath })
    await run('warm-up app B', { url: appB, duration: 3, pathFor: dayPath })
  }
  // Issue 23: day availability with and without rotas, interleaved in this run; the month with rotas.
  const { rotaAb, rotaReport } = await import('./lib/benchRota.mjs')
  const rota =
    ONLY === 'confirm' || ONLY === 'clients' || ONLY === 'phases'
      ? null
      : await rotaAb({ run, app, dayPath, month, piega, sql: sqlOnBench, log })
  if (rota) results.push(...rota.rows)
  const { clientSearchBench, clientSearchReport } = await import('./lib/benchClients.mjs')
  const clients =
    ONLY === 'all' || ONLY === 'clients' ? await clientSearchBench({ run, app, sql: sqlOnBench, log }) : null
  if (clients) results.push(...clients.rows)
  // Issue 25: day availability with phases and stations on every service against the demo as it is.
  const { phasesAb, phasesReport } = await import('./lib/benchPhases.mjs')
  const phases =
    ONLY === 'all' || ONLY === 'phases' ? await phasesAb({ run, app, dayPath, days, sql: sqlOnBench, log }) : null
  if (phases) results.push(...phases.rows)
  /** A partial run (`rota`, `clients`): its rows and summary printed and kept, then stop. */
  const finishPartial = async (name, rows, summary) => {
    const report = `${rows.map((r) => `| ${r.title} | ${r.result.connections} | ${Math.round(r.result.requests.average)} | ${r.result.latency.p50} | ${r.p95} | ${r.result.latency.p99} | ${r.result.non2xx} | ${r.result.errors + r.result.timeouts} |`).join('\n')}\n\n${summary}`
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} × ${os.cpus()[0]?.model}\n${report}\n`,
    )
    fs.writeFileSync(path.join(dir, `report-${name}.md`), report + '\n')
    await stopAll()
    process.exit(process.exitCode ?? 0)
  }
  if (ONLY === 'rota') await finishPartial('rota', rota.rows, rotaReport(rota))
  if (ONLY === 'clients') await finishPartial('clients', clients.rows, clientSearchReport(clients))
  if (ONLY === 'phases') {
    if (!phases.summary.pass) process.exitCode = 1
    await finishPartial('phases', phases.rows, phasesReport(phases))
  }

  // Confirm under contention: 200 customers race for 40 slots of one day.
  log('Preparing customers and drafts for the confirm run…')
  const customers = await registerCustomers(app, 200)
  // One client, no contention: up to 60 confirms of free (time, operator) pairs 30 minutes apart.
  const quietDay = days.at(-2)
  const quietSlots = (
    await json('GET', `${app}/api/reservations/time-availability-day?date=${quietDay}&services=${piega}&operator=any`)
  ).slots.filter((_, i) => i % 2 === 0)
  const quiet = []
  for (const slot of quietSlots) {
    for (const operator of slot.operators) {
      if (quiet.length === 60) break
      const token = customers[quiet.length]
      quiet.push({
        token,
        id: (await json('POST', `${app}/api/reservations/create-session`, null, token)).data.id,
        slot,
        operator,
      })
    }
  }
  let q = 0
  const quietStatus = {}
  results.push(
    await run('Confirm, one client, no contention — app', {
      url: app,
      amount: quiet.length,
      connections: 1,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const d = quiet[q++ % quiet.length]
            return {
              ...req,
              path: '/api/reservations/confirm',
              headers: { 'content-type': 'application/json', authorization: `JWT ${d.token}` },
              body: JSON.stringify({ id: d.id, services: [piega], operator: d.operator, date_start: d.slot.start }),
            }
          },
          onResponse: (status) => (quietStatus[status] = (quietStatus[status] ?? 0) + 1),
        },
      ],
    }),
  )
  if (ONLY === 'all')
    results.push(
      await run('Month overview — app, one client', {
        url: app,
        connections: 1,
        duration: 5,
        pathFor: () => `/api/reservations/availability-month?month=${month}&services=${piega}&operator=any`,
      }),
    )

  /**
   * CPU seconds (user + system, /proc) of the app process behind `url`, of PostgreSQL (the
   * postmaster and its backends) and of this process (the load generator), to say where a
   * confirm's time goes. Linux only; null elsewhere.
   */
  const ticks = (pid, reaped = false) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      // utime + stime, and for the postmaster its exited backends' (cutime + cstime).
      return (Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0)) / 100
    } catch {
      return 0
    }
  }
  const cpuNow = (url) => {
    if (process.platform !== 'linux') return null
    const postgres = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const f = fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')
          return d === String(db.child.pid) || f[1] === String(db.child.pid)
        } catch {
          return false
        }
      })
      .reduce((sum, d) => sum + ticks(d, d === String(db.child.pid)), 0)
    const self = process.cpuUsage()
    return {
      app: ticks((url === app ? appChild : appChildB).pid),
      postgres,
      ...(jobsChild ? { jobs: ticks(jobsChild.pid) } : {}),
      bench: (self.user + self.system) / 1e6,
    }
  }
  const cpuPerConfirm = (before, after, n) =>
    before &&
    Object.fromEntries(Object.keys(before).map((k) => [k, Math.round(((after[k] - before[k]) / n) * 1e4) / 10]))

  /** The race: 200 customers × 5 drafts confirmed at the first 40 free times of `day` through `url`. */
  const contention = async (title, url, day) => {
    const slots = (
      await json('GET', `${app}/api/reservations/time-availability-day?date=${day}&services=${piega}&operator=any`)
    ).slots.slice(0, 40)
    const drafts = []
    // Customer-minor order: the 20 confirms in flight are 20 different customers, as in a salon.
    // (Customer-major, each customer had all 5 drafts in flight at once, and confirm's lock on the
    // customer's row — the open-booking cap — queued them one behind another: 6 ms a confirm.)
    for (let k = 0; k < 5; k++)
      for (const token of customers)
        drafts.push({ token, id: (await json('POST', `${app}/api/reservations/create-session`, null, token)).data.id })
    let n = 0
    const statuses = {}
    if (PGSS) await sqlOnBench('select pg_stat_statements_reset()')
    const cpuBefore = cpuNow(url)
    const result = await run(`${title} (${drafts.length} confirms, 40 slots)`, {
      url,
      amount: drafts.length,
      connections: 20,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const d = drafts[n % drafts.length]
            const slot = slots[n++ % slots.length]
            return {
              ...req,
              path: '/api/reservations/confirm',
              headers: { 'content-type': 'application/json', authorization: `JWT ${d.token}` },
              body: JSON.stringify({ id: d.id, services: [piega], operator: 'any', date_start: slot.start }),
            }
          },
          onResponse: (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
        },
      ],
    })
    // Ms of CPU per confirm: app process, PostgreSQL (postmaster + backends), load generator.
    statuses.cpuMsPerConfirm = cpuPerConfirm(cpuBefore, cpuNow(url), drafts.length)
    return { ...result, statuses }
  }

  const raced = await contention('Confirm under contention — app', app, days.at(-1))
  const statusCount = raced.statuses
  results.push(raced)

  const statusCountB = {}
  if (PGSS) {
    // Where PostgreSQL's time went in the contention row (statements since the reset above).
    const rows = await sqlOnBench(
      `select calls, round(total_exec_time::numeric, 1) as ms, round((total_exec_time / calls)::numeric, 3) as per_call,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as statement
         from pg_stat_statements order by total_exec_time desc limit 15`,
    )
    log(`PostgreSQL time per statement in the contention row (calls | ms | ms per call | statement):`)
    for (const r of rows) console.log(`| ${r.calls} | ${r.ms} | ${r.per_call} | ${r.statement} |`)
  }
  {
    // The same race on another day, the confirms split over both processes (half the drafts each).
    const contestedDayB = days.at(-3)
    const slotsB = (
      await json(
        'GET',
        `${app}/api/reservations/time-availability-day?date=${contestedDayB}&services=${piega}&operator=any`,
      )
    ).slots.slice(0, 40)
    const draftsB = [[], []]
    let c = 0
    for (let k = 0; k < 5; k++)
      for (const token of customers)
        draftsB[c++ % 2].push({
          token,
          id: (await json('POST', `${app}/api/reservations/create-session`, null, token)).data.id,
        })
    const nB = [0, 0]
    results.push(
      await runSplit(
        `Confirm under contention — two app processes (${draftsB[0].length + draftsB[1].length} confirms, 40 slots)`,
        (url, half) => ({
          url,
          amount: draftsB[half].length,
          connections: 10,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                const i = nB[half]++
                const d = draftsB[half][i % draftsB[half].length]
                // Both halves walk the same 40 slots: every slot is wanted through both processes.
                const slot = slotsB[i % slotsB.length]
                return {
                  ...req,
                  path: '/api/reservations/confirm',
                  headers: { 'content-type': 'application/json', authorization: `JWT ${d.token}` },
                  body: JSON.stringify({ id: d.id, services: [piega], operator: 'any', date_start: slot.start }),
                }
              },
              onResponse: (status) => (statusCountB[status] = (statusCountB[status] ?? 0) + 1),
            },
          ],
        }),
      ),
    )
  }

  const [dayResult, floorResult] = results.map((r) => r.result)
  const row = ({ title, result: r, p95 }) =>
    `| ${title} | ${r.connections} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${p95} | ${r.latency.p99} | ${r.non2xx} | ${r.errors + r.timeouts} |`
  const share = Math.round((dayResult.requests.average / floorResult.requests.average) * 100)
  const load = os.loadavg().map((l) => l.toFixed(2))
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  const report = [
    `### ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    '',
    `Server, PostgreSQL and load generator on the same machine; ${DURATION} s per run; demo salon data.`,
    '',
    '| run | conns | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(row),
    '',
    `${ONLY === 'all' ? `Day availability: app throughput is **${share} %** of the raw floor. ` : ''}${rota ? `${rotaReport(rota)} ` : ''}${clients ? `${clientSearchReport(clients)} ` : ''}${phases ? `${phasesReport(phases)} ` : ''}Confirm statuses under contention: ${JSON.stringify(statusCount)}; two processes: ${JSON.stringify(statusCountB)}; without contention: ${JSON.stringify(quietStatus)}. Load average at the end (1/5/15 min): ${load.join(' / ')}; at the start: ${startLoad.join(' / ')}.`,
  ].join('\n')
  console.log('\n' + report + '\n')
  fs.writeFileSync(path.join(dir, 'report.md'), report + '\n')
  fs.writeFileSync(
    path.join(dir, 'results.json'),
    JSON.stringify(
      {
        statusCount,
        statusCountB,
        results: results.map((r) => ({
          title: r.title,
          p95: r.p95,
          requests: r.result.requests,
          latency: r.result.latency,
          non2xx: r.result.non2xx,
          errors: r.result.errors,
        })),
      },
      null,
      2,
    ),
  )
} finally {
  await stopAll()
}
