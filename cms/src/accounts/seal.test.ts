import { describe, expect, it } from 'vitest'
import { seal, unseal } from './secondFactor'

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

describe('seal / unseal (login challenges the client carries)', () => {
  it('gives back what was sealed', () => {
    expect(unseal(seal({ user: 7, at: 1 }))).toEqual({ user: 7, at: 1 })
  })

  it('refuses every other spelling of a sealed value, even one that decodes to the same bytes', () => {
    // Lengths whose base64url ends in a character with bits the decoder ignores (1 or 2 bytes over a multiple of 3).
    for (const payload of [{ u: 1 }, { u: 12 }, { u: 123 }, { user: 'abcd' }]) {
      const sealed = seal(payload)
      const last = sealed.at(-1)!
      for (const other of B64URL) {
        if (other === last) continue
        expect(unseal(sealed.slice(0, -1) + other), `${last} → ${other}`).toBeNull()
      }
    }
  })

  it('refuses a value that is not three parts', () => {
    expect(unseal('abc')).toBeNull()
    expect(unseal(`${seal(1)}.AA`)).toBeNull()
  })
})
