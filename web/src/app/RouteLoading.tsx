import { useEffect, useRef, useState } from 'react'
import { useNavigation } from 'react-router'
import { t } from '../lib/i18n'
import { PageLoader } from '../lib/ui/Spinner'

/**
 * Loading states for screens whose code arrives on demand (routes.tsx). Both stay invisible on a
 * fast load — a spinner that blinks for 100 ms reads as a glitch — and neither takes space in the
 * layout, so nothing moves when the screen arrives.
 */
const SHOW_AFTER_MS = 400

function useShownAfter(active: boolean, delay = SHOW_AFTER_MS) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setShown(true), delay)
    return () => {
      clearTimeout(timer)
      setShown(false)
    }
  }, [active, delay])
  return active && shown
}

/**
 * First load of a lazy route: the router renders this instead of the page until the chunk is in.
 * Blank at first, then a centred spinner; the whole page replaces it in one paint.
 */
export function InitialRouteFallback() {
  const shown = useShownAfter(true)
  return shown ? <PageLoader /> : null
}

/**
 * Client navigation to a lazy route: the current screen stays until the next one is ready (the
 * router waits for the chunk), with a thin bar at the top of the viewport if it takes a while.
 * Fixed position: it never pushes content.
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  const shown = useShownAfter(navigation.state === 'loading')
  const bar = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!shown || !bar.current || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const animation = bar.current.animate([{ transform: 'scaleX(0.1)' }, { transform: 'scaleX(0.9)' }], {
      duration: 6000,
      easing: 'cubic-bezier(0.1, 0.7, 0.3, 1)',
      fill: 'forwards',
    })
    return () => animation.cancel()
  }, [shown])
  if (!shown) return null
  return (
    <div
      ref={bar}
      role="progressbar"
      aria-label={t.common.loading}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 1000,
        height: 3,
        background: 'var(--color-primary)',
        transform: 'scaleX(0.5)',
        transformOrigin: 'left',
      }}
    />
  )
}
