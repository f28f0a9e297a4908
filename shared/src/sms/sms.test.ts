import { describe, expect, it } from 'vitest'
import { maskedPhone, smsEncoding, toE164 } from './sms'

describe('smsEncoding', () => {
  it('Italian text with è, à, ù is GSM-7: one segment up to 160 characters', () => {
    const text = 'Salone Bella: ti aspettiamo sab 28/11 alle 10:00. Perché? È… '.slice(0, 48) + 'à ù ì ò é'
    expect(smsEncoding(text)).toEqual({ encoding: 'GSM-7', units: [...text].length, segments: 1 })
    expect(smsEncoding('a'.repeat(160)).segments).toBe(1)
    expect(smsEncoding('a'.repeat(161)).segments).toBe(2)
    expect(smsEncoding('a'.repeat(306)).segments).toBe(2)
    expect(smsEncoding('a'.repeat(307)).segments).toBe(3)
  })
  it('extension characters count twice', () => {
    expect(smsEncoding('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 })
    expect(smsEncoding('€'.repeat(81)).segments).toBe(2)
  })
  it('a capital È or a curly quote turns the text into UCS-2 (70 per segment)', () => {
    expect(smsEncoding('È pronto').encoding).toBe('UCS-2')
    expect(smsEncoding('l’appuntamento').encoding).toBe('UCS-2')
    expect(smsEncoding('x'.repeat(69) + '’').segments).toBe(1)
    expect(smsEncoding('x'.repeat(70) + '’').segments).toBe(2)
    expect(smsEncoding('😀'.repeat(35)).units).toBe(70)
  })
})

describe('toE164', () => {
  it.each([
    ['333 123 4567', '+393331234567'],
    ['+39 333 1234567', '+393331234567'],
    ['0039 333-123-4567', '+393331234567'],
    ['(02) 1234.5678', '+390212345678'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (input, out) => expect(toE164(input)).toBe(out))
  it.each(['', 'abc', '123', '+0 333 1234567', '+39 333 1234567 8901 23', '333 123 4567 x'])('%s is refused', (input) =>
    expect(toE164(input)).toBeNull(),
  )
  it('another default country', () => expect(toE164('20 7946 0958', '44')).toBe('+442079460958'))
})

describe('maskedPhone', () => {
  it('shows the country and the last four digits', () => {
    expect(maskedPhone('+393331234567')).toBe('+39 ••• ••• 4567')
    expect(maskedPhone('+442079460958')).toBe('••• ••• 0958')
  })
})
