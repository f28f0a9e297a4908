import type { SeriesOccurrence } from '@salon/shared/schemas/series'

/**
 * What the desk decided for each occurrence that is not free: one of its alternatives (`alt:<i>`)
 * or `skip`. Pure helpers of the series form (issue 27 §4).
 */
export type Choice = 'skip' | `alt:${number}`
export type Choices = Record<number, Choice>

/** The occurrences still waiting for a choice (not free, nothing chosen). */
export const undecided = (occurrences: SeriesOccurrence[], choices: Choices) =>
  occurrences.filter((o) => !o.available && !o.skipped && choices[o.index] === undefined)

/** How many appointments will be written: every occurrence but the skipped ones. */
export const toBook = (occurrences: SeriesOccurrence[], choices: Choices) =>
  occurrences.filter((o) => !o.skipped && choices[o.index] !== 'skip').length

/** The `replace` and `skip` of POST /api/reservations/series from the choices (absent when empty). */
export function decisions(occurrences: SeriesOccurrence[], choices: Choices) {
  const replace = occurrences.flatMap((o) => {
    const c = choices[o.index]
    if (o.available || !c || c === 'skip') return []
    const alt = o.alternatives[Number(c.slice(4))]
    return alt ? [{ index: o.index, date_start: alt.date_start, operator: alt.operator }] : []
  })
  const skip = occurrences.filter((o) => o.skipped || choices[o.index] === 'skip').map((o) => o.index)
  return { ...(replace.length ? { replace } : {}), ...(skip.length ? { skip } : {}) }
}

/**
 * A 409 SERIES_CONFLICTS after the check (a date taken meanwhile): its conflicts replace those
 * occurrences in the table, their choices are asked again.
 */
export function mergeConflicts(
  occurrences: SeriesOccurrence[],
  choices: Choices,
  conflicts: SeriesOccurrence[],
): { occurrences: SeriesOccurrence[]; choices: Choices } {
  const byIndex = new Map(conflicts.map((c) => [c.index, c]))
  const next = { ...choices }
  for (const c of conflicts) delete next[c.index]
  return { occurrences: occurrences.map((o) => byIndex.get(o.index) ?? o), choices: next }
}
