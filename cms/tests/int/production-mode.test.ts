/**
 * Outside demo mode: a default secret refuses to start; with real settings nothing is seeded and
 * the first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD.
 */
import { fork } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { DATABASE_URL } from './helpers'

const cmsDir = path.resolve(import.meta.dirname, '../..')
const prodDb = DATABASE_URL.replace(/\/[^/]+$/, '/salon_prod_check')
const children: ReturnType<typeof fork>[] = []

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })

function startServer(env: Record<string, string>) {
  let output = ''
  const child = fork(path.join(cmsDir, 'server.ts'), [], {
    cwd: cmsDir,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production', SALON_DEMO: 'false', NEXT_TELEMETRY_DISABLED: '1', ...env },
  })
  children.push(child)
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const outcome = new Promise<{ ready: boolean; code: number | null }>((resolve) => {
    child.on('message', (m: any) => m?.type === 'ready' && resolve({ ready: true, code: null }))
    child.on('exit', (code) => resolve({ ready: false, code }))
  })
  return { child, outcome, output: () => output }
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 500))
})

describe('production mode', () => {
  it('refuses to start with the default or a missing PAYLOAD_SECRET', async () => {
    const s = startServer({ DATABASE_URL: prodDb, PORT: String(await freePort()), PAYLOAD_SECRET: '' })
    const result = await s.outcome
    expect(result.ready).toBe(false)
    expect(result.code).not.toBe(0)
    expect(s.output()).toMatch(/PAYLOAD_SECRET/)
  }, 60_000)

  it('seeds nothing and creates the first admin from the environment', async () => {
    const port = await freePort()
    const s = startServer({
      DATABASE_URL: prodDb,
      PORT: String(port),
      PAYLOAD_SECRET: 'a-real-secret-from-the-environment-0123456789',
      ADMIN_EMAIL: 'titolare@salone.example',
      ADMIN_PASSWORD: 'una-password-lunga',
      DATA_DIR: path.join(cmsDir, '..', '.data', 'test', 'prod'),
    })
    const result = await s.outcome
    expect(result.ready, s.output().slice(-2000)).toBe(true)
    const client = new pg.Client({ connectionString: prodDb })
    await client.connect()
    try {
      const users = await client.query('select email, user_role from users')
      expect(users.rows).toEqual([{ email: 'titolare@salone.example', user_role: 'ADMIN' }])
      expect((await client.query('select count(*)::int as n from services')).rows[0].n).toBe(0)
      expect((await client.query('select count(*)::int as n from reservations')).rows[0].n).toBe(0)
      expect((await client.query('select count(*)::int as n from config')).rows[0].n).toBe(1)
    } finally {
      await client.end()
    }
    const login = await fetch(`http://localhost:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'titolare@salone.example', password: 'una-password-lunga' }),
    })
    expect(login.status).toBe(200)
    expect(
      (
        await fetch(`http://localhost:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@demo.salon', password: 'demo1234' }),
        })
      ).status,
    ).toBe(401)
  }, 90_000)
})
