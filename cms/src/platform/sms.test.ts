import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { outbox, twilioSignature } from './sms'

describe('the demo outbox', () => {
  it('writes one file per text: the number in its name and first line, then the text', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-'))
    const outcome = outbox(path.join(dir, 'sms'), '+393331234567', 'Il tuo codice: 123456')
    expect(outcome.ok).toBe(true)
    const files = fs.readdirSync(path.join(dir, 'sms'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^\d{13}-\+393331234567\.txt$/)
    expect(fs.readFileSync(path.join(dir, 'sms', files[0]!), 'utf8')).toBe(
      'To: +393331234567\n\nIl tuo codice: 123456\n',
    )
    fs.rmSync(dir, { recursive: true })
  })
})

describe('twilioSignature', () => {
  // The example of Twilio's "Webhooks security" page: URL, POST parameters, auth token → signature.
  it('matches the provider’s documented example', () => {
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    })
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    )
  })
})
