// `BENCH_AB=1 node scripts/bench.mjs`: an interleaved A/B of the two requests that matter most —
// a day's free times and the booking confirm — between app A (this checkout) and app B (the
// checkout at BENCH_B_ROOT, built; without it, this checkout again with BENCH_B_ENV, by default
// FAST_PATH=off). Each app runs on its own port with its own database (two databases of one
// embedded PostgreSQL, both seeded with the demo salon the same way), and every scenario runs A
// then B, B then A in the next round, and so on: machine noise (other people's work on a shared
// machine, PostgreSQL's checkpoints) falls on both alike and a slow drift cancels out.
//
// Scenarios, per round and side:
// - day availability: autocannon, 20 connections for BENCH_SECONDS (default 8) over ten open days;
// - confirm, one client: up to 40 confirms one after another, each of another customer on a free
//   (time, operator) pair of one day, 30 minutes apart — the path's own latency, no queueing;
// - confirm under contention: 1,000 confirms by 200 customers (5 drafts each, customer-minor
//   order) racing for the first 40 free times of a day, 20 at a time — most answers are 409.
// Before each confirm scenario the bench customers' reservations are deleted, so every round
// starts from the same calendar and the booking caps never interfere.
//
// BENCH_ROUNDS (default 5) rounds; BENCH_A_ENV / BENCH_B_ENV ("NAME=value NAME=value"): extra
// environment of either app. By default nobody sends mail (JOB_WORKER=off, no job process): the
// confirms enqueue their notifications and that is all, as in the "nobody sending" rows of
// docs/benchmarks.md. BENCH_AB_MAIL=1: each side also runs its job process (nice 10, as `npm start`
// runs it), which sends that side's mails through the SMTP server — the confirm budget's condition.
// The table (markdown) goes to stdout and .data/bench-ab/report.md, every
// sample's summary to .data/bench-ab/results.json.
import { execFileSync, fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { jsonCall, openDrafts, percentile, registerCustomers, runLoad } from './benchLoad.mjs'
import { build, install, log, root } from './workspace.mjs'
import { benchNode, nodeVersion } from './benchNode.mjs'

/** "A=1 B=two" → { A: '1', B: 'two' } */
const parseEnv = (text) =>
  Object.fromEntries(
    (text ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const eq = pair.indexOf('=')
        if (eq < 1) throw new Error(`Not NAME=value: ${pair}`)
        return [pair.slice(0, eq), pair.slice(eq + 1)]
      }),
  )

/** `abc1234` (+ `-dirty` with uncommitted changes) of a checkout. */
function revision(dir) {
  try {
    const sha = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim()
    return dirty ? `${sha}-dirty` : sha
  } catch {
    return 'unknown'
  }
}

/** Signed difference of `a` from `b` in %, e.g. "+3.2 %"; B is the reference. */
const delta = (a, b) => {
  if (a == null || b == null || b === 0) return '–'
  const d = ((a - b) / b) * 100
  return `${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(1)} %`
}

const median = (xs) => percentile(xs, 50)

/** [200, 200, 409] → { 200: 2, 409: 1 } */
export const countOf = (statuses) => {
  const counts = {}
  for (const st of statuses) counts[st] = (counts[st] ?? 0) + 1
  return counts
}

export async function runAb({ only = 'all' } = {}) {
  // Both sides on the same Node (BENCH_NODE, lib/benchNode.mjs), unless BENCH_A_NODE / BENCH_B_NODE
  // set one side's (an A/B of the runtime itself).
  const nodeA = benchNode(log, process.env.BENCH_A_NODE ?? process.env.BENCH_NODE)
  const nodeB = benchNode(log, process.env.BENCH_B_NODE ?? process.env.BENCH_NODE)
  const ROUNDS = Number(process.env.BENCH_ROUNDS || 5)
  const MAIL = process.env.BENCH_AB_MAIL === '1'
  const SECONDS = Number(process.env.BENCH_SECONDS || 8)
  const B_ROOT = process.env.BENCH_B_ROOT ? path.resolve(process.env.BENCH_B_ROOT) : null
  const aEnv = parseEnv(process.env.BENCH_A_ENV)
  const bEnv =
    process.env.BENCH_B_ENV !== undefined
      ? parseEnv(process.env.BENCH_B_ENV)
      : B_ROOT || nodeA !== nodeB // another checkout, or another Node: the same settings
        ? {}
        : { FAST_PATH: 'off' }
  if (B_ROOT && !fs.existsSync(path.join(B_ROOT, 'cms', '.next', 'BUILD_ID')))
    throw new Error(`${B_ROOT} is not built: run \`node scripts/start.mjs --build-only\` there first.`)
  const startLoad = os.loadavg().map((l) => l.toFixed(2))

  await install()
  await build()
  const { startPostgres, freePort } = await import('./postgres.mjs')
  const { default: autocannon } = await import('autocannon')
  const pg = createRequire(path.join(root, 'cms', 'package.json'))('pg')

  const dir = path.join(root, '.data', 'bench-ab')
  fs.rmSync(dir, { recursive: true, force: true })
  const db = await startPostgres({ dataDir: path.join(dir, 'pg'), database: 'salon_bench_a', preferredPort: 0, log })
  const urlB = db.url.replace(/\/salon_bench_a$/, '/salon_bench_b')
  const sql = async (url, text) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query(text)).rows
    } finally {
      await client.end()
    }
  }
  await sql(db.url, 'create database salon_bench_b')
  const { startSmtpProcess } = await import('./smtp.mjs')
  const smtp = await startSmtpProcess(path.join(dir, 'smtp'))

  const children = []
  const stopAll = async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 1000))
    await smtp.stop()
    await db.stop()
  }
  process.on('SIGINT', () => stopAll().then(() => process.exit(130)))

  /**
   * One app: `checkout`'s cms/server.ts in production mode on its own port, database and data dir;
   * `jobs`: that side's job process instead (as `npm start` runs it: the worker on, nice 10).
   */
  const startApp = async (name, checkout, databaseUrl, extraEnv, jobs = false) => {
    const port = await freePort(0)
    const dataDir = path.join(dir, name)
    fs.mkdirSync(dataDir, { recursive: true })
    let pid = 0
    await new Promise((resolve, reject) => {
      const child = fork(path.join(checkout, 'cms', 'server.ts'), [], {
        cwd: path.join(checkout, 'cms'),
        execPath: name === 'a' ? nodeA : nodeB,
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl,
          SMTP_URL: smtp.url,
          NEXT_TELEMETRY_DISABLED: '1',
          PORT: String(port),
          DATA_DIR: dataDir,
          SALON_DEMO: 'true',
          // Customers are registered from distinct (forwarded) addresses: registrations are limited per address.
          TRUST_PROXY: 'true',
          JOB_WORKER: 'off',
          ...extraEnv,
          ...(jobs ? { HOST: '127.0.0.1', SALON_PROCESS_ROLE: 'jobs', JOB_WORKER: 'on' } : {}),
        },
      })
      children.push(child)
      pid = child.pid
      child.on('message', (m) => m?.type === 'ready' && resolve())
      child.once('exit', (code) => reject(new Error(`app ${name}${jobs ? ' (jobs)' : ''} exited ${code}`)))
    })
    if (jobs) os.setPriority(pid, 10)
    return { name, pid, url: `http://127.0.0.1:${port}`, databaseUrl }
  }

  /**
   * CPU seconds (user + system) the app process `pid` has used so far (Linux /proc; null
   * elsewhere): CPU per request does not stretch with the neighbours' load as latency does.
   */
  const cpuSeconds = (pid) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      return (Number(f[11]) + Number(f[12])) / 100
    } catch {
      return null
    }
  }

  try {
    // One after the other: both boot, migrate and seed (a cold Next start is CPU-heavy).
    const A = await startApp('a', root, db.url, aEnv)
    const B = await startApp('b', B_ROOT ?? root, urlB, bEnv)
    // BENCH_AB_MAIL=1: each side's job process sends its mails, as in the confirm budget's own run.
    if (MAIL) {
      await startApp('a', root, db.url, aEnv, true)
      await startApp('b', B_ROOT ?? root, urlB, bEnv, true)
    }
    const sides = [A, B]
    const describe = (checkout, env) =>
      `\`${path.basename(checkout)}\` at \`${revision(checkout)}\`${
        Object.keys(env).length
          ? ` with ${Object.entries(env)
              .map(([k, v]) => `\`${k}=${v}\``)
              .join(' ')}`
          : ''
      }`
    A.label = describe(root, aEnv)
    B.label = describe(B_ROOT ?? root, bEnv)
    log(`A: ${A.label} on ${A.url}`)
    log(`B: ${B.label} on ${B.url}`)

    // What both sides book: the service Piega, ten open days of the next weeks (the same on both:
    // same seed, same day).
    for (const s of sides) {
      const services = await jsonCall('GET', `${s.url}/api/services?limit=100&depth=0`)
      s.piega = services.docs.find((x) => x.title === 'Piega').id
    }
    const slotsOf = async (s, day) =>
      (
        await jsonCall(
          'GET',
          `${s.url}/api/reservations/time-availability-day?date=${day}&services=${s.piega}&operator=any`,
        )
      ).slots ?? []
    const days = []
    for (let d = 2; days.length < 10 && d < 40; d++) {
      const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
      if ((await slotsOf(A, day)).length && (await slotsOf(B, day)).length) days.push(day)
    }
    if (days.length < 4) throw new Error(`Only ${days.length} open days found`)
    const quietDay = days.at(-2)
    const raceDay = days.at(-1)
    log(`Open days: ${days.join(', ')}; one-client confirms on ${quietDay}, the race on ${raceDay}`)

    log('Registering 200 customers on each side…')
    const tag = String(Date.now())
    for (const s of sides) s.customers = await registerCustomers(s.url, 200, tag)
    // Fresh statistics on both databases: B is seeded a little later than A, and a race on tables
    // autovacuum has not analysed yet is planned differently (an A/A run showed the side seeded
    // first with a far lower race p50 for the same code).
    for (const s of sides) await sql(s.databaseUrl, 'vacuum analyze')

    /** The bench customers' reservations gone: the same calendar as after seeding. */
    const reset = (s) =>
      sql(
        s.databaseUrl,
        `delete from reservations r using users u where u.id = r.user_id and u.email like 'bench-%@example.com'`,
      )

    /** `runLoad` on side `s`, with the app's CPU ms per response during the load (not its preparation). */
    const measured = async (s, title, opts) => {
      const before = cpuSeconds(s.pid)
      const r = await runLoad(autocannon, title, opts, { quiet: true })
      const after = cpuSeconds(s.pid)
      return {
        ...r,
        cpuMs: before === null || after === null ? null : ((after - before) * 1000) / Math.max(1, r.times.length),
      }
    }

    const availability = (s, duration) => {
      let i = 0
      return measured(s, `day availability — ${s.name.toUpperCase()}`, {
        url: s.url,
        connections: 20,
        duration,
        pathFor: () =>
          `/api/reservations/time-availability-day?date=${days[i++ % days.length]}&services=${s.piega}&operator=any`,
      })
    }

    const confirmRequests = (s, items, statuses) => {
      let n = 0
      return [
        {
          method: 'POST',
          setupRequest: (req) => {
            const { token, body } = items[n++ % items.length]
            return {
              ...req,
              path: '/api/reservations/confirm',
              headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
              body: JSON.stringify(body),
            }
          },
          onResponse: (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
        },
      ]
    }

    /** Up to 40 confirms, one at a time, of as many customers on free (time, operator) pairs of `quietDay`. */
    const confirmQuiet = async (s) => {
      await reset(s)
      const pairs = (await slotsOf(s, quietDay))
        .filter((_, i) => i % 2 === 0)
        .flatMap((slot) => slot.operators.map((operator) => ({ slot, operator })))
        .slice(0, 40)
      const drafts = await openDrafts(s.url, s.customers.slice(0, pairs.length))
      const items = drafts.map((d, i) => ({
        token: d.token,
        body: { id: d.id, services: [s.piega], operator: pairs[i].operator, date_start: pairs[i].slot.start },
      }))
      const statuses = {}
      const r = await measured(s, `confirm, one client — ${s.name.toUpperCase()}`, {
        url: s.url,
        connections: 1,
        amount: items.length,
        requests: confirmRequests(s, items, statuses),
      })
      return { ...r, statuses }
    }

    /** The race: 200 customers × 5 drafts for the first 40 free times of `day`, 20 at a time. */
    const confirmRace = async (s, day = raceDay, customers = s.customers) => {
      await reset(s)
      const slots = (await slotsOf(s, day)).slice(0, 40)
      // Customer-minor order: the 20 confirms in flight are 20 different customers, as in a salon.
      const tokens = []
      for (let k = 0; k < 5; k++) tokens.push(...customers)
      const drafts = await openDrafts(s.url, tokens)
      const items = drafts.map((d, i) => ({
        token: d.token,
        body: { id: d.id, services: [s.piega], operator: 'any', date_start: slots[i % slots.length].start },
      }))
      const statuses = {}
      const r = await measured(s, `confirm under contention — ${s.name.toUpperCase()}`, {
        url: s.url,
        connections: 20,
        amount: items.length,
        requests: confirmRequests(s, items, statuses),
      })
      return { ...r, statuses }
    }

    // Warm both (JIT, pools, prepared statements, caches); not measured.
    log('Warming up both sides…')
    for (const s of sides) {
      await availability(s, 3)
      await confirmRace(s, days[0], s.customers.slice(0, 40))
    }

    const scenarios = [
      ...(only === 'confirm'
        ? []
        : [{ key: 'availability', title: 'Day availability (20 connections)', run: (s) => availability(s, SECONDS) }]),
      ...(only === 'day'
        ? []
        : [
            {
              key: 'confirmQuiet',
              title: 'Confirm, one client (free times of one day, 30 min apart)',
              run: confirmQuiet,
            },
            {
              key: 'confirmRace',
              title: 'Confirm under contention (1,000 confirms, 20 clients, 40 times)',
              run: confirmRace,
            },
          ]),
    ]
    const samples = Object.fromEntries(scenarios.map((sc) => [sc.key, { A: [], B: [] }]))
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [A, B] : [B, A]
      log(`Round ${round + 1} of ${ROUNDS} (${order.map((s) => s.name.toUpperCase()).join(' then ')})`)
      for (const sc of scenarios) {
        for (const s of order) {
          const r = await sc.run(s)
          const side = s === A ? 'A' : 'B'
          // runLoad gives every answer's status in order; the confirm scenarios count them: one shape here.
          if (Array.isArray(r.statuses)) r.statuses = countOf(r.statuses)
          samples[sc.key][side].push({
            times: r.times,
            p50: percentile(r.times, 50),
            p95: r.p95,
            rps: r.result.requests.average,
            non2xx: r.result.non2xx,
            errors: r.result.errors + r.result.timeouts,
            statuses: r.statuses ?? null,
            cpuMs: r.cpuMs,
          })
          log(
            `  ${sc.key} ${side}: p50 ${percentile(r.times, 50)} ms, p95 ${r.p95} ms, app CPU ${r.cpuMs?.toFixed(2)} ms/request` +
              (sc.key === 'availability' ? `, ${Math.round(r.result.requests.average)} req/s` : '') +
              (r.statuses ? ` ${JSON.stringify(r.statuses)}` : ''),
          )
        }
      }
    }

    // Pooled over the rounds: every response of a side in one distribution.
    const summary = scenarios.map((sc) => {
      const of = (side) => {
        const runs = samples[sc.key][side]
        const times = runs.flatMap((r) => r.times)
        return {
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          roundP95: runs.map((r) => r.p95),
          medianRoundP95: median(runs.map((r) => r.p95)),
          rps: median(runs.map((r) => r.rps)),
          cpuMs: runs.every((r) => r.cpuMs !== null)
            ? Math.round(
                percentile(
                  runs.map((r) => r.cpuMs * 100),
                  50,
                ),
              ) / 100
            : null,
          errors: runs.reduce((n, r) => n + r.errors, 0),
          serverErrors: runs.reduce(
            (n, r) => n + Object.entries(r.statuses ?? {}).reduce((m, [st, c]) => m + (Number(st) >= 500 ? c : 0), 0),
            0,
          ),
          statuses: runs.reduce((acc, r) => {
            for (const [st, c] of Object.entries(r.statuses ?? {})) acc[st] = (acc[st] ?? 0) + c
            return acc
          }, {}),
          n: times.length,
        }
      }
      return { ...sc, A: of('A'), B: of('B') }
    })

    const load = os.loadavg().map((l) => l.toFixed(2))
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
    const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`
    const report = [
      `### A/B ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${nodeA === nodeB ? `both on Node ${nodeVersion(nodeA)}` : `A on Node ${nodeVersion(nodeA)}, B on Node ${nodeVersion(nodeB)}`}`,
      '',
      `A: ${A.label}. B: ${B.label}. Each on its own port and database (one embedded PostgreSQL), demo salon,`,
      `${MAIL ? "each side's job process sending its mails (nice 10)" : 'nobody sending mail'}; ${ROUNDS} rounds, each scenario A then B (B then A in even rounds); day availability ${SECONDS} s a run.`,
      `Percentiles pooled over every response of the rounds; Δ = (A − B) / B.`,
      '',
      '| scenario | A p50 ms | B p50 ms | Δ p50 | A p95 ms | B p95 ms | Δ p95 | p95 per round A · B | req/s A · B (median) | app CPU ms / request A · B (median), Δ | responses A · B |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...summary.map(
        ({ title, A: a, B: b }) =>
          `| ${title} | ${a.p50} | ${b.p50} | ${delta(a.p50, b.p50)} | ${a.p95} | ${b.p95} | ${delta(a.p95, b.p95)} | ${range(a.roundP95)} · ${range(b.roundP95)} | ${Math.round(a.rps)} · ${Math.round(b.rps)} | ${a.cpuMs ?? '–'} · ${b.cpuMs ?? '–'}, ${delta(a.cpuMs, b.cpuMs)} | ${a.n} · ${b.n} |`,
      ),
      '',
      `Statuses (all rounds): ${summary
        .filter((s) => s.key !== 'availability')
        .map((s) => `${s.key} A ${JSON.stringify(s.A.statuses)}, B ${JSON.stringify(s.B.statuses)}`)
        .join(
          '; ',
        )}. Errors/timeouts: A ${summary.reduce((n, s) => n + s.A.errors, 0)}, B ${summary.reduce((n, s) => n + s.B.errors, 0)}.`,
      `Load average (1/5/15 min) at the start: ${startLoad.join(' / ')}; at the end: ${load.join(' / ')}.`,
    ].join('\n')
    console.log('\n' + report + '\n')
    fs.writeFileSync(path.join(dir, 'report.md'), report + '\n')
    fs.writeFileSync(
      path.join(dir, 'results.json'),
      JSON.stringify(
        {
          a: A.label,
          b: B.label,
          rounds: ROUNDS,
          seconds: SECONDS,
          summary: summary.map(({ key, title, A: a, B: b }) => ({ key, title, A: a, B: b })),
          rounds_detail: Object.fromEntries(
            Object.entries(samples).map(([k, v]) => [
              k,
              Object.fromEntries(
                Object.entries(v).map(([side, runs]) => [side, runs.map(({ times: _t, ...rest }) => rest)]),
              ),
            ]),
          ),
        },
        null,
        2,
      ),
    )
    const serverErrors = summary.reduce((n, s) => n + s.A.serverErrors + s.B.serverErrors + s.A.errors + s.B.errors, 0)
    if (serverErrors) {
      log(`${serverErrors} server errors or failed requests: the figures above are not comparable.`)
      process.exitCode = 1
    }
  } finally {
    await stopAll()
  }
}
