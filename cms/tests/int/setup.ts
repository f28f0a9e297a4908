/**
 * Runs before each integration file (vitest.config.ts `setupFiles`), before the file or
 * helpers.ts is imported: asks scripts/test.mjs for a salon of the file's own — a fresh copy of the
 * seeded demo database, its data directory, its mail catcher and its app process(es), started
 * ahead (scripts/lib/appStacks.mjs) — and points helpers.ts at it through the environment. No file
 * sees another file's rows, mails or server-side caches, whatever ran before it.
 *
 * Without SALON_STACKS_URL (vitest run by hand against a server of your own) nothing changes: the
 * files use SALON_BASE_URL and SALON_DATABASE_URL as set.
 */
import fs from 'node:fs'
import { afterAll, expect } from 'vitest'

const broker = process.env.SALON_STACKS_URL
if (broker) {
  const file = expect.getState().testPath ?? ''
  // The few files that talk to a second app process on the same database (BASE_URL_B) get one.
  const second = !!file && /\bBASE_URL_B\b/.test(fs.readFileSync(file, 'utf8'))
  const res = await fetch(`${broker}/lease`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ file, second }),
  })
  const lease = (await res.json()) as { id?: string; env?: Record<string, string>; error?: string }
  if (res.status !== 200 || !lease.env) throw new Error(`no app for ${file}: ${lease.error ?? res.status}`)
  Object.assign(process.env, lease.env)
  // Registered first, so it runs last (hooks run in reverse): after helpers.ts closed its pool.
  afterAll(async () => {
    await fetch(`${broker}/release`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: lease.id }),
    })
  })
}
