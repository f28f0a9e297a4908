import { useEffect } from 'react'
import { t } from '../lib/i18n'
import { useToast } from '../lib/toast'
import { startPwa } from './pwa'

/** Starts the service worker once; speaks only when a reload could not happen by itself. */
export function PwaUpdater() {
  const { toast } = useToast()
  useEffect(() => {
    if (!import.meta.env.PROD) return
    startPwa({
      onReloadSkipped: () =>
        toast({ title: t.pwa.updateAvailable, description: t.pwa.updateText, duration: Number.POSITIVE_INFINITY }),
      onRegisterError: (error) => console.warn('Service worker registration failed', error),
    })
  }, [toast])
  return null
}
