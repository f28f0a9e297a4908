import { afterEach, describe, expect, it, vi } from 'vitest'
import { ERROR_CODES, SERVER_ERROR_CODES } from '@salon/shared/errorCodes'
import { en } from '../../../admin/src/i18n/en'
import { request, type ApiError } from './api'
import { REFUSALS_IT, codeWords } from './refusals'

/**
 * The site words every code the server can send (issue 21 §4): REFUSALS_IT is typed on the
 * server's codes (a missing one does not compile), the field codes take the shared Italian table.
 * This fails when a code yields no words, the code itself, or the dashboard's English.
 */
describe('the site’s words for every code the server can send', () => {
  it('every code has Italian words of its own', () => {
    expect(Object.keys(REFUSALS_IT).sort()).toEqual([...SERVER_ERROR_CODES].sort())
    for (const code of ERROR_CODES) {
      const words = codeWords(code, {
        limit: 3,
        minutes: 5,
        n: 3,
        from: '09:00',
        to: '10:00',
        fields: 'x',
        keys: 'x',
        expected: 54.5,
      })
      expect(words, code).not.toBe('')
      expect(words, code).not.toBe(code)
      expect(words, code).not.toMatch(/\{\{/)
      expect(words, code).not.toBe((en as Record<string, string>)[`refusal.${code}`])
    }
    expect(codeWords('TOO_MANY_BOOKINGS', { limit: 3 })).toContain('3 appuntamenti')
    expect(codeWords('STATION_COUNT_IN_USE', { needed: 2 })).toContain('2 di queste postazioni')
    // A customer refused because a station is taken reads what any taken time says (issue 25).
    expect(codeWords('STATION_BUSY', {})).toBe(codeWords('OPERATOR_BUSY', {}))
    expect(codeWords('AT_MOST_CHARS', { n: 500 })).toBe('Al massimo 500 caratteri')
    expect(codeWords('SOMETHING_NEW', {}, 'Le parole del server')).toBe('Le parole del server')
  })
})

describe('an error answer is worded by its code', () => {
  afterEach(() => vi.unstubAllGlobals())

  const answering = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      ),
    )

  it('the message and each field error come from the codes, not from the server’s sentence', async () => {
    answering(400, {
      errors: [
        {
          name: 'ValidationError',
          message: 'Dati non validi: token',
          data: {
            code: 'LINK_INVALID',
            field: 'token',
            errors: [{ path: 'token', message: 'Link rotto (API)', code: 'LINK_INVALID' }],
          },
        },
      ],
    })
    const error = (await request('POST', '/api/auth/check', { redirectOnUnauthorized: false }).catch(
      (e: unknown) => e,
    )) as ApiError
    expect(error.message).toBe('Il link non è valido o è scaduto.')
    expect(error.fieldErrors).toEqual({ token: 'Il link non è valido o è scaduto.' })
  })

  it('fills in the params (minutes of a rate limit)', async () => {
    answering(429, {
      errors: [
        {
          name: 'TooManyRequests',
          message: 'Troppi tentativi… / Too many…',
          data: { code: 'TOO_MANY_ATTEMPTS', params: { minutes: 1 } },
        },
      ],
    })
    const error = (await request('POST', '/api/auth/login', { redirectOnUnauthorized: false }).catch(
      (e: unknown) => e,
    )) as ApiError
    expect(error.message).toBe('Troppi tentativi: riprova tra 1 minuto.')
  })
})
