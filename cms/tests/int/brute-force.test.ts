/**
 * Brute-force limits: login, recovery and code checks, per account and per IP, counted in
 * PostgreSQL (so several app processes share them); over the limit → 429 with Retry-After.
 * The test server trusts X-Forwarded-For (TRUST_PROXY=true), so each test acts from its own IP.
 */
import { describe, expect, it } from 'vitest'
import { api, sql, unique } from './helpers'

let ipSeq = 0
const freshIp = () => `10.${process.pid % 250}.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`
const from = (ip: string) => ({ 'x-forwarded-for': ip })

async function account() {
  const email = `${unique('bf')}@example.com`
  await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Bruno' } })
  return email
}

const loginAs = (email: string, password: string, ip: string) =>
  api('POST', '/api/auth/login', { body: { email, password }, headers: from(ip) })

describe('login', () => {
  it('after 5 failures an account is refused (429 + Retry-After), from any IP, even with the right password', async () => {
    const email = await account()
    for (let i = 0; i < 5; i++) expect((await loginAs(email, 'wrong-password', freshIp())).status).toBe(401)
    const blocked = await loginAs(email, 'password123', freshIp())
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(blocked.body.errors[0].message).toMatch(/Troppi tentativi.*Too many attempts/)
    const rows = await sql(`select hits from rate_limits where key = $1`, [`login:account:${email}`])
    expect(rows[0].hits).toBe(5)
  })

  it('successful logins do not count', async () => {
    const email = await account()
    for (let i = 0; i < 8; i++) expect((await loginAs(email, 'password123', freshIp())).status).toBe(200)
  })

  it('one IP gets 50 failures across accounts, then 429 for every account', async () => {
    const ip = freshIp()
    const emails = await Promise.all(Array.from({ length: 10 }, account))
    for (let i = 0; i < 50; i++) expect((await loginAs(emails[i % 10]!, 'wrong-password', ip)).status).toBe(401)
    const other = await account()
    expect((await loginAs(other, 'password123', ip)).status).toBe(429)
    expect((await loginAs(other, 'password123', freshIp())).status).toBe(200)
  })

  it("Payload's own unthrottled /api/users/login is closed", async () => {
    expect(
      (await api('POST', '/api/users/login', { body: { email: 'cliente@demo.salon', password: 'demo1234' } })).status,
    ).toBe(404)
  })
})

describe('password recovery and code checks', () => {
  it('3 recovery mails per account per hour; the same answer holds for unknown addresses', async () => {
    const email = await account()
    for (let i = 0; i < 3; i++)
      expect(
        (await api('POST', '/api/auth/password_recovery', { body: { email }, headers: from(freshIp()) })).status,
      ).toBe(200)
    const fourth = await api('POST', '/api/auth/password_recovery', { body: { email }, headers: from(freshIp()) })
    expect(fourth.status).toBe(429)
    expect(fourth.headers.get('retry-after')).toBeTruthy()
    const ghost = `${unique('ghost')}@example.com`
    for (let i = 0; i < 3; i++)
      await api('POST', '/api/auth/password_recovery', { body: { email: ghost }, headers: from(freshIp()) })
    expect(
      (await api('POST', '/api/auth/password_recovery', { body: { email: ghost }, headers: from(freshIp()) })).status,
    ).toBe(429)
  })

  it('20 wrong codes from one IP, then 429 — guessing links does not scale', async () => {
    const ip = freshIp()
    for (let i = 0; i < 20; i++) {
      const res = await api('POST', '/api/auth/password_recovery/check', {
        body: { token: `guess-${i}`, email: `${unique('g')}@example.com` },
        headers: from(ip),
      })
      expect(res.status).toBe(400)
    }
    const res = await api('POST', '/api/auth/password_recovery/check', {
      body: { token: 'guess', email: 'cliente@demo.salon' },
      headers: from(ip),
    })
    expect(res.status).toBe(429)
    expect(
      (
        await api('POST', '/api/auth/change_password', {
          body: { token: 'guess', email: 'cliente@demo.salon', password: 'password123' },
          headers: from(ip),
        })
      ).status,
    ).toBe(429)
  })

  it('a client cannot pick its own address without a trusted proxy header', async () => {
    const ip = freshIp()
    const res = await api('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'x' },
      headers: { ...from(ip), 'x-salon-client-ip': '1.2.3.4' },
    })
    expect(res.status).toBe(401)
    expect(await sql(`select key from rate_limits where key = 'login:ip:1.2.3.4'`)).toEqual([])
    expect((await sql(`select key from rate_limits where key = $1`, [`login:ip:${ip}`])).length).toBe(1)
  })
})
