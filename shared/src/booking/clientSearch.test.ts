import { describe, expect, it } from 'vitest'
import { containsPattern, foldForSearch, searchTerms } from './clientSearch'

describe('the desk search', () => {
  it('ignores accents and case', () => {
    expect(foldForSearch('  Niccolò  DELL’ACQUA ')).toBe('niccolo dell’acqua')
    expect(foldForSearch('Élodie Müller')).toBe('elodie muller')
  })
  it('splits words and keeps a phone’s digits', () => {
    expect(searchTerms('Rosa 333 123-4567')).toEqual({
      folded: 'rosa 333 123-4567',
      words: ['rosa', '333', '1234567'],
      digits: '3331234567',
      fuzzy: false,
    })
    expect(searchTerms('ro').digits).toBe('')
  })
  it('looks for misspellings of names only, never of phones or e-mails', () => {
    expect(searchTerms('Rosa Bianki').fuzzy).toBe(true)
    expect(searchTerms('D’Angelo').fuzzy).toBe(true)
    expect(searchTerms('ro').fuzzy).toBe(false)
    expect(searchTerms('cliente12345@example.com')).toMatchObject({ words: ['cliente12345@example.com'], fuzzy: false })
  })
  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%')
  })
})
