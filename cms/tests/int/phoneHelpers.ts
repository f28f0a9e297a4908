/** The phone suites' helpers (phone-factor.test.ts): fresh numbers, accounts, codes read from the SMS outbox. */
import { expect } from 'vitest'
import { api, freshAddress, login, unique, waitForSms } from './helpers'

let seq = 0
/** An Italian mobile number of this test process alone (the limits outlive a run): national and E.164. */
export function freshPhone() {
  const tail = `${process.pid % 1000}`.padStart(3, '0') + `${(Date.now() + ++seq) % 1_000_000}`.padStart(6, '0')
  return { national: `3${tail.slice(0, 2)} ${tail.slice(2, 5)} ${tail.slice(5)}`, e164: `+393${tail}` }
}

export async function account() {
  const email = `${unique('phone')}@example.com`
  const created = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Paola' } })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  /** Each account's code checks come from an address of its own (the per-address limit is not what is tested). */
  const ip = freshAddress()
  return { email, ip, token: await login(email, 'password123') }
}

export type Account = Awaited<ReturnType<typeof account>>
export const as = (a: Account, body?: unknown) => ({ token: a.token, body, headers: { 'x-forwarded-for': a.ip } })

/** The 6 digits of the newest code SMS to `e164` sent since `since`. */
export async function codeTo(e164: string, since: number) {
  const sms = await waitForSms(e164, /codice per .+: \d{6}\./, since)
  return /: (\d{6})\./.exec(sms.text)![1]!
}

export const codeOf = (body: any) => body?.errors?.[0]?.data?.errors?.[0]?.code

export async function verifiedPhone(a: Account, phone = freshPhone()) {
  const since = Date.now()
  const sent = await api('POST', '/api/auth/phone', as(a, { phone: phone.national }))
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  const code = await codeTo(phone.e164, since)
  const ok = await api('POST', '/api/auth/phone/verify', as(a, { challenge_id: sent.body.challenge_id, code }))
  expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  return phone
}

/** An account with a verified phone factor; its recovery codes. */
export async function withPhoneFactor() {
  const a = await account()
  const phone = freshPhone()
  const created = await api(
    'POST',
    '/api/auth/factors',
    as(a, { friendly_name: 'Cellulare', factor_type: 'phone', phone: phone.national }),
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const since = Date.now()
  const challenge = await api('POST', `/api/auth/factors/${created.body.id}/challenge`, as(a, { channel: 'sms' }))
  expect(challenge.status, JSON.stringify(challenge.body)).toBe(200)
  const code = await codeTo(phone.e164, since)
  const done = await api(
    'POST',
    `/api/auth/factors/${created.body.id}/verify`,
    as(a, { code, challenge_id: challenge.body.id }),
  )
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return { ...a, phone, factor: created.body, recovery: done.body.recovery_codes as string[] }
}
