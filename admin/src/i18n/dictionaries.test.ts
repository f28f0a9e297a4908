import { describe, expect, it } from 'vitest'
import { en } from './en'
import { it as itDict } from './it'

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('the dashboard dictionaries', () => {
  // (A missing Italian key fails `tsc`: it.ts `satisfies Record<MessageKey, string>`. This is the runtime twin.)
  it('have the same keys in English and Italian', () => {
    expect(Object.keys(itDict).sort()).toEqual(Object.keys(en).sort())
  })

  it('have no empty text', () => {
    for (const [key, text] of [...Object.entries(en), ...Object.entries(itDict)]) expect(text.trim(), key).not.toBe('')
  })

  it('fill in the same {{values}} in both languages', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect(placeholders(itDict[key]), key).toEqual(placeholders(en[key]))
  })

  it('use the glossary’s words (GLOSSARY.md)', () => {
    expect(en['resources.booking']).toBe('Bookings')
    expect(itDict['resources.booking']).toBe('Prenotazioni')
    expect(en['booking.anyOperator']).toBe('Any operator')
    expect(itDict['booking.anyOperator']).toBe('Qualsiasi operatore')
    expect(en['resources.time']).toBe('Opening hours')
    expect(en['resources.business-closure']).toBe('Closures')
    expect(en['resources.holiday']).toBe('Holidays')
  })
})
