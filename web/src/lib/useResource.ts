import { useCallback, useEffect, useState, type DependencyList } from 'react'
import { isAbortError } from './api'

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined; reload: () => void }
  | { status: 'success'; data: T; error?: undefined; reload: () => void }
  | { status: 'error'; data?: undefined; error: unknown; reload: () => void }

/**
 * Loads data for a screen: aborts when the screen goes away or `deps` change, and can be reloaded
 * (the "Riprova" button). Small on purpose; swap for a query library if screens need caching.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Resource<T> {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ status: 'loading' | 'success' | 'error'; data?: T; error?: unknown }>({
    status: 'loading',
  })
  const reload = useCallback(() => setAttempt((n) => n + 1), [])

  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data })
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbortError(error)) setState({ status: 'error', error })
      },
    )
    return () => controller.abort()
    // `load` is expected to change with `deps`; listing it would refetch on every render.
  }, [...deps, attempt])

  return { ...state, reload } as Resource<T>
}
