/**
 * The rules of an SMS code (phone verification, the phone as a second factor), pure: how long it
 * lives, how many wrong tries it takes, what a valid one looks like, and the text that carries it —
 * Italian, one GSM-7 segment (160 characters: one SMS, the cheapest and the most reliable).
 */
import { smsEncoding } from '../sms/sms'

/** Digits of a code. */
export const SMS_CODE_DIGITS = 6
/** How long a code is valid. */
export const SMS_CODE_MINUTES = 10
/** Wrong tries a code takes; then it is dead (a new one must be asked for). */
export const SMS_CODE_MAX_TRIES = 5

/** Six digits, spaces and dashes forgiven ("123 456", "123-456"). */
export function normalizeSmsCode(input: string): string {
  return input.replace(/[\s-]/g, '')
}
export const isSmsCode = (input: string) => /^\d{6}$/.test(normalizeSmsCode(input))

/** An Italian E.164 number as people read it ("+39 333 123 4567"); anything else as it is. */
export function displayPhone(phone: string): string {
  const m = /^\+39(3\d{2}|0\d{1,3})(\d{3})(\d{3,4})$/.exec(phone.replace(/\s/g, ''))
  return m ? `+39 ${m[1]} ${m[2]} ${m[3]}` : phone
}

/**
 * Characters a salon's name may hold that GSM-7 has not, as their nearest GSM-7 look-alike (an
 * apostrophe typed on a phone is ’; "È" is not in the alphabet, "É" is).
 */
const LOOKALIKE: Record<string, string> = { '’': "'", '‘': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...' }
const gsmName = (name: string) =>
  [...name.replace(/[’‘“”–—…]/g, (c) => LOOKALIKE[c] ?? '')]
    .map((c) => (smsEncoding(c).encoding === 'GSM-7' ? c : c.normalize('NFD').replace(/[^\x20-\x7e]/g, '')))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()

const codeText = (salon: string, code: string) =>
  `Il tuo codice per ${salon}: ${code}. Scade tra ${SMS_CODE_MINUTES} minuti. Non condividerlo con nessuno.`

/**
 * "Il tuo codice per <Salone>: 123456. Scade tra 10 minuti. Non condividerlo con nessuno." — always
 * one GSM-7 segment: the name is written with GSM-7 look-alikes and shortened (with "…" → "...")
 * when it is too long; a name with nothing left says "il salone".
 */
export function smsCodeText(salon: string, code: string): string {
  let name = gsmName(salon) || 'il salone'
  if (smsEncoding(codeText(name, code)).segments === 1) return codeText(name, code)
  while (name.length > 1 && smsEncoding(codeText(`${name}...`, code)).segments > 1) name = name.slice(0, -1).trimEnd()
  return codeText(`${name}...`, code)
}
