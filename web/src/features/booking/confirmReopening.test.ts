import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import { confirmReopening } from './useBookingSession'

/**
 * A booking session gone when the customer confirms (held too long, removed) is reopened with
 * the same choice and confirmed again, and the customer is told in a word (issue 21 §4).
 */
const gone = (status: number, code: string | null) =>
  new ApiError(status, 'x', [{ message: 'x', data: code ? { code, reason: code } : null }])

function fakeSession() {
  let id = 1
  return {
    current: vi.fn(async () => ({ id, expiresAt: '2030-01-01T00:00:00Z' })),
    renew: vi.fn(async () => ({ id: ++id, expiresAt: '2030-01-01T00:10:00Z' })),
  }
}

describe('confirmReopening', () => {
  it.each([
    [409, 'SESSION_EXPIRED'],
    [404, 'NOT_FOUND'],
    [404, null],
  ])(
    'a session gone (%i %s) is reopened once, the same choice confirmed on the new one, and said',
    async (status, code) => {
      const session = fakeSession()
      const confirm = vi.fn(async (sessionId: number) => {
        if (sessionId === 1) throw gone(status, code)
        return { id: 99, session: sessionId }
      })
      const told = vi.fn()
      await expect(confirmReopening(session, confirm, told)).resolves.toEqual({ id: 99, session: 2 })
      expect(confirm.mock.calls.map((c) => c[0])).toEqual([1, 2])
      expect(session.renew).toHaveBeenCalledTimes(1)
      expect(told).toHaveBeenCalledTimes(1)
    },
  )

  it('any other refusal is the caller’s: no new session, nothing said', async () => {
    for (const code of ['SLOT_TAKEN', 'TOO_MANY_BOOKINGS', 'BUSY']) {
      const session = fakeSession()
      const told = vi.fn()
      const refusal = gone(409, code)
      await expect(confirmReopening(session, () => Promise.reject(refusal), told)).rejects.toBe(refusal)
      expect(session.renew).not.toHaveBeenCalled()
      expect(told).not.toHaveBeenCalled()
    }
  })

  it('a second refusal after reopening is not retried again', async () => {
    const session = fakeSession()
    const confirm = vi.fn(async () => {
      throw gone(409, 'SESSION_EXPIRED')
    })
    const told = vi.fn()
    await expect(confirmReopening(session, confirm, told)).rejects.toBeInstanceOf(ApiError)
    expect(confirm).toHaveBeenCalledTimes(2)
    // Nothing was confirmed: nothing is said (the refusal is worded by the caller).
    expect(told).not.toHaveBeenCalled()
  })
})
