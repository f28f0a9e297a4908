// Load helpers shared by scripts/bench.mjs and its interleaved A/B mode (lib/benchAb.mjs):
// autocannon runs that keep every response time, percentiles, JSON calls to the app, and the
// preparation of the confirm races (customers, drafts).
import { log } from './workspace.mjs'

/** The `p`th percentile of `xs` (nearest rank), rounded to 0.1; null for no samples. */
export const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10
    : null
}

/** A JSON call to the app (`token`: a customer's JWT). */
export async function jsonCall(method, url, body, token, headers = {}) {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...headers,
    },
    body: body && JSON.stringify(body),
  })
  return res.json()
}

/**
 * One autocannon run. `opts.pathFor(i)` gives the i-th request's path (GET), or `opts.requests`
 * the requests themselves; `amount` instead of `duration` for a fixed number of requests.
 * Resolves `{ title, result, times, p95 }` — `times`: every response's latency in ms.
 */
export const runLoad = (autocannon, title, opts, { quiet = false } = {}) =>
  new Promise((resolve, reject) => {
    if (!quiet) log(`${title}…`)
    let i = 0
    const times = []
    const options = {
      connections: 20,
      ...opts,
      requests: opts.requests ?? [{ setupRequest: (req) => ({ ...req, path: opts.pathFor(i++) }) }],
    }
    if (options.amount) delete options.duration
    delete options.pathFor
    // Each answer's time and status, in the order they came (`statuses[i]` is the status of `times[i]`).
    const statuses = []
    const inst = autocannon(options, (err, result) =>
      err ? reject(err) : resolve({ title, result, times, statuses, p95: percentile(times, 95) }),
    )
    inst.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime)
      statuses.push(status)
    })
    autocannon.track(inst, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false })
  })

/**
 * `n` customers registered on `app` and signed in (their JWTs). Registrations are limited per
 * address, so each comes from its own forwarded address (the app runs with TRUST_PROXY=true).
 */
export async function registerCustomers(app, n, tag = String(Date.now()), parallel = 4) {
  const one = async (i) => {
    const email = `bench-${i}-${tag}@example.com`
    await jsonCall(
      'POST',
      `${app}/api/users`,
      { email, password: 'password123', name: 'Bench', privacy_accepted: true },
      null,
      { 'x-forwarded-for': `10.99.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    )
    const { token } = await jsonCall('POST', `${app}/api/auth/login`, { email, password: 'password123' })
    if (!token) throw new Error(`Could not sign in the bench customer ${email}`)
    return token
  }
  const tokens = []
  for (let start = 0; start < n; start += parallel)
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(parallel, n - start) }, (_, k) => one(start + k)))))
  return tokens
}

/**
 * One open draft for each token of `tokens`, in that order (`create-session`), `parallel` at a
 * time: the preparation of a confirm race, not measured.
 */
export async function openDrafts(app, tokens, parallel = 8) {
  const ids = new Array(tokens.length)
  for (let start = 0; start < tokens.length; start += parallel) {
    await Promise.all(
      tokens.slice(start, start + parallel).map(async (token, k) => {
        const r = await jsonCall('POST', `${app}/api/reservations/create-session`, null, token)
        if (!r.data?.id) throw new Error(`create-session refused: ${JSON.stringify(r)}`)
        ids[start + k] = r.data.id
      }),
    )
  }
  return tokens.map((token, i) => ({ token, id: ids[i] }))
}
