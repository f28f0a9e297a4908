import { useState } from 'react'
import type { SeriesCreatedResponse, SeriesOccurrence } from '@salon/shared/schemas/series'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18n'
import { codeWords } from '../../lib/refusals'
import type { Errors } from '../../lib/validation'
import { refusalCode } from '../../lib/waitlist'
import { checkSeries, createSeries } from './api'

type Field = 'every_weeks' | 'count'
/** What the customer chose for an occurrence that is not free: a nearby alternative, or leave it out. */
export type Pick = { date_start: string; operator: number } | 'skip'

export interface SeriesInput {
  services: number[]
  operator: 'any' | number
  /** The first occurrence: the time chosen in the wizard. */
  time: string
  note?: string
}

/**
 * The series' schemas and the form check, fetched when first used (the summary's "Ripeti"): zod
 * stays out of the wizard's first load (issue 28, web/README.md "/reserve rendered by the server").
 */
const schemas = () => import('./seriesSchemas')

/** The conflicts of a 409 SERIES_CONFLICTS (`params.conflicts`), each checked against the contract's shape. */
function conflictsOf(
  error: unknown,
  seriesOccurrence: Awaited<ReturnType<typeof schemas>>['seriesOccurrence'],
): SeriesOccurrence[] {
  if (!(error instanceof ApiError)) return []
  const raw = error.errors[0]?.data?.params?.conflicts
  return Array.isArray(raw)
    ? raw.flatMap((c) => (seriesOccurrence.safeParse(c).success ? [c as SeriesOccurrence] : []))
    : []
}

/**
 * A repeating appointment on the summary (issue 27 §4): every N weeks, how many times → the dates
 * checked by the server (nothing written) → for each one not free an alternative or "Salta" → all
 * booked in one request (`replace` / `skip`). A 409 SERIES_CONFLICTS (something changed since the
 * check) puts its conflicts back in the list to choose again; nothing was written.
 */
export function useSeries(input: SeriesInput) {
  const [on, setOn] = useState(false)
  const [every, setEveryState] = useState(4)
  const [count, setCountState] = useState(6)
  const [errors, setErrors] = useState<Errors<Field>>({})
  const [occurrences, setOccurrences] = useState<SeriesOccurrence[] | null>(null)
  const [picks, setPicks] = useState<Record<number, Pick>>({})
  const [busy, setBusy] = useState<'checking' | 'booking' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [created, setCreated] = useState<SeriesCreatedResponse | null>(null)

  const body = {
    services: input.services,
    operator: input.operator,
    date_start: input.time,
    every_weeks: every,
    count,
    ...(input.note ? { note: input.note } : {}),
  }
  // A new rhythm means new dates: the old check no longer holds.
  const reset = () => {
    setOccurrences(null)
    setPicks({})
    setError(null)
  }
  const setEvery = (n: number) => (setEveryState(n), reset())
  const setCount = (n: number) => (setCountState(n), reset())

  const unresolved = (occurrences ?? []).filter((o) => !o.available && !o.skipped && !picks[o.index])
  const skipped = (occurrences ?? []).filter((o) => o.skipped || picks[o.index] === 'skip').length
  const toBook = (occurrences?.length ?? 0) - skipped
  const ready = !!occurrences && unresolved.length === 0 && toBook > 0 && !busy

  function failed(err: unknown, fallback: string) {
    if (err instanceof ApiError) {
      const fields = err.fieldErrors as Errors<Field>
      setErrors(fields)
      setError(err.isNetworkError ? t.common.networkError : Object.keys(fields).length ? null : err.message || fallback)
    } else setError(fallback)
  }

  async function check() {
    const { fieldErrors, seriesBody } = await schemas()
    const found = fieldErrors<Field>(seriesBody, body)
    setErrors(found)
    setError(null)
    if (Object.keys(found).length) return
    setBusy('checking')
    try {
      const res = await checkSeries(seriesBody.parse(body))
      setOccurrences(res.occurrences)
      setPicks({})
    } catch (err) {
      failed(err, t.series.failed)
    } finally {
      setBusy(null)
    }
  }

  async function book() {
    if (!ready || !occurrences) return
    setBusy('booking')
    setError(null)
    const replace = Object.entries(picks).flatMap(([index, pick]) =>
      pick === 'skip' ? [] : [{ index: Number(index), date_start: pick.date_start, operator: pick.operator }],
    )
    const skip = Object.entries(picks).flatMap(([index, pick]) => (pick === 'skip' ? [Number(index)] : []))
    const { seriesBody, seriesOccurrence } = await schemas()
    try {
      setCreated(await createSeries(seriesBody.parse({ ...body, replace, skip })))
    } catch (err) {
      const conflicts = conflictsOf(err, seriesOccurrence)
      if (refusalCode(err) === 'SERIES_CONFLICTS' && conflicts.length) {
        const byIndex = new Map(conflicts.map((c) => [c.index, c]))
        setOccurrences((list) => (list ?? []).map((o) => byIndex.get(o.index) ?? o))
        setPicks((p) => Object.fromEntries(Object.entries(p).filter(([i]) => !byIndex.has(Number(i)))))
        setError(codeWords('SERIES_CONFLICTS'))
      } else failed(err, t.booking.confirmFailed)
    } finally {
      setBusy(null)
    }
  }

  return {
    on,
    setOn: (value: boolean) => (setOn(value), reset()),
    every,
    setEvery,
    count,
    setCount,
    errors,
    occurrences,
    picks,
    pick: (index: number, pick: Pick | undefined) =>
      setPicks((p) => {
        const next = { ...p }
        if (pick) next[index] = pick
        else delete next[index]
        return next
      }),
    busy,
    error,
    ready,
    unresolved: unresolved.length,
    toBook,
    check,
    book,
    created,
  }
}

export type Series = ReturnType<typeof useSeries>
