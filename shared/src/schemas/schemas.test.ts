import { describe, expect, it } from 'vitest'
import { configInput } from './settings'
import {
  comparePeriodQuery,
  dateOrDateTime,
  hhmm,
  loginBody,
  periodQuery,
  phone,
  registerBody,
  updateMeBody,
} from './index'
import { wizardSearch } from './booking'

describe('shared schemas', () => {
  it.each(['2026-05-01', '2026-05-01T09:00Z', '2026-05-01T09:00:00Z', '2026-05-01T09:00:00.123+02:00'])(
    'accepts %s',
    (v) => {
      expect(dateOrDateTime.safeParse(v).success).toBe(true)
    },
  )
  it.each(['ieri', '2026-13-45', '2026-02-30', '2026-05-01T25:00Z', '2026-05-01T09:00', '01/05/2026'])(
    'refuses %s with an Italian hint',
    (v) => {
      const r = dateOrDateTime.safeParse(v)
      expect(r.success).toBe(false)
      expect(r.error?.issues[0]?.message).toMatch(/YYYY-MM-DD/)
    },
  )
  it('a period cannot end before it starts; compare needs both ends', () => {
    expect(periodQuery.safeParse({ from: '2026-05-02', to: '2026-05-01' }).error?.issues[0]?.path).toEqual(['to'])
    expect(
      comparePeriodQuery
        .safeParse({})
        .error?.issues.map((i) => i.path[0])
        .sort(),
    ).toEqual(['from', 'to'])
  })
  it('years outside 2000–2999 and periods over ten years are refused (issue 22: 0001-01-01 was a 500)', () => {
    for (const v of ['0001-01-01', '1999-12-31T23:59:59Z', '9999-12-31', '3000-01-01'])
      expect(dateOrDateTime.safeParse(v).error?.issues[0]?.message, v).toMatch(/Anno/)
    const span = (from: string, to: string) => comparePeriodQuery.safeParse({ from, to }).error?.issues[0]
    expect(span('2026-01-01', '2035-12-31')).toBeUndefined()
    expect(span('2026-01-01', '2999-12-31')).toMatchObject({ path: ['to'], message: 'Al massimo 3653 giorni' })
    expect(periodQuery.safeParse({ from: '2000-01-01', to: '2026-01-01' }).error?.issues[0]?.path).toEqual(['to'])
  })
  it('HH:mm times', () => {
    for (const ok of ['00:00', '09:30', '23:59', '24:00']) expect(hhmm.safeParse(ok).success, ok).toBe(true)
    for (const bad of ['9:30', '24:01', '12:60', '12.30', '']) expect(hhmm.safeParse(bad).success, bad).toBe(false)
  })
  it('phone numbers: 6 to 15 digits with the usual separators', () => {
    for (const ok of ['+39 333 123 4567', '02-1234567', '(02) 123.456'])
      expect(phone.safeParse(ok).success, ok).toBe(true)
    for (const bad of ['12', 'call me', '+39 333 123 4567 890 12'])
      expect(phone.safeParse(bad).success, bad).toBe(false)
  })
  it('login lower-cases the e-mail; the profile refuses unknown keys such as user_role', () => {
    expect(loginBody.parse({ email: ' Mario@Example.IT ', password: 'x' }).email).toBe('mario@example.it')
    expect(updateMeBody.safeParse({ name: 'Mario', user_role: 'ADMIN' }).success).toBe(false)
  })
})

describe('wizardSearch (the booking wizard in the URL)', () => {
  it('reads a full choice', () => {
    expect(
      wizardSearch.parse({
        services: '3,7',
        operator: '2',
        day: '2026-12-15',
        time: '2026-12-15T08:00:00.000Z',
        step: 'when',
      }),
    ).toEqual({ services: [3, 7], operator: 2, day: '2026-12-15', time: '2026-12-15T08:00:00.000Z', step: 'when' })
  })
  it('drops a bad value and keeps the rest', () => {
    expect(
      wizardSearch.parse({ services: '3,x', operator: 'nobody', day: '2026-02-30', step: 'pay', time: 'soon' }),
    ).toEqual({
      services: [],
      operator: 'any',
      day: undefined,
      time: undefined,
      step: undefined,
      move: undefined,
    })
    expect(wizardSearch.parse({ services: '3,3,4' }).services).toEqual([3, 4])
    expect(wizardSearch.parse({}).operator).toBe('any')
  })
})

describe('configInput: the confirmation flow and the no-show grace', () => {
  const base = {
    businessName: 'Salone Demo',
    cancellationTimeLimit: 24,
    slotStepMinutes: 15,
    minNoticeMinutes: 60,
    bookingHorizonDays: 60,
    maxOpenBookings: 3,
    holdMinutes: 10,
    reminderHours: 24,
    secondReminderHours: 0,
    autoCompleteHours: 0,
  }
  it('both are optional, and take a yes/no and 0–240 whole minutes', () => {
    expect(configInput.safeParse(base).success).toBe(true)
    expect(configInput.safeParse({ ...base, twoStepConfirmation: true, noShowGraceMinutes: 0 }).success).toBe(true)
    expect(configInput.safeParse({ ...base, noShowGraceMinutes: 240 }).success).toBe(true)
  })
  it('refuses a grace over four hours, a fraction, or a two-step that is not yes/no, naming the field', () => {
    const late = configInput.safeParse({ ...base, noShowGraceMinutes: 241 })
    expect(late.success).toBe(false)
    expect(late.error?.issues[0]).toMatchObject({ path: ['noShowGraceMinutes'], message: 'Al massimo 240 minuti' })
    expect(configInput.safeParse({ ...base, noShowGraceMinutes: 2.5 }).success).toBe(false)
    expect(configInput.safeParse({ ...base, noShowGraceMinutes: -1 }).success).toBe(false)
    const flag = configInput.safeParse({ ...base, twoStepConfirmation: 'yes' })
    expect(flag.error?.issues[0]?.path).toEqual(['twoStepConfirmation'])
  })
})

describe('registerBody (the registration form and POST /api/users by a visitor)', () => {
  const person = {
    name: 'Anna',
    surname: 'Verdi',
    email: 'anna@example.com',
    phone_number: '+39 333 123 4567',
    password: 'prenota-2026',
  }
  it('accepts a registration with consent to the privacy policy', () => {
    expect(registerBody.safeParse({ ...person, privacy_accepted: true }).success).toBe(true)
  })
  it.each([undefined, false, 'on', 'true', 1, null])(
    'refuses consent given as %s, naming privacy_accepted',
    (value) => {
      const r = registerBody.safeParse({ ...person, privacy_accepted: value })
      expect(r.success).toBe(false)
      expect(r.error?.issues).toEqual([
        expect.objectContaining({
          path: ['privacy_accepted'],
          message: expect.stringMatching(/informativa sulla privacy/),
        }),
      ])
    },
  )
})
