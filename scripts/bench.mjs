#!/usr/bin/env node
// `npm run bench`: the built app on an embedded PostgreSQL with the demo salon, loaded with
// autocannon, next to a raw node:http + pg floor doing the same query and engine call.
// Prints a markdown report (paste it into docs/benchmarks.md) and the raw numbers as JSON.
//
// Every budget (lib/benchApiBudgets.mjs) is printed with its figure and PASS/MISS at the end; the
// run exits non-zero when one is missed (BENCH_NO_BUDGETS=1: measure without failing).
//
// `node scripts/bench.mjs day` runs only day availability against the raw floor, interleaved
// (lib/benchDay.mjs); `node scripts/bench.mjs confirm` only the confirm rows (one client,
// contention on one process, contention over two processes); `node scripts/bench.mjs rota` only the rota A/B
// (lib/benchRota.mjs); `node scripts/bench.mjs clients` only the client search with 50,000 cards
// (lib/benchClients.mjs); `node scripts/bench.mjs phases` only the phases-and-stations A/B
// (lib/benchPhases.mjs).
// BENCH_AB=1: an interleaved A/B of day availability and confirm between this checkout and the
// built checkout at BENCH_B_ROOT (or this one with BENCH_B_ENV, default FAST_PATH=off), each app
// with its own database (lib/benchAb.mjs; docs/benchmarks.md).
// BENCH_JOBS=inline runs the job worker inside each web process instead of a job process at nice 10;
// BENCH_JOBS=off runs no worker at all (the confirm path alone, mails left queued).
// BENCH_V8="<flags>" passes V8 flags to every server (app, job process, floor).
// BENCH_TIMELINE=1 prints the confirm race by tenths of its answers, with the bookings' own times.
// BENCH_CPU_PROF=1 writes a V8 CPU profile of each app process and of the floor to .data/bench-prof/
// (`--cpu-prof`), with windows.json (each load run's process and time): `node
// scripts/lib/benchProfile.mjs` prints the self time per package and function of every run.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { jsonCall as json, percentile, runLoad } from './lib/benchLoad.mjs'
import { build, install, log, root } from './lib/workspace.mjs'

const ONLY = process.argv[2] ?? 'all'
if (!['all', 'day', 'confirm', 'rota', 'clients', 'phases'].includes(ONLY))
  throw new Error(`Unknown filter ${ONLY}: all | day | confirm | rota | clients | phases`)
if (process.env.BENCH_AB) {
  const { runAb } = await import('./lib/benchAb.mjs')
  await runAb({ only: ONLY })
  process.exit()
}

const DURATION = Number(process.env.BENCH_SECONDS || 20)
// Day availability against the floor: rounds per side, interleaved (BENCH_DAY_ROUNDS, default 3).
const DAY_ROUNDS = Number(process.env.BENCH_DAY_ROUNDS || 3)
const WITH_FLOOR = ONLY === 'all' || ONLY === 'day'
const startLoad = os.loadavg().map((l) => l.toFixed(2))
const PROF_DIR = process.env.BENCH_CPU_PROF ? path.join(root, '.data', 'bench-prof') : null
// The app, its job process and the floor run on the production image's Node (BENCH_NODE=<major> or
// host for another; lib/benchNode.mjs).
const { benchNode, nodeVersion } = await import('./lib/benchNode.mjs')
const SERVER_NODE = benchNode(log)
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
  settings: PGSS
    ? {
        shared_preload_libraries: 'pg_stat_statements',
        'pg_stat_statements.track': 'all',
        'pg_stat_statements.track_planning': 'on',
      }
    : {},
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
// With BENCH_CPU_PROF: each profiled process and every load run on it (lib/benchProfile.mjs).
const profiled = { processes: {}, windows: [] }
if (PROF_DIR) fs.rmSync(PROF_DIR, { recursive: true, force: true })
const spawnServer = (file, env, cwd = path.join(root, 'cms'), name = path.basename(file)) =>
  new Promise((resolve, reject) => {
    const child = fork(file, [], {
      cwd,
      execPath: SERVER_NODE,
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_V8 ? process.env.BENCH_V8.split(' ') : []),
        ...(PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROF_DIR}`] : []),
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
    if (PROF_DIR) profiled.processes[child.pid] = { name, forkedAt: Date.now() }
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
  const { child: appChild } = await spawnServer(
    path.join(root, 'cms', 'server.ts'),
    {
      PORT: String(appPort),
      DATA_DIR: dir,
      SALON_DEMO: 'true',
      SALON_OWNED_PG_PID: String(db.child.pid),
      ...(JOBS_INLINE ? {} : { JOB_WORKER: 'off' }),
      // Customers are registered from distinct (forwarded) addresses: registrations are limited per address.
      TRUST_PROXY: 'true',
    },
    undefined,
    'app',
  )
  // A second app process on the same PostgreSQL (as behind a load balancer), for the two-process rows.
  const appPortB = await freePort(0)
  const { child: appChildB } = await spawnServer(
    path.join(root, 'cms', 'server.ts'),
    {
      PORT: String(appPortB),
      DATA_DIR: dir,
      SALON_DEMO: 'true',
      TRUST_PROXY: 'true',
      ...(JOBS_INLINE ? {} : { JOB_WORKER: 'off' }),
    },
    undefined,
    'app B',
  )
  // As `npm start` runs it: the web processes enqueue only, a job process at nice 10 sends the
  // mails (BENCH_JOBS=inline: each web process runs its own worker, the one-process deployment).
  const jobsChild =
    JOBS_INLINE || JOBS_OFF
      ? null
      : (
          await spawnServer(
            path.join(root, 'cms', 'server.ts'),
            {
              PORT: String(await freePort(0)),
              HOST: '127.0.0.1',
              DATA_DIR: dir,
              SALON_DEMO: 'true',
              SALON_PROCESS_ROLE: 'jobs',
              JOB_WORKER: 'on',
            },
            undefined,
            'job process',
          )
        ).child
  if (jobsChild) os.setPriority(jobsChild.pid, 10)
  const floor = WITH_FLOOR
    ? await spawnServer(path.join(root, 'cms', 'bench', 'floor.ts'), { PORT: '0' }, undefined, 'raw floor')
    : null
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

  const pidOf = { [app]: appChild.pid, [appB]: appChildB.pid, ...(raw ? { [raw]: floor.child.pid } : {}) }
  const run = async (title, opts, flags) => {
    const from = Date.now()
    const out = await runLoad(autocannon, title, { duration: DURATION, ...opts }, flags)
    if (PROF_DIR && pidOf[opts.url])
      profiled.windows.push({ title, pid: pidOf[opts.url], from, to: Date.now(), requests: out.times.length })
    return out
  }

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
        '5xx': sum((r) => r['5xx'] ?? 0),
      },
    }
  }

  const results = []
  const month = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 7)
  const monthPath = () => `/api/reservations/availability-month?month=${month}&services=${piega}&operator=any`
  // Warm the servers (JIT, pools, caches) before measuring.
  await run('warm-up app', { url: app, duration: 3, pathFor: dayPath })
  if (raw) await run('warm-up floor', { url: raw, duration: 3, pathFor: floorPath })
  const { dayVsFloor, dayReport } = await import('./lib/benchDay.mjs')
  const day = raw
    ? await dayVsFloor({
        run,
        app,
        floor: raw,
        dayPath,
        floorPath,
        rounds: DAY_ROUNDS,
        seconds: DURATION,
        pids: { app: appChild.pid, floor: floor.child.pid },
      })
    : null
  if (day) results.push(day.app, day.floor)
  let monthRow = null
  if (ONLY !== 'day') await run('warm-up app B', { url: appB, duration: 3, pathFor: dayPath })
  if (ONLY === 'all') {
    results.push(
      await runSplit('Day availability — two app processes, one PostgreSQL (10 + 10 conns)', (url) => ({
        url,
        connections: 10,
        pathFor: dayPath,
      })),
    )
    monthRow = await run('Month overview — app (4 operators)', {
      url: app,
      connections: 10,
      duration: Math.max(5, DURATION / 2),
      pathFor: monthPath,
    })
    results.push(monthRow)
  }
  // Issue 23: day availability with and without rotas, interleaved in this run; the month with rotas.
  const { rotaAb, rotaReport } = await import('./lib/benchRota.mjs')
  const rota =
    ONLY === 'all' || ONLY === 'rota' ? await rotaAb({ run, app, dayPath, month, piega, sql: sqlOnBench, log }) : null
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
  const { apiBudgetRows, budgetTable, checkBudgets } = await import('./lib/benchApiBudgets.mjs')
  const writeProfileWindows = () => {
    if (!PROF_DIR) return
    // The profiles themselves are written as the processes exit, after this: the folder may not exist yet.
    fs.mkdirSync(PROF_DIR, { recursive: true })
    fs.writeFileSync(path.join(PROF_DIR, 'windows.json'), JSON.stringify(profiled, null, 2))
  }
  /** A partial run (`rota`, `clients`, `day`): its rows and summary printed and kept, then stop. */
  const finishPartial = async (name, rows, summary) => {
    const report = `${rows.map((r) => `| ${r.title} | ${r.result.connections} | ${Math.round(r.result.requests.average)} | ${r.result.latency.p50} | ${r.p95} | ${r.result.latency.p99} | ${r.result.non2xx} | ${r.result.errors + r.result.timeouts} |`).join('\n')}\n\n${summary}`
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} × ${os.cpus()[0]?.model}\n${report}\n`,
    )
    fs.writeFileSync(path.join(dir, `report-${name}.md`), report + '\n')
    await stopAll()
    writeProfileWindows()
    process.exit(process.exitCode ?? 0)
  }
  if (ONLY === 'rota') await finishPartial('rota', rota.rows, rotaReport(rota))
  if (ONLY === 'clients') await finishPartial('clients', clients.rows, clientSearchReport(clients))
  if (ONLY === 'phases') {
    if (!phases.summary.pass) process.exitCode = 1
    await finishPartial('phases', phases.rows, phasesReport(phases))
  }
  if (ONLY === 'day') {
    const budgets = apiBudgetRows({ day, all: results })
    if (checkBudgets(budgets) && process.env.BENCH_NO_BUDGETS !== '1') process.exitCode = 1
    await finishPartial('day', results, `${dayReport(day)}\n\n${budgetTable(budgets).join('\n')}`)
  }
  const monthOne =
    ONLY === 'all'
      ? await run('Month overview — app, one client', { url: app, connections: 1, duration: 5, pathFor: monthPath })
      : null

  // The confirm rows (lib/benchConfirm.mjs): one client, the race on one process, over two.
  const { confirmRows } = await import('./lib/benchConfirm.mjs')
  const confirm = await confirmRows({
    run,
    runSplit,
    app,
    pids: { app: appChild.pid, pg: db.child.pid, jobs: jobsChild?.pid },
    piega,
    days,
    sql: sqlOnBench,
    pgss: PGSS,
    log,
  })
  results.push(confirm.one)
  if (ONLY === 'all') results.push(monthOne)
  results.push(confirm.race, confirm.split)

  const row = ({ title, result: r, p95 }) =>
    `| ${title} | ${r.connections} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${p95} | ${r.latency.p99} | ${r.non2xx} | ${r.errors + r.timeouts} |`
  const jobs = JOBS_OFF
    ? 'nobody sending mail'
    : JOBS_INLINE
      ? 'the worker inside the app'
      : 'the job process sending mail'
  const budgets = apiBudgetRows({
    day,
    month: monthRow,
    confirmOne: confirm.one,
    confirmRace: confirm.race,
    raceNote: jobs,
    phases: phases?.summary,
    clients: clients?.summary,
    all: results,
  })
  const load = os.loadavg().map((l) => l.toFixed(2))
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  const report = [
    `### ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, servers on Node ${nodeVersion(SERVER_NODE)} (the benchmark on ${process.version})`,
    '',
    `Server, PostgreSQL and load generator on the same machine; ${DURATION} s per run; demo salon data.`,
    '',
    '| run | conns | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(row),
    '',
    `${day ? `${dayReport(day)} ` : ''}${rota ? `${rotaReport(rota)} ` : ''}${clients ? `${clientSearchReport(clients)} ` : ''}${phases ? `${phasesReport(phases)} ` : ''}Confirm statuses under contention (${jobs}): ${JSON.stringify(confirm.statuses)}; two processes: ${JSON.stringify(confirm.statusesB)}; without contention: ${JSON.stringify(confirm.quietStatus)}. Load average at the end (1/5/15 min): ${load.join(' / ')}; at the start: ${startLoad.join(' / ')}.`,
    '',
    ...budgetTable(budgets),
  ].join('\n')
  console.log('\n' + report + '\n')
  const missed = checkBudgets(budgets)
  if (missed && process.env.BENCH_NO_BUDGETS !== '1') process.exitCode = 1
  fs.writeFileSync(path.join(dir, 'report.md'), report + '\n')
  fs.writeFileSync(
    path.join(dir, 'results.json'),
    JSON.stringify(
      {
        statusCount: confirm.statuses,
        statusCountB: confirm.statusesB,
        dayShareOfFloor: day?.share ?? null,
        budgets,
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
  writeProfileWindows()
} finally {
  await stopAll()
}
