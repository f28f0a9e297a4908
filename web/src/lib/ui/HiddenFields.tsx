/**
 * A GET form's fixed fields: what the form carries besides what the customer taps (the rest of the
 * wizard's choice). One input per name; the forms that work before hydration use it (the services,
 * the calendar's days, the day's times).
 */
export function HiddenFields({ query }: { query?: URLSearchParams }) {
  return query ? [...query].map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null
}
