import { describe, expect, it } from 'vitest'
import { adminUserInput, configInput, openingWeekBody, serviceInput } from '@salon/shared'
import { ERROR_CODES, SERVER_ERROR_CODES } from '@salon/shared/errorCodes'
import { FIELD_MESSAGE_CODES } from '@salon/shared/messages'
import { en } from './en'
import { it as itDict } from './it'
import { FIELD_MESSAGES_EN, codeText, fieldErrorText, fieldText, issueText } from './messages'
import { zodValidate } from '../components/form/zod-validate'

/**
 * The dashboard words every code the server can send (issue 21 §4): a field message from
 * FIELD_MESSAGES_EN (English) or the shared table (Italian), a refusal from `refusal.<CODE>` of
 * both dictionaries. The types already refuse a missing one; this checks the words are there and
 * are words (not the code, not empty), and that no sentence is matched to find them.
 */
describe('the dashboard’s words for every code the server can send', () => {
  it('every code has English and Italian words', () => {
    for (const code of SERVER_ERROR_CODES) {
      expect(en, code).toHaveProperty([`refusal.${code}`])
      expect(itDict, code).toHaveProperty([`refusal.${code}`])
    }
    for (const code of FIELD_MESSAGE_CODES) expect(FIELD_MESSAGES_EN[code], code).toBeTruthy()
    for (const code of ERROR_CODES) {
      for (const locale of ['en', 'it'] as const) {
        const text = codeText(code, { n: 3, limit: 3, minutes: 5, fields: 'name' }, '', locale)
        expect(text, `${code} (${locale})`).not.toBe('')
        expect(text, `${code} (${locale})`).not.toBe(code)
        expect(text, `${code} (${locale})`).not.toMatch(/^refusal\./)
      }
    }
  })

  it('fills in the params, in English digits and number', () => {
    expect(fieldText('AT_MOST_CHARS', { n: 150 }, 'en')).toBe('At most 150 characters')
    expect(fieldText('AT_LEAST_DAYS', { n: 1 }, 'en')).toBe('At least 1 day')
    expect(fieldText('AT_MOST_EUROS', { n: 10000 }, 'en')).toBe('At most €10,000')
    expect(fieldText('OVERLAPS', { from: '09:00', to: '13:00' }, 'en')).toBe('Overlaps 09:00–13:00')
    expect(fieldText('AT_MOST_CHARS', { n: 150 }, 'it')).toBe('Al massimo 150 caratteri')
    expect(codeText('TOO_MANY_ATTEMPTS', { minutes: 5 }, 'Troppi…', 'en')).toBe(
      'Too many attempts: try again in 5 minutes.',
    )
  })

  it('a field error is worded by its code; a code nobody knows keeps the server’s words', () => {
    const en = (f: Parameters<typeof fieldErrorText>[0] & { path?: string }) => fieldErrorText(f)
    expect(en({ path: 'title', message: 'Il titolo è obbligatorio', code: 'TITLE_REQUIRED' })).toBe(
      'The title is required',
    )
    // The code decides, not the words: a message changed on the server keeps its English.
    expect(en({ message: 'Il titolo serve', code: 'TITLE_REQUIRED' })).toBe('The title is required')
    expect(en({ message: 'Resterebbe senza nessuno: «Piega»', code: 'INVALID' })).toBe(
      'Resterebbe senza nessuno: «Piega»',
    )
    expect(en({ message: 'Una frase nuova', code: 'SOMETHING_NEW' })).toBe('Una frase nuova')
    expect(issueText({ code: 'too_big', message: 'Al massimo 300 caratteri' })).toBe('At most 300 characters')
    expect(issueText({ code: 'unrecognized_keys', message: 'Unrecognized key: "x"', keys: ['x'] })).toBe(
      'Fields not expected: x',
    )
  })

  it('is applied where the forms show field errors (English by default)', () => {
    expect(zodValidate(serviceInput)({ title: '', time: 30, price: 10 })).toMatchObject({
      title: 'The name is required',
    })
    expect(zodValidate(configInput)({ slotStepMinutes: 1 })).toMatchObject({ slotStepMinutes: 'At least 5 minutes' })
    expect(zodValidate(adminUserInput)({ name: '', email: 'x', user_role: 'ADMIN' })).toMatchObject({
      name: 'Enter the name',
      email: 'Invalid e-mail address',
    })
    expect(Object.values(zodValidate(openingWeekBody)({ days: [] }))).toContain('All seven days are needed')
  })
})
