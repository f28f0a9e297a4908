/**
 * How the desk's search reads what staff type (issue 24): lower case, accents off ("Niccolò" →
 * "niccolo"), words apart, and the digits alone for a phone ("333 123-4567" → "3331234567"). The
 * database folds the cards the same way (`salon_fold`, migration 20261127_120000_clients).
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

export interface SearchTerms {
  /** The folded text. */
  folded: string
  /** Its words, each to be found in a card (any order); a phone-like word is its digits (cards keep a phone's digits only). */
  words: string[]
  /** Whether a misspelling may be looked for: a name (letters only), never a phone or an e-mail. */
  fuzzy: boolean
  /** The digits, when the text looks like a phone (at least 3 digits), else ''. */
  digits: string
}

export function searchTerms(text: string): SearchTerms {
  const folded = foldForSearch(text)
  const digits = folded.replace(/\D/g, '')
  const words = folded
    .split(' ')
    .map((w) => (/^[+\d().-]+$/.test(w) ? w.replace(/\D/g, '') : w))
    .filter(Boolean)
  const fuzzy = folded.length >= 3 && /^[\p{L}\s'’-]+$/u.test(folded)
  return { folded, words, digits: digits.length >= 3 ? digits : '', fuzzy }
}

/** A LIKE pattern matching `word` anywhere, its wildcards escaped. */
export const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
