/**
 * Spec §5, the date picker's rules, for every picker of both front ends. Days are local calendar
 * days written `YYYY-MM-DD` (they compare as strings):
 * - a day before `min`, after `max` or in `disabled` is refused (the picker keeps its value);
 * - a required picker that is cleared keeps its previous value;
 * - in a range, a start later than the end is swapped.
 */

export interface DayLimits {
  min?: string
  max?: string
  disabled?: readonly string[]
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Why `day` cannot be picked (`undefined`: it can). */
export function refusedDay(
  day: string,
  { min, max, disabled }: DayLimits,
): 'format' | 'min' | 'max' | 'disabled' | undefined {
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return 'format'
  if (min && day < min) return 'min'
  if (max && day > max) return 'max'
  if (disabled?.includes(day)) return 'disabled'
  return undefined
}

/**
 * The value a picker holds after the person picks `next` ('' = cleared) while it held `previous`:
 * `next` when allowed, otherwise `previous` (a refused day; a required picker cleared).
 */
export function pickDay(previous: string, next: string, limits: DayLimits & { required?: boolean } = {}): string {
  if (next === '') return limits.required ? previous : ''
  return refusedDay(next, limits) ? previous : next
}

/** A range in order: a start later than the end is swapped (either side may be empty). */
export function orderedRange(from: string, to: string): [string, string] {
  return from && to && from > to ? [to, from] : [from, to]
}
