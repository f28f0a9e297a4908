import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'

/**
 * A dialog or drawer whose code is fetched the first time it opens, not with the first load
 * (issue 28: Mantine's Modal and Drawer with their overlay, focus trap and transitions, ~4 KiB
 * gzip, only ever needed after a click). `preload` starts the fetch early (the opener's hover or
 * focus). Once loaded it stays mounted, so closing still animates; it is first rendered closed and
 * opened on the next render, so it opens with its transition and gives the focus back to the
 * opener on close, as one mounted from the start does.
 */
export function onDemand<P extends { opened: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null
  const preload = () => {
    loading ??= load().catch((err: unknown) => {
      loading = null // offline: tried again at the next opening
      throw err
    })
    return loading
  }
  const Lazy = lazy(preload) as unknown as ComponentType<P>

  function Opened(props: P) {
    const [ready, setReady] = useState(false)
    useEffect(() => setReady(true), [])
    return <Lazy {...props} opened={ready && props.opened} />
  }

  function OnDemand(props: P & { fallback?: ReactNode }) {
    const [wanted, setWanted] = useState(props.opened)
    if (props.opened && !wanted) setWanted(true)
    if (!wanted) return null
    return (
      <Suspense fallback={props.fallback ?? null}>
        <Opened {...props} />
      </Suspense>
    )
  }
  return Object.assign(OnDemand, { preload })
}
