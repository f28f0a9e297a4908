/**
 * The phone (issue 26 §3): verified by an SMS code, and a second factor of type `phone` — enrolled,
 * challenged, verified, used at login, removed. Codes are read from the SMS provider's stand-in
 * (SALON_SMS_DIR); codes are single-use, expire, die after 5 wrong tries, count against the
 * account, and sending them is limited per number and per account.
 */
import { describe, expect, it } from 'vitest'
import { api, errorPaths, freshAddress, login, sql, unique, waitForSms } from './helpers'
import { account, as, codeOf, codeTo, freshPhone, verifiedPhone, withPhoneFactor } from './phoneHelpers'

/** Waits, if needed, until at least `margin` seconds are left of the current `window`-second window. */
async function clearOfWindowEnd(window: number, margin: number) {
  const left = window - ((Date.now() / 1000) % window)
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 50))
}

describe('verifying a phone', () => {
  it('a code by SMS, in Italian and one GSM-7 segment, sets the number (E.164) and phone_verified', async () => {
    const a = await account()
    const phone = freshPhone()
    const since = Date.now()
    const sent = await api('POST', '/api/auth/phone', as(a, { phone: phone.national }))
    expect(sent.status).toBe(201)
    expect(sent.body.challenge_id).toMatch(/^[0-9a-f-]{36}$/)
    const ttl = new Date(sent.body.expires_at).getTime() - Date.now()
    expect(ttl).toBeGreaterThan(9 * 60_000)
    expect(ttl).toBeLessThanOrEqual(10 * 60_000)

    const sms = await waitForSms(phone.e164, /codice/, since)
    const [{ business_name }] = await sql('select business_name from config order by id limit 1')
    expect(sms.text).toMatch(
      new RegExp(
        `^Il tuo codice per ${business_name}: \\d{6}\\. Scade tra 10 minuti\\. Non condividerlo con nessuno\\.$`,
      ),
    )
    const code = /(\d{6})/.exec(sms.text)![1]!
    // Stored only as an HMAC; the SMS row says what it was for.
    const [row] = await sql('select code_hmac, phone, purpose from phone_codes where id = $1', [sent.body.challenge_id])
    expect(row).toMatchObject({ phone: phone.e164, purpose: 'phone' })
    expect(row.code_hmac).not.toContain(code)
    const [message] = await sql(`select purpose from sms_messages where to_number = $1 order by id desc limit 1`, [
      phone.e164,
    ])
    expect(message.purpose).toBe('phone_verification')

    expect((await api('GET', '/api/auth/me', { token: a.token })).body.user.phone_verified).toBe(false)
    const wrong = await api(
      'POST',
      '/api/auth/phone/verify',
      as(a, { challenge_id: sent.body.challenge_id, code: code === '000000' ? '111111' : '000000' }),
    )
    expect(wrong.status).toBe(400)
    expect(codeOf(wrong.body)).toBe('CODE_INVALID')
    const ok = await api('POST', '/api/auth/phone/verify', as(a, { challenge_id: sent.body.challenge_id, code }))
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const me = (await api('GET', '/api/auth/me', { token: a.token })).body.user
    expect(me.phone_number).toBe(phone.e164)
    expect(me.phone_verified).toBe(true)
  })

  it('changing the number through the profile clears the verification; the same number kept does not', async () => {
    const a = await account()
    const phone = await verifiedPhone(a)
    const same = await api('PUT', '/api/auth/me', as(a, { phone_number: phone.national }))
    expect(same.status, JSON.stringify(same.body)).toBe(200)
    expect(same.body.user.phone_verified).toBe(true)
    expect(same.body.user.phone_number).toBe(phone.e164)
    const other = await api('PUT', '/api/auth/me', as(a, { phone_number: freshPhone().national }))
    expect(other.body.user.phone_verified).toBe(false)
    expect((await api('GET', '/api/auth/me', { token: a.token })).body.user.phone_verified).toBe(false)
    // Nobody sets it through the API.
    const forged = await api('PUT', '/api/auth/me', as(a, { phone_verified_at: new Date().toISOString() }))
    expect(forged.status).toBe(400)
    expect(errorPaths(forged.body)).toContain('phone_verified_at')
  })

  it('a code works once; an expired code is refused; another account cannot use it; visitors get 401', async () => {
    const a = await account()
    const phone = freshPhone()
    const since = Date.now()
    const sent = await api('POST', '/api/auth/phone', as(a, { phone: phone.national }))
    const code = await codeTo(phone.e164, since)
    const b = await account()
    const foreign = await api('POST', '/api/auth/phone/verify', as(b, { challenge_id: sent.body.challenge_id, code }))
    expect(foreign.status).toBe(400)
    expect(codeOf(foreign.body)).toBe('CODE_EXPIRED')

    await sql(`update phone_codes set expires_at = now() - interval '1 second' where id = $1`, [sent.body.challenge_id])
    const late = await api('POST', '/api/auth/phone/verify', as(a, { challenge_id: sent.body.challenge_id, code }))
    expect(late.status).toBe(400)
    expect(codeOf(late.body)).toBe('CODE_EXPIRED')
    await sql(`update phone_codes set expires_at = now() + interval '5 minutes' where id = $1`, [
      sent.body.challenge_id,
    ])
    expect(
      (await api('POST', '/api/auth/phone/verify', as(a, { challenge_id: sent.body.challenge_id, code }))).status,
    ).toBe(200)
    const again = await api('POST', '/api/auth/phone/verify', as(a, { challenge_id: sent.body.challenge_id, code }))
    expect(again.status).toBe(400)
    expect(codeOf(again.body)).toBe('CODE_EXPIRED')

    expect((await api('POST', '/api/auth/phone', { body: { phone: phone.national } })).status).toBe(401)
    const bad = await api('POST', '/api/auth/phone', as(a, { phone: '12' }))
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toContain('phone')
  })

  it('wrong codes: five kill the code, and they count against the account until a 429', async () => {
    const a = await account()
    const phone = freshPhone()
    const since = Date.now()
    const sent = await api('POST', '/api/auth/phone', as(a, { phone: phone.national }))
    const code = await codeTo(phone.e164, since)
    const wrong = code === '000000' ? '111111' : '000000'
    const attempt = (c: string) =>
      api('POST', '/api/auth/phone/verify', as(a, { challenge_id: sent.body.challenge_id, code: c }))
    for (let i = 0; i < 5; i++) expect(codeOf((await attempt(wrong)).body)).toBe('CODE_INVALID')
    const dead = await attempt(code) // the right one, too late: the code took its 5 tries
    expect(dead.status).toBe(400)
    expect(codeOf(dead.body)).toBe('CODE_EXPIRED')
    const [row] = await sql('select attempts, used_at from phone_codes where id = $1', [sent.body.challenge_id])
    expect(row).toMatchObject({ attempts: 5, used_at: null })
    for (let i = 0; i < 4; i++) expect((await attempt(wrong)).status).toBe(400) // 10 failures on the account
    const limited = await attempt(code)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    const [{ hits }] = await sql(`select hits from rate_limits where key = $1 order by window_start desc limit 1`, [
      `code:account:user:${(await api('GET', '/api/auth/me', { token: a.token })).body.user.id}`,
    ])
    expect(hits).toBe(10)
  })

  it('sending is limited per number (a minute for each purpose, five an hour) with 429 and Retry-After', async () => {
    const a = await account()
    const phone = freshPhone()
    // The limits are fixed windows (accounts/rateLimit.ts): two sends astride a minute's end are two
    // windows, and the hour's Retry-After is what is left of the clock hour. Start clear of an end.
    await clearOfWindowEnd(60, 5)
    expect((await api('POST', '/api/auth/phone', as(a, { phone: phone.national }))).status).toBe(201)
    const again = await api('POST', '/api/auth/phone', as(a, { phone: phone.e164 }))
    expect(again.status).toBe(429)
    const wait = Number(again.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    // Another account, the same number: still the number's minute.
    const b = await account()
    expect((await api('POST', '/api/auth/phone', as(b, { phone: phone.national }))).status).toBe(429)
    // The number's hour: five texts, whatever their purpose.
    const other = freshPhone()
    // This hour's window and the next: the request may fall after the clock hour turns.
    await sql(
      `insert into rate_limits (key, window_start, hits)
       select $1, to_timestamp(floor(extract(epoch from now()) / 3600) * 3600 + h * 3600), 5 from (values (0), (1)) as t(h)`,
      [`sms:number-hour:${other.e164}`],
    )
    const c = await account()
    const hour = await api('POST', '/api/auth/phone', as(c, { phone: other.national }))
    expect(hour.status).toBe(429)
    const hourWait = Number(hour.headers.get('retry-after'))
    expect(hourWait).toBeGreaterThan(0)
    expect(hourWait).toBeLessThanOrEqual(3600)
    // It points at the end of a clock hour (not of the number's minute, which this number has not used).
    const off = (Math.floor(Date.now() / 1000) + hourWait) % 3600
    expect(Math.min(off, 3600 - off)).toBeLessThanOrEqual(2)
    expect(await sql('select 1 from phone_codes where phone = $1', [other.e164])).toHaveLength(0)
  })
})

describe('the phone as a second factor', () => {
  it('enrol, challenge, verify: a masked number, recovery codes, listed next to TOTP', async () => {
    const a = await account()
    const phone = freshPhone()
    const created = await api(
      'POST',
      '/api/auth/factors',
      as(a, { friendly_name: 'Cellulare', factor_type: 'phone', phone: phone.national }),
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      factor_type: 'phone',
      status: 'unverified',
      phone: `+39 ••• ••• ${phone.e164.slice(-4)}`,
    })
    expect(JSON.stringify(created.body)).not.toContain(phone.e164.slice(3))
    // Without a code request first, or with a TOTP-like code alone, it stays unverified.
    const noChallenge = await api('POST', `/api/auth/factors/${created.body.id}/verify`, as(a, { code: '123456' }))
    expect(noChallenge.status).toBe(400)
    expect(errorPaths(noChallenge.body)).toContain('challenge_id')

    const since = Date.now()
    const challenge = await api('POST', `/api/auth/factors/${created.body.id}/challenge`, as(a, { channel: 'sms' }))
    expect(challenge.status).toBe(200)
    expect(challenge.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(challenge.body.expires_at).toBeTruthy()
    const code = await codeTo(phone.e164, since)
    const done = await api(
      'POST',
      `/api/auth/factors/${created.body.id}/verify`,
      as(a, { code, challenge_id: challenge.body.id }),
    )
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.factor).toMatchObject({ id: created.body.id, factor_type: 'phone', status: 'verified' })
    expect(done.body.recovery_codes).toHaveLength(10)

    // A TOTP factor too: one of each.
    const totp = await api('POST', '/api/auth/factors', as(a, {}))
    expect(totp.status).toBe(201)
    expect(totp.body.factor_type).toBe('totp')
    const list = (await api('GET', '/api/auth/factors', { token: a.token })).body.factors
    expect(list.map((f: any) => [f.factor_type, f.status])).toEqual([
      ['phone', 'verified'],
      ['totp', 'unverified'],
    ])
    // A second phone factor while one is verified: 409.
    const twice = await api('POST', '/api/auth/factors', as(a, { factor_type: 'phone', phone: freshPhone().national }))
    expect(twice.status).toBe(409)
    // A TOTP factor has no SMS channel; another user's factor is not found.
    const notPhone = await api('POST', `/api/auth/factors/${totp.body.id}/challenge`, as(a, { channel: 'sms' }))
    expect(notPhone.status).toBe(400)
    expect(codeOf(notPhone.body)).toBe('NOT_A_PHONE_FACTOR')
    const b = await account()
    expect(
      (await api('POST', `/api/auth/factors/${created.body.id}/challenge`, as(b, { channel: 'sms' }))).status,
    ).toBe(404)
    const missing = await api('POST', '/api/auth/factors', as(a, { factor_type: 'phone' }))
    expect(missing.status).toBe(400)
    expect(errorPaths(missing.body)).toContain('phone')
  })

  it('a code is good for its own purpose only: the number’s code does not verify the factor', async () => {
    const a = await account()
    const phone = freshPhone()
    let since = Date.now()
    const numberCode = await api('POST', '/api/auth/phone', as(a, { phone: phone.national }))
    const code = await codeTo(phone.e164, since)
    const created = await api('POST', '/api/auth/factors', as(a, { factor_type: 'phone', phone: phone.national }))
    const crossed = await api(
      'POST',
      `/api/auth/factors/${created.body.id}/verify`,
      as(a, { code, challenge_id: numberCode.body.challenge_id }),
    )
    expect(crossed.status).toBe(400)
    expect(codeOf(crossed.body)).toBe('CODE_EXPIRED')
    // Its own challenge's code does; and verifying the factor proves the profile's number is not needed.
    since = Date.now()
    const challenge = await api('POST', `/api/auth/factors/${created.body.id}/challenge`, as(a, { channel: 'sms' }))
    const own = await codeTo(phone.e164, since)
    const ok = await api(
      'POST',
      `/api/auth/factors/${created.body.id}/verify`,
      as(a, { code: own, challenge_id: challenge.body.id }),
    )
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    // The number's code is still unused and still works for the number.
    expect(
      (await api('POST', '/api/auth/phone/verify', as(a, { challenge_id: numberCode.body.challenge_id, code }))).status,
    ).toBe(200)
  })

  it('login: the factors are listed, a code by SMS signs in once; TOTP-style verify without it fails', async () => {
    const a = await withPhoneFactor()
    const first = await api('POST', '/api/auth/login', { body: { email: a.email, password: 'password123' } })
    expect(first.body.mfaRequired).toBe(true)
    expect(first.body.token).toBeUndefined()
    expect(first.body.factors).toEqual([
      { id: a.factor.id, factor_type: 'phone', phone_hint: `+39 ••• ••• ${a.phone.e164.slice(-4)}` },
    ])
    const since = Date.now()
    const sent = await api('POST', '/api/auth/login/challenge', {
      body: { challenge: first.body.challenge, factor_id: a.factor.id, channel: 'sms' },
      headers: { 'x-forwarded-for': a.ip },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const code = await codeTo(a.phone.e164, since)
    const verify = (body: object) =>
      api('POST', '/api/auth/login/verify', {
        body: { challenge: first.body.challenge, ...body },
        headers: { 'x-forwarded-for': a.ip },
      })
    // The SMS code alone is no TOTP code.
    expect((await verify({ code })).status).toBe(400)
    const ok = await verify({ code, challenge_id: sent.body.challenge_id })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.headers.get('set-cookie')).toMatch(/payload-token=/)
    expect((await api('GET', '/api/auth/me', { token: ok.body.token })).body.user.email).toBe(a.email)
    const replay = await verify({ code, challenge_id: sent.body.challenge_id })
    expect(replay.status).toBe(400)
    expect(codeOf(replay.body)).toBe('CODE_EXPIRED')
    // A recovery code still works; a challenge for someone else's factor does not send.
    expect((await verify({ code: a.recovery[0] })).status).toBe(200)
    const other = await withPhoneFactor()
    const foreign = await api('POST', '/api/auth/login/challenge', {
      body: { challenge: first.body.challenge, factor_id: other.factor.id, channel: 'sms' },
    })
    expect(foreign.status).toBe(400)
    expect(errorPaths(foreign.body)).toContain('factor_id')
  })

  it('removing a phone factor takes a code sent by its challenge (or a recovery code); then the password alone signs in', async () => {
    const a = await withPhoneFactor()
    const refused = await api('DELETE', `/api/auth/factors/${a.factor.id}`, as(a, { code: '123456' }))
    expect(refused.status).toBe(400)
    // The minute of the "factor" purpose is over before a second code to the same number can go.
    await sql(`delete from rate_limits where key like $1`, [`sms:%factor|%`])
    const since = Date.now()
    const challenge = await api('POST', `/api/auth/factors/${a.factor.id}/challenge`, as(a, { channel: 'sms' }))
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(200)
    const code = await codeTo(a.phone.e164, since)
    const removed = await api(
      'DELETE',
      `/api/auth/factors/${a.factor.id}`,
      as(a, { code, challenge_id: challenge.body.id }),
    )
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await api('GET', '/api/auth/factors', { token: a.token })).body.factors).toEqual([])
    expect(
      await sql('select 1 from user_recovery_codes c join users u on u.id = c.user_id where u.email = $1', [a.email]),
    ).toHaveLength(0)
    const plain = await api('POST', '/api/auth/login', { body: { email: a.email, password: 'password123' } })
    expect(plain.body.mfaRequired).toBeUndefined()
    expect(plain.body.token).toBeTruthy()

    const b = await withPhoneFactor()
    expect((await api('DELETE', `/api/auth/factors/${b.factor.id}`, as(b, { code: b.recovery[3] }))).status).toBe(200)
  })

  it('a wrong login code counts against the account: 429 after the limit', async () => {
    const a = await withPhoneFactor()
    const first = await api('POST', '/api/auth/login', { body: { email: a.email, password: 'password123' } })
    const since = Date.now()
    const sent = await api('POST', '/api/auth/login/challenge', {
      body: { challenge: first.body.challenge, factor_id: a.factor.id, channel: 'sms' },
    })
    const code = await codeTo(a.phone.e164, since)
    const wrong = code === '000000' ? '111111' : '000000'
    const verify = (c: string) =>
      api('POST', '/api/auth/login/verify', {
        body: { challenge: first.body.challenge, code: c, challenge_id: sent.body.challenge_id },
        headers: { 'x-forwarded-for': a.ip },
      })
    // The enrolment's verify was a success: 10 failures from here.
    for (let i = 0; i < 10; i++) expect((await verify(wrong)).status).toBe(400)
    const limited = await verify(code)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeTruthy()
  })
})

describe('config.requireAdminTotp and the phone', () => {
  it('an admin with only an SMS factor has no admin rights while TOTP is required', async () => {
    const email = `${unique('phone-admin')}@example.com`
    await api('POST', '/api/users', {
      as: 'ADMIN',
      body: { email, password: 'password123', name: 'Ada', user_role: 'ADMIN' },
    })
    const a = { email, ip: freshAddress(), token: await login(email, 'password123') }
    const phone = freshPhone()
    const created = await api('POST', '/api/auth/factors', as(a, { factor_type: 'phone', phone: phone.national }))
    const since = Date.now()
    const challenge = await api('POST', `/api/auth/factors/${created.body.id}/challenge`, as(a, { channel: 'sms' }))
    const code = await codeTo(phone.e164, since)
    expect(
      (
        await api(
          'POST',
          `/api/auth/factors/${created.body.id}/verify`,
          as(a, { code, challenge_id: challenge.body.id }),
        )
      ).status,
    ).toBe(200)
    await sql('update config set require_admin_totp = true')
    try {
      const refused = await api('GET', '/api/users/count', { token: a.token })
      expect(refused.status).toBe(403)
      expect(refused.body.errors[0].data.reason).toBe('TOTP_REQUIRED')
    } finally {
      await sql('update config set require_admin_totp = false')
    }
    expect((await api('GET', '/api/users/count', { token: a.token })).status).toBe(200)
  })
})
