import { useEffect } from 'react'
import { registerSW } from 'virtual:pwa-register'
import { t } from '../lib/i18n'
import { useToast } from '../lib/toast'
import { startPwa } from './pwa'
import { UpdatePrompt } from './PwaPrompts'

/**
 * Starts the service worker once the page has loaded and the main thread is idle: its install
 * precaches every screen's code (~400 KB), which must not compete with the first paint for a
 * phone's bandwidth, and its registration code (workbox-window) is not part of the first load.
 * Shows the "Aggiorna" bar while a new build waits.
 */
export function PwaUpdater() {
  const { toast } = useToast()
  useEffect(() => {
    if (!import.meta.env.PROD) return
    let cancelled = false
    let cancelIdle = () => {}
    const start = () => {
      if (cancelled) return
      startPwa(registerSW, {
        onReloadSkipped: () =>
          toast({ title: t.pwa.updateAvailable, description: t.pwa.updateText, duration: Number.POSITIVE_INFINITY }),
        onRegisterError: (error) => console.warn('Service worker registration failed', error),
      })
    }
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(start, { timeout: 3000 })
        cancelIdle = () => cancelIdleCallback(id)
      } else {
        const id = setTimeout(start, 1) // Safari before 18 has no requestIdleCallback
        cancelIdle = () => clearTimeout(id)
      }
    }
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', whenIdle)
      cancelIdle()
    }
  }, [toast])
  return <UpdatePrompt />
}
