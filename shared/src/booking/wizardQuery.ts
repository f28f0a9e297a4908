import { isCalendarDay, sensibleYear } from '../calendarDay'
import { WIZARD_STEPS, type WizardStep } from './wizard'

/**
 * The booking wizard's URL read without zod (`wizardSearch` of schemas/booking.ts is the rule;
 * wizardQuery.test.ts checks this twin against it on generated URLs): the wizard reads its URL on
 * its first render, and zod would add ~25 KiB gzip to the first load of `/reserve` (issue 28).
 * Lenient field by field, like the schema: a bad value is dropped, the rest of the choice kept.
 */
export interface WizardQuery {
  services: number[]
  operator: 'any' | number
  day?: string
  time?: string
  step?: WizardStep
  move?: number
}

/** zod's `z.coerce.number().int().positive()`. */
const idOf = (v: string): number | undefined => {
  const n = Number(v)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

// zod 4's `z.iso.datetime({ offset: true })`: an existing date, seconds, optional fraction, Z or ±hh:mm.
const DATE = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`
const INSTANT = new RegExp(
  `^${DATE}T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$`,
)

/**
 * A URL's query as `readWizardQuery` takes it. `services` comes once as `3,7` (the wizard's own
 * links) or repeated, `services=3&services=7`: what the services step's GET form sends when
 * "Avanti" is pressed before the page has hydrated, or without JavaScript. Joined in order.
 */
export function wizardQueryOf(search: URLSearchParams): Record<string, string> {
  const q = Object.fromEntries(search)
  const services = search.getAll('services')
  if (services.length > 1) q.services = services.join(',')
  return q
}

export function readWizardQuery(q: Record<string, string | undefined>): WizardQuery {
  const out: WizardQuery = { services: [], operator: 'any' }
  if (q.services !== undefined) {
    const ids = q.services.split(',').filter(Boolean).map(idOf)
    if (ids.length <= 10 && ids.every((id) => id !== undefined)) out.services = [...new Set(ids as number[])]
  }
  if (q.operator !== undefined) out.operator = q.operator === 'any' ? 'any' : (idOf(q.operator) ?? 'any')
  if (q.day !== undefined && isCalendarDay(q.day)) out.day = q.day
  if (q.time !== undefined && INSTANT.test(q.time) && sensibleYear(q.time)) out.time = q.time
  if (q.step !== undefined && (WIZARD_STEPS as readonly string[]).includes(q.step)) out.step = q.step as WizardStep
  if (q.move !== undefined) {
    const move = idOf(q.move)
    if (move !== undefined) out.move = move
  }
  return out
}
