// The confirm rows of `npm run bench` (scripts/bench.mjs): one client without contention, the race
// on one process (with the CPU of each process per confirm, and with BENCH_PGSS=1 PostgreSQL's time
// per statement), and the race split over two app processes.
import { cpuSeconds, postgresCpuSeconds } from './procCpu.mjs'
import { jsonCall as json, percentile, registerCustomers } from './benchLoad.mjs'

/**
 * CPU seconds (user + system, /proc) of the app process `appPid`, of PostgreSQL (the postmaster
 * `pgPid` and its backends, with its exited backends) and of the job process, and of this process
 * (the load generator), to say where a confirm's time goes. Linux only; null elsewhere.
 */
function cpuNow({ appPid, pgPid, jobsPid }) {
  if (process.platform !== 'linux') return null
  const self = process.cpuUsage()
  return {
    app: cpuSeconds(appPid) ?? 0,
    postgres: postgresCpuSeconds(pgPid),
    ...(jobsPid ? { jobs: cpuSeconds(jobsPid) ?? 0 } : {}),
    bench: (self.user + self.system) / 1e6,
  }
}
const cpuPerConfirm = (before, after, n) =>
  before && Object.fromEntries(Object.keys(before).map((k) => [k, Math.round(((after[k] - before[k]) / n) * 1e4) / 10]))

const confirmRequest = (path, draft, body) => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', authorization: `JWT ${draft.token}` },
  body: JSON.stringify({ id: draft.id, ...body }),
})

/**
 * @param {object} o
 * @param {Function} o.run, o.runSplit — load runs (scripts/bench.mjs)
 * @param {string} o.app — the first app process's URL; o.pids: { app, pg, jobs } (process ids)
 * @param {number} o.piega — the service booked; o.days — open days (the race uses the last ones)
 * @param {(text: string) => Promise<object[]>} o.sql — a statement on the bench database
 * @param {boolean} o.pgss — list PostgreSQL's time per statement after the race (BENCH_PGSS=1)
 * @param {(line: string) => void} o.log
 */
export async function confirmRows({ run, runSplit, app, pids, piega, days, sql, pgss, log }) {
  const slotsOf = async (day) =>
    (await json('GET', `${app}/api/reservations/time-availability-day?date=${day}&services=${piega}&operator=any`))
      .slots
  const draft = async (token) => ({
    token,
    id: (await json('POST', `${app}/api/reservations/create-session`, null, token)).data.id,
  })
  const count = (into) => (status) => (into[status] = (into[status] ?? 0) + 1)

  log('Preparing customers and drafts for the confirm run…')
  const customers = await registerCustomers(app, 200)
  // One client, no contention: up to 60 confirms of free (time, operator) pairs 30 minutes apart.
  const quiet = []
  for (const slot of (await slotsOf(days.at(-2))).filter((_, i) => i % 2 === 0))
    for (const operator of slot.operators)
      if (quiet.length < 60) quiet.push({ ...(await draft(customers[quiet.length])), slot, operator })
  let q = 0
  const quietStatus = {}
  const one = await run('Confirm, one client, no contention — app', {
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
            ...confirmRequest('/api/reservations/confirm', d, {
              services: [piega],
              operator: d.operator,
              date_start: d.slot.start,
            }),
          }
        },
        onResponse: count(quietStatus),
      },
    ],
  })

  // The race: 200 customers × 5 drafts confirmed at the first 40 free times of a day.
  // Customer-minor order: the 20 confirms in flight are 20 different customers, as in a salon.
  // (Customer-major, each customer had all 5 drafts in flight at once, and confirm's lock on the
  // customer's row — the open-booking cap — queued them one behind another: 6 ms a confirm.)
  const slots = (await slotsOf(days.at(-1))).slice(0, 40)
  const drafts = []
  for (let k = 0; k < 5; k++) for (const token of customers) drafts.push(await draft(token))
  let n = 0
  const statuses = {}
  if (pgss) await sql('select pg_stat_statements_reset()')
  const who = { appPid: pids.app, pgPid: pids.pg, jobsPid: pids.jobs }
  const cpuBefore = cpuNow(who)
  const race = await run(`Confirm under contention — app (${drafts.length} confirms, 40 slots)`, {
    url: app,
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
            ...confirmRequest('/api/reservations/confirm', d, {
              services: [piega],
              operator: 'any',
              date_start: slot.start,
            }),
          }
        },
        onResponse: count(statuses),
      },
    ],
  })
  // The race by tenths, in the order the answers came: where the tail is (BENCH_TIMELINE=1).
  if (process.env.BENCH_TIMELINE) {
    log('The race by tenths of its answers (the bookings made: their times in ms):')
    for (let k = 0; k < 10; k++) {
      const [from, to] = [(k * race.times.length) / 10, ((k + 1) * race.times.length) / 10]
      const times = race.times.slice(from, to)
      const won = times.filter((_, i) => race.statuses[from + i] === 200).map(Math.round)
      console.log(
        `  ${k + 1}/10: p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms; ${won.length} booked${won.length ? ` [${won.join(', ')}]` : ''}`,
      )
    }
  }
  // Ms of CPU per confirm: app process, PostgreSQL (postmaster + backends), job process, load generator.
  statuses.cpuMsPerConfirm = cpuPerConfirm(cpuBefore, cpuNow(who), drafts.length)
  if (pgss) {
    // Where PostgreSQL's time went in the race (statements since the reset above).
    const rows = await sql(
      `select calls, round(total_exec_time::numeric, 1) as ms, round((total_exec_time / calls)::numeric, 3) as per_call,
              plans, round(total_plan_time::numeric, 1) as plan_ms,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as statement
         from pg_stat_statements where calls > 0 order by total_exec_time + total_plan_time desc limit 15`,
    )
    log(
      `PostgreSQL time per statement in the contention row (calls | ms | ms per call | plans | planning ms | statement):`,
    )
    for (const r of rows)
      console.log(`| ${r.calls} | ${r.ms} | ${r.per_call} | ${r.plans} | ${r.plan_ms} | ${r.statement} |`)
  }

  // The same race on another day, the confirms split over both processes (half the drafts each).
  const slotsB = (await slotsOf(days.at(-3))).slice(0, 40)
  const draftsB = [[], []]
  let c = 0
  for (let k = 0; k < 5; k++) for (const token of customers) draftsB[c++ % 2].push(await draft(token))
  const nB = [0, 0]
  const statusesB = {}
  const split = await runSplit(
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
              ...confirmRequest('/api/reservations/confirm', d, {
                services: [piega],
                operator: 'any',
                date_start: slot.start,
              }),
            }
          },
          onResponse: count(statusesB),
        },
      ],
    }),
  )
  return { one, race: { ...race, statuses }, split, quietStatus, statuses, statusesB }
}
