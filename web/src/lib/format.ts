/** Formatting for what a customer reads: Italian locale, euro. */

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })

/** 25 → "25,00 €". */
export const formatPrice = (value: number) => euro.format(value)

/** 45 → "45 min", 60 → "1 h", 90 → "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes))
  if (total < 60) return `${total} min`
  const h = Math.floor(total / 60)
  const m = total % 60
  return m ? `${h} h ${m} min` : `${h} h`
}
