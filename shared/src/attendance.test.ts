import { describe, expect, it } from 'vitest'
import {
  ATTENDANCE_TOKEN_PATTERN,
  attendanceAnswerBody,
  attendancePath,
  confirmationSmsText,
  reminderSmsText,
  smsWhen,
} from './attendance'
import { smsEncoding } from './sms/sms'

const tz = 'Europe/Rome'
const link = `https://www.salone-esempio.it${attendancePath('A'.repeat(28))}`
// Saturday 28 November 2026, 10:00 in Rome.
const start = '2026-11-28T09:00:00.000Z'
const friday = new Date('2026-11-27T09:00:00Z')
const monday = new Date('2026-11-23T09:00:00Z')

describe('smsWhen', () => {
  it('says today, tomorrow, or the short day in the salon zone', () => {
    expect(smsWhen(start, tz, new Date('2026-11-28T06:00:00Z'))).toBe('oggi alle 10:00')
    expect(smsWhen(start, tz, friday)).toBe('domani alle 10:00')
    expect(smsWhen(start, tz, monday)).toBe('sab 28/11 alle 10:00')
  })
  it('counts days in the salon zone, not UTC', () => {
    // 00:30 on Sunday in Rome is still Saturday in UTC.
    expect(smsWhen('2026-11-28T23:30:00Z', tz, new Date('2026-11-28T08:00:00Z'))).toBe('domani alle 00:30')
  })
})

describe('the SMS texts', () => {
  it('the reminder reads as the brief says and fits one GSM-7 segment', () => {
    const text = reminderSmsText({ salon: 'Salone Demo', start, timeZone: tz, link, now: monday })
    expect(text).toBe(`Salone Demo: ti aspettiamo sab 28/11 alle 10:00. Confermi o annulli qui: ${link}`)
    expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
  })

  it('the confirmation names the time and the link, in one GSM-7 segment', () => {
    const text = confirmationSmsText({ salon: 'Salone Demo', start, timeZone: tz, link, now: monday })
    expect(text).toBe(`Salone Demo: confermato, ti aspettiamo sab 28/11 alle 10:00. Per annullare: ${link}`)
    expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
  })

  it('a long salon name with typographic characters is made plain and cut to keep one segment', () => {
    const salon = `L’Atelier “Bellezza” di Ilaria — parrucchieri & estetica per lei e per lui, dal 1987`
    for (const make of [reminderSmsText, confirmationSmsText]) {
      const text = make({ salon, start, timeZone: tz, link, now: monday })
      expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
      expect(text.startsWith(`L'Atelier "Bellezza" di Ilaria`)).toBe(true)
      expect(text.length).toBeLessThanOrEqual(160)
      expect(text.endsWith(link)).toBe(true)
    }
  })

  it('an empty salon name still says who writes', () => {
    expect(reminderSmsText({ salon: '  ', start, timeZone: tz, link, now: monday })).toMatch(/^Il salone: /)
  })
})

describe('the link', () => {
  it('is short: /a/ and a 28-character token', () => {
    expect(attendancePath('x'.repeat(28))).toBe(`/a/${'x'.repeat(28)}`)
    expect(ATTENDANCE_TOKEN_PATTERN.test('A'.repeat(28))).toBe(true)
    expect(ATTENDANCE_TOKEN_PATTERN.test('A'.repeat(27))).toBe(false)
    expect(ATTENDANCE_TOKEN_PATTERN.test(`${'A'.repeat(27)}=`)).toBe(false)
  })
  it('takes only confirm or cancel', () => {
    expect(attendanceAnswerBody.safeParse({ answer: 'confirm' }).success).toBe(true)
    expect(attendanceAnswerBody.safeParse({ answer: 'cancel' }).success).toBe(true)
    expect(attendanceAnswerBody.safeParse({ answer: 'maybe' }).success).toBe(false)
    expect(attendanceAnswerBody.safeParse({}).success).toBe(false)
  })
})
