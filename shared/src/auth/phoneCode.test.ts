import { describe, expect, it } from 'vitest'
import { smsEncoding } from '../sms/sms'
import {
  SMS_CODE_MAX_TRIES,
  SMS_CODE_MINUTES,
  displayPhone,
  isSmsCode,
  normalizeSmsCode,
  smsCodeText,
} from './phoneCode'
import { factorEnrollBody, loginChallengeBody, phoneBody, phoneVerifyBody } from '../schemas/phone'
import { factorCodeBody, loginVerifyBody } from '../schemas/index'

const uuid = '0b6a3c1e-4f5d-4a8b-9c7d-2e1f0a9b8c7d'

describe('SMS code rules', () => {
  it('six digits; spaces and dashes forgiven, letters not', () => {
    expect(isSmsCode('123456')).toBe(true)
    expect(isSmsCode(' 123 456 ')).toBe(true)
    expect(normalizeSmsCode('123-456')).toBe('123456')
    for (const bad of ['12345', '1234567', '12a456', 'AB12C-3DE45', '']) expect(isSmsCode(bad), bad).toBe(false)
  })

  it('valid 10 minutes, 5 tries (the server enforces both: phone-factor.test.ts)', () => {
    expect(SMS_CODE_MINUTES).toBe(10)
    expect(SMS_CODE_MAX_TRIES).toBe(5)
  })
})

describe('displayPhone', () => {
  it('groups an Italian mobile number; leaves others as they are', () => {
    expect(displayPhone('+393331234567')).toBe('+39 333 123 4567')
    expect(displayPhone('+39333123456')).toBe('+39 333 123 456')
    expect(displayPhone('+442079460958')).toBe('+442079460958')
    expect(displayPhone('333 123 4567')).toBe('333 123 4567')
  })
})

describe('smsCodeText', () => {
  it('is the Italian text, in one GSM-7 segment', () => {
    const text = smsCodeText('Salone Demo', '042917')
    expect(text).toBe('Il tuo codice per Salone Demo: 042917. Scade tra 10 minuti. Non condividerlo con nessuno.')
    expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
  })

  it('writes a name’s curly apostrophe and accented capitals in GSM-7', () => {
    const text = smsCodeText('L’Èstetica di Zoë', '123456')
    expect(text).toContain("per L'Estetica di Zoe: 123456.")
    expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
  })

  it('keeps the accents GSM-7 has', () => {
    expect(smsCodeText('Bellezza è', '123456')).toContain('per Bellezza è: 123456.')
  })

  it('shortens a long name to stay in one segment, keeping the code whole', () => {
    const text = smsCodeText(
      'Centro Estetico e Parrucchieria Internazionale della Bellezza Naturale di Milano Porta Romana',
      '123456',
    )
    expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
    expect(text).toMatch(/^Il tuo codice per Centro Estetico.*\.\.\.: 123456\. Scade tra 10 minuti\./)
  })

  it('a name with nothing GSM-7 in it says "il salone"', () => {
    expect(smsCodeText('美容院', '123456')).toContain('per il salone: 123456.')
  })
})

describe('phone and factor schemas', () => {
  it('a number an SMS can reach', () => {
    expect(phoneBody.safeParse({ phone: '333 123 4567' }).success).toBe(true)
    expect(phoneBody.safeParse({ phone: '+44 20 7946 0958' }).success).toBe(true)
    expect(phoneBody.safeParse({ phone: '+123456' }).success).toBe(false) // a phone to the form, no SMS number
    expect(phoneBody.safeParse({ phone: '' }).success).toBe(false)
    expect(phoneBody.safeParse({ phone: '333 123 4567', extra: 1 }).success).toBe(false)
  })

  it('a code and the challenge that sent it', () => {
    expect(phoneVerifyBody.parse({ challenge_id: uuid, code: '123 456' })).toEqual({
      challenge_id: uuid,
      code: '123456',
    })
    expect(phoneVerifyBody.safeParse({ challenge_id: 'x', code: '123456' }).success).toBe(false)
    expect(phoneVerifyBody.safeParse({ challenge_id: uuid, code: '12345' }).success).toBe(false)
  })

  it('TOTP stays the default factor; a phone factor names its number', () => {
    expect(factorEnrollBody.safeParse({}).success).toBe(true)
    expect(factorEnrollBody.safeParse({ friendly_name: 'App' }).success).toBe(true)
    expect(factorEnrollBody.safeParse({ factor_type: 'phone', phone: '3331234567' }).success).toBe(true)
    const missing = factorEnrollBody.safeParse({ factor_type: 'phone' })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues[0]?.path).toEqual(['phone'])
    expect(factorEnrollBody.safeParse({ factor_type: 'email' }).success).toBe(false)
  })

  it('verify and login take an optional challenge_id; the login challenge an SMS channel', () => {
    expect(factorCodeBody.safeParse({ code: '123456' }).success).toBe(true)
    expect(factorCodeBody.safeParse({ code: '123456', challenge_id: uuid }).success).toBe(true)
    expect(loginVerifyBody.safeParse({ challenge: 'c', code: 'AB12C-3DE45' }).success).toBe(true)
    expect(loginVerifyBody.safeParse({ challenge: 'c', code: '123456', challenge_id: 'nope' }).success).toBe(false)
    expect(loginChallengeBody.safeParse({ challenge: 'c', factor_id: 3, channel: 'sms' }).success).toBe(true)
    expect(loginChallengeBody.safeParse({ challenge: 'c', factor_id: 3, channel: 'voice' }).success).toBe(false)
    expect(loginChallengeBody.safeParse({ challenge: 'c', factor_id: '3', channel: 'sms' }).success).toBe(false)
  })
})
