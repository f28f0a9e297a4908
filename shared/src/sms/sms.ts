/**
 * What an SMS is made of, pure: the number it goes to (E.164) and how many parts its text costs.
 *
 * - **Numbers.** A person types "333 123 4567", "+39 333 1234567" or "0039 333…"; a provider wants
 *   "+393331234567". A number without a country is Italian (the salon's country by default).
 * - **Segments.** A text in the GSM 03.38 alphabet (which has è é ù ì ò à but not È or curly quotes)
 *   fits 160 characters in one SMS, 153 per part when longer; any other character turns the whole
 *   text into UCS-2: 70, then 67 per part. Characters of the extension table (€ [ ] { } ^ ~ | \)
 *   count twice. Texts are written to fit one GSM-7 segment where they can (a part costs money).
 */

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
const GSM7_EXTENDED = '^{}\\[~]|€\f'
const basic = new Set(GSM7_BASIC)
const extended = new Set(GSM7_EXTENDED)

export interface SmsEncoding {
  encoding: 'GSM-7' | 'UCS-2'
  /** Characters as the network counts them (an extension character is two). */
  units: number
  segments: number
}

export function smsEncoding(text: string): SmsEncoding {
  let units = 0
  for (const ch of text) {
    if (basic.has(ch)) units += 1
    else if (extended.has(ch)) units += 2
    else {
      const ucs = [...text].reduce((n, c) => n + (c.codePointAt(0)! > 0xffff ? 2 : 1), 0)
      return { encoding: 'UCS-2', units: ucs, segments: ucs <= 70 ? 1 : Math.ceil(ucs / 67) }
    }
  }
  return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) }
}

/**
 * A phone number as E.164 ("+393331234567"), or null when it cannot be one: 8 to 15 digits in all.
 * "00" opens an international number like "+"; anything else without a country gets `country`.
 */
export function toE164(phone: string, country = '39'): string | null {
  const trimmed = phone.trim()
  if (!/^[+\d\s().\-/]+$/.test(trimmed)) return null
  const digits = trimmed.replace(/\D/g, '')
  let e164: string
  if (trimmed.startsWith('+')) e164 = digits
  else if (digits.startsWith('00')) e164 = digits.slice(2)
  else e164 = `${country}${digits}`
  if (!/^[1-9]\d{7,14}$/.test(e164)) return null
  return `+${e164}`
}

/** "+39 ••• ••• 4567": enough to recognise one's own number, not enough to read it. */
export function maskedPhone(e164: string): string {
  const last = e164.replace(/\D/g, '').slice(-4)
  // A country code is 1 to 3 digits: only the salon's own is named, others stay hidden.
  return e164.startsWith('+39') ? `+39 ••• ••• ${last}` : `••• ••• ${last}`
}
