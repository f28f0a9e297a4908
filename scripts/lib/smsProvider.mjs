// A stand-in for the SMS provider's API (Twilio's Messages API, cms/src/platform/sms.ts) for the
// tests: a real HTTP server on loopback that the app talks to exactly as it would to the provider.
// Every accepted text is written to `dir` as `<ms>-<number>.txt` (first line `To: <number>`, a blank
// line, the text: the demo outbox's format), then reported `delivered` to the app's StatusCallback,
// signed with the auth token like the provider does.
//
// Numbers steer it, like the SMTP catcher's `+smtpfail` addresses:
// - +39 3000000 1NNN (NNN: three digits): answered 503 the first NNN times, then accepted;
// - +39 3000000 2xxx: answered 400 (a number the provider refuses for good);
// - +39 3000000 3xxx: never answered (a provider that hangs: the app's timeout decides);
// - +39 3000000 4xxx: accepted, then reported `undelivered`.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

export const SMS_TEST_ACCOUNT = { accountSid: 'ACtest0000000000', authToken: 'test-auth-token-for-sms' }

export function twilioSignature(authToken, url, params) {
  const keys = [...new Set(params.keys())].sort()
  const data = keys.reduce(
    (s, k) =>
      s +
      params
        .getAll(k)
        .map((v) => k + v)
        .join(''),
    url,
  )
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64')
}

export async function startSmsProvider(dir) {
  fs.mkdirSync(dir, { recursive: true })
  const refusals = new Map()
  const hanging = new Set()
  let n = 0
  const report = (callback, sid, status) => {
    if (!callback) return
    const params = new URLSearchParams({
      MessageSid: sid,
      MessageStatus: status,
      AccountSid: SMS_TEST_ACCOUNT.accountSid,
    })
    if (status === 'undelivered') params.set('ErrorCode', '30003')
    fetch(callback, {
      method: 'POST',
      body: params,
      headers: { 'X-Twilio-Signature': twilioSignature(SMS_TEST_ACCOUNT.authToken, callback, params) },
    }).catch(() => {}) // the app may be stopping: the status is lost, as the provider's would be
  }
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const json = (status, value) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(value))
      }
      const expected = `Basic ${Buffer.from(`${SMS_TEST_ACCOUNT.accountSid}:${SMS_TEST_ACCOUNT.authToken}`).toString('base64')}`
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${SMS_TEST_ACCOUNT.accountSid}/Messages.json`)
        return json(404, { code: 20404, message: 'The requested resource was not found' })
      if (req.headers.authorization !== expected) return json(401, { code: 20003, message: 'Authenticate' })
      const params = new URLSearchParams(body)
      const to = params.get('To') ?? ''
      const text = params.get('Body') ?? ''
      if (!/^\+[1-9]\d{7,14}$/.test(to) || !text || !params.get('From'))
        return json(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.` })
      const steer = /^\+393000000([1-4])(\d{3})$/.exec(to)
      if (steer?.[1] === '1') {
        const seen = (refusals.get(to) ?? 0) + 1
        refusals.set(to, seen)
        if (seen <= Number(steer[2])) return json(503, { code: 20500, message: 'Service unavailable (test)' })
      }
      if (steer?.[1] === '2') return json(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient' })
      if (steer?.[1] === '3') return void hanging.add(res)
      const sid = `SM${crypto.randomBytes(16).toString('hex')}`
      fs.writeFileSync(path.join(dir, `${Date.now()}-${++n}-${to}.txt`), `To: ${to}\n\n${text}\n`)
      json(201, { sid, status: 'queued', to, body: text })
      setTimeout(() => report(params.get('StatusCallback'), sid, steer?.[1] === '4' ? 'undelivered' : 'delivered'), 50)
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    stop: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
