import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useResource } from './useResource'

function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useResource', () => {
  it('loading → success, reload shows loading again and the new answer', async () => {
    let n = 0
    const load = () => Promise.resolve(++n)
    const { result } = renderHook(() => useResource(load))
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 1 }))
    act(() => result.current.reload())
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 2 }))
  })

  it('an error is kept for the screen to show', async () => {
    const boom = new Error('boom')
    const load = () => Promise.reject(boom)
    const { result } = renderHook(() => useResource(load))
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', error: boom }))
  })

  it('a new loader aborts the old request, and a late answer of the old one is never shown', async () => {
    const first = deferred<string>()
    const signals: AbortSignal[] = []
    const loadA = (signal: AbortSignal) => (signals.push(signal), first.promise)
    const loadB = () => Promise.resolve('B')
    const { result, rerender } = renderHook(({ load }) => useResource(load), { initialProps: { load: loadA } })
    rerender({ load: loadB })
    expect(signals[0]!.aborted).toBe(true)
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'B' }))
    first.resolve('A')
    await Promise.resolve()
    expect(result.current).toMatchObject({ data: 'B' })
  })
})
