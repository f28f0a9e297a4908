/**
 * The SMS channel (issue 26 §4): texts go through the durable queue to the provider's API — here the
 * stand-in of scripts/lib/smsProvider.mjs, a real HTTP server the app reaches over loopback — with
 * retries while it fails, once, and the provider's signed delivery statuses recorded.
 */
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { queueSms } from '../../src/platform'
import { SMS_TEST_ACCOUNT, twilioSignature } from '../../../scripts/lib/smsProvider.mjs'
import { BASE_URL, BASE_URL_B, DATABASE_URL, smsTo, sql } from './helpers'

const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 })
afterAll(() => db.end())

type Row = {
  status: string
  attempts: number
  provider_id: string | null
  error: string | null
  delivered_at: Date | null
}
const rowOf = async (id: number) => (await sql<Row>('select * from sms_messages where id = $1', [id]))[0]!

async function until(id: number, done: (row: Row) => boolean, timeoutMs = 25_000): Promise<Row> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const row = await rowOf(id)
    if (done(row)) return row
    if (Date.now() > deadline) throw new Error(`SMS ${id} still ${JSON.stringify(row)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('the SMS channel', () => {
  it('runs with two app processes on the database, both with a job worker', () => {
    expect(BASE_URL_B).not.toBe('')
    expect(BASE_URL_B).not.toBe(BASE_URL)
  })

  it('a provider that fails twice, then accepts, delivers the text exactly once', async () => {
    const since = Date.now()
    const id = (await queueSms(db, { to: '+39 300 0000 1002', text: 'Prova: tre tentativi', purpose: 'reminder' }))!
    const row = await until(id, (r) => r.status === 'DELIVERED')
    expect(row.attempts).toBe(3)
    expect(row.provider_id).toMatch(/^SM[0-9a-f]{32}$/)
    expect(row.error).toBeNull()
    expect(row.delivered_at).not.toBeNull()
    const texts = await smsTo('+3930000001002', since)
    expect(texts.map((t) => t.text)).toEqual(['Prova: tre tentativi'])
  })

  it('a number the provider refuses is FAILED after one attempt, and nothing is sent', async () => {
    const since = Date.now()
    const id = (await queueSms(db, { to: '+3930000002000', text: 'Rifiutato', purpose: 'reminder' }))!
    const row = await until(id, (r) => r.status === 'FAILED')
    expect(row.attempts).toBe(1)
    expect(row.error).toMatch(/provider 400: .*\(21610\)/)
    expect(await smsTo('+3930000002000', since)).toEqual([])
  })

  it('a provider that never answers is given up on after the timeout and tried again', async () => {
    const id = (await queueSms(db, { to: '+3930000003000', text: 'Nessuna risposta', purpose: 'reminder' }))!
    const row = await until(id, (r) => r.attempts >= 2)
    expect(row.status).toBe('QUEUED')
    expect(row.error).toMatch(/provider unreachable/)
  })

  it('the provider’s "undelivered" makes the text FAILED with its error code', async () => {
    const id = (await queueSms(db, { to: '+3930000004000', text: 'Non consegnato', purpose: 'reminder' }))!
    const row = await until(id, (r) => r.status === 'FAILED')
    expect(row.provider_id).toMatch(/^SM/)
    expect(row.error).toBe('provider: 30003')
  })

  it('a status callback signed with the auth token is taken', async () => {
    const id = (await queueSms(db, { to: '+393331110009', text: 'Firmato', purpose: 'reminder' }))!
    const row = await until(id, (r) => r.provider_id !== null)
    await sql(`update sms_messages set status = 'SENT', delivered_at = null where id = $1`, [id])
    const params = new URLSearchParams({ MessageSid: row.provider_id!, MessageStatus: 'delivered' })
    const url = `${BASE_URL}/api/sms/status`
    const res = await fetch(url, {
      method: 'POST',
      body: params,
      headers: { 'X-Twilio-Signature': twilioSignature(SMS_TEST_ACCOUNT.authToken, url, params) },
    })
    expect(res.status, await res.text()).toBe(204)
    expect((await rowOf(id)).status).toBe('DELIVERED')
  })

  it('a status callback not signed by the provider is refused and changes nothing', async () => {
    const id = (await queueSms(db, { to: '+393331110001', text: 'Firma', purpose: 'reminder' }))!
    const row = await until(id, (r) => r.status === 'DELIVERED')
    await sql(`update sms_messages set status = 'SENT', delivered_at = null where id = $1`, [id])
    const params = new URLSearchParams({ MessageSid: row.provider_id!, MessageStatus: 'failed' })
    for (const signature of [null, 'bm90IHRoZSBwcm92aWRlcg==']) {
      const res = await fetch(`${BASE_URL}/api/sms/status`, {
        method: 'POST',
        body: params,
        headers: signature ? { 'X-Twilio-Signature': signature } : {},
      })
      expect(res.status).toBe(403)
      expect((await res.json()).errors[0].data.code).toBe('SIGNATURE_INVALID')
    }
    expect((await rowOf(id)).status).toBe('SENT')
  })

  it('a key queued twice is one text; a text queued in a transaction that rolls back never exists', async () => {
    const since = Date.now()
    const key = `test:${since}`
    const first = await queueSms(db, { to: '+393331110002', text: 'Una volta', purpose: 'confirmation', key })
    const again = await queueSms(db, { to: '+393331110002', text: 'Una volta', purpose: 'confirmation', key })
    expect(first).toBeGreaterThan(0)
    expect(again).toBeNull()
    const client = await db.connect()
    try {
      await client.query('begin')
      const ghost = await queueSms(client, { to: '+393331110003', text: 'Mai', purpose: 'confirmation' })
      expect(ghost).toBeGreaterThan(0)
      await client.query('rollback')
      expect(await sql('select 1 from sms_messages where id = $1', [ghost])).toEqual([])
    } finally {
      client.release()
    }
    await until(first!, (r) => r.status === 'DELIVERED')
    await new Promise((r) => setTimeout(r, 1500))
    expect(await smsTo('+393331110002', since)).toHaveLength(1)
    expect(await smsTo('+393331110003', since)).toEqual([])
  })

  it('a number that cannot be one is refused before anything is written', async () => {
    await expect(queueSms(db, { to: 'non un numero', text: 'x', purpose: 'reminder' })).rejects.toThrow(/not a phone/)
  })
})
