import { describe, expect, it } from 'vitest'
import { attendanceKey, signAttendance, verifyAttendance } from './attendanceToken'

const key = attendanceKey('a-test-secret-of-at-least-thirty-two-characters')
const start = new Date('2026-11-28T09:00:00Z')
const before = new Date('2026-11-27T09:00:00Z')

describe('attendance token', () => {
  it('is short and round-trips its reservation and expiry', () => {
    const token = signAttendance(key, { reservation: 4242, expires: start })
    expect(token).toMatch(/^[A-Za-z0-9_-]{28}$/)
    expect(verifyAttendance(key, token, before)).toEqual({ ok: true, claim: { reservation: 4242, expires: start } })
  })

  it('expires at the appointment start', () => {
    const token = signAttendance(key, { reservation: 7, expires: start })
    expect(verifyAttendance(key, token, new Date(start.getTime() - 1000)).ok).toBe(true)
    expect(verifyAttendance(key, token, start)).toEqual({ ok: false, reason: 'EXPIRED' })
  })

  it('refuses a tampered token: every byte flipped in turn', () => {
    const token = signAttendance(key, { reservation: 7, expires: start })
    const raw = Buffer.from(token, 'base64url')
    for (let i = 0; i < raw.length; i++) {
      const bad = Buffer.from(raw)
      bad[i] = bad[i]! ^ 0x01
      const result = verifyAttendance(key, bad.toString('base64url'), before)
      expect(result.ok, `byte ${i}`).toBe(false)
    }
  })

  it('refuses another reservation id pasted in with the old signature', () => {
    const token = signAttendance(key, { reservation: 7, expires: start })
    const raw = Buffer.from(token, 'base64url')
    raw.writeUInt32BE(8, 1)
    expect(verifyAttendance(key, raw.toString('base64url'), before)).toEqual({ ok: false, reason: 'BAD_SIGNATURE' })
  })

  it('refuses a token signed for another purpose, or with another key', () => {
    const other = signAttendance(key, { reservation: 7, expires: start }, 0x42)
    expect(verifyAttendance(key, other, before)).toEqual({ ok: false, reason: 'WRONG_PURPOSE' })
    const foreign = signAttendance(attendanceKey('another-secret-of-at-least-thirty-two-chars'), {
      reservation: 7,
      expires: start,
    })
    expect(verifyAttendance(key, foreign, before)).toEqual({ ok: false, reason: 'BAD_SIGNATURE' })
  })

  it('refuses what is not a token', () => {
    for (const t of ['', 'abc', 'x'.repeat(29), '!'.repeat(28)])
      expect(verifyAttendance(key, t, before)).toEqual({ ok: false, reason: 'MALFORMED' })
  })

  it('refuses ids and times it cannot carry', () => {
    expect(() => signAttendance(key, { reservation: 0, expires: start })).toThrow(RangeError)
    expect(() => signAttendance(key, { reservation: 2 ** 33, expires: start })).toThrow(RangeError)
  })
})
