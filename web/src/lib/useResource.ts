import { useCallback, useEffect, useRef, useState } from 'react'
import { isAbortError } from './api'

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined; reload: () => void }
  | { status: 'success'; data: T; error?: undefined; reload: () => void }
  | { status: 'error'; data?: undefined; error: unknown; reload: () => void }

type Settled<T> = { load: unknown; attempt: number } & (
  { status: 'success'; data: T } | { status: 'error'; error: unknown }
)

/**
 * Loads data for a screen: aborts when the screen goes away or `load` changes, and can be reloaded
 * (the "Riprova" button). `load` must be stable — a module function, or `useCallback` over what it
 * reads — so that the hook lint checks its inputs. Small on purpose; swap for a query library if
 * screens need caching.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, initial?: { data: T }): Resource<T> {
  const [attempt, setAttempt] = useState(0)
  // `initial`: the answer for the first `load` is already known (the server rendered it and
  // embedded it for hydration): shown at once, on the server too, and not asked again.
  const [settled, setSettled] = useState<Settled<T> | null>(() =>
    initial ? { load, attempt: 0, status: 'success', data: initial.data } : null,
  )
  const seededFor = useRef(initial ? load : null)
  const reload = useCallback(() => setAttempt((n) => n + 1), [])

  useEffect(() => {
    if (seededFor.current === load && attempt === 0) return
    seededFor.current = null
    const controller = new AbortController()
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ load, attempt, status: 'success', data })
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbortError(error)) setSettled({ load, attempt, status: 'error', error })
      },
    )
    return () => controller.abort()
  }, [load, attempt])

  // An answer counts only for the request in flight: a new `load` or a reload shows "loading" at once.
  if (!settled || settled.load !== load || settled.attempt !== attempt) return { status: 'loading', reload }
  return settled.status === 'success'
    ? { status: 'success', data: settled.data, reload }
    : { status: 'error', error: settled.error, reload }
}
