import { RELOAD_GUARD_TTL_MS } from '@salon/shared/constants'
import { registerSW } from 'virtual:pwa-register'

/**
 * Service worker lifecycle (spec §1): the page reloads when a new worker takes over, and a newer
 * build is looked for every hour. A reload guard stops a loop if workers keep replacing each other.
 */

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000
const RELOAD_GUARD_KEY = 'salon:sw-reloaded-at'

export interface PwaHandlers {
  /** A new version is active but we just reloaded: ask the user instead of looping. */
  onReloadSkipped?: () => void
  onOfflineReady?: () => void
  onRegisterError?: (error: unknown) => void
}

export const pwaState = { registered: false, registrationFailed: false, offlineReady: false }

function reloadOnce(onSkipped?: () => void) {
  const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0)
  if (Date.now() - last < RELOAD_GUARD_TTL_MS) {
    onSkipped?.()
    return
  }
  sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()))
  window.location.reload()
}

async function checkForUpdate(swUrl: string, registration: ServiceWorkerRegistration) {
  if (registration.installing || !navigator.onLine) return
  // Skip when the server is unreachable, so an offline tablet does not drop its worker.
  const res = await fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } }).catch(() => null)
  if (res?.ok) await registration.update().catch(() => {})
}

let started = false

export function startPwa(handlers: PwaHandlers = {}) {
  if (started || !('serviceWorker' in navigator)) return
  started = true
  registerSW({
    immediate: true,
    onNeedReload: () => reloadOnce(handlers.onReloadSkipped),
    onOfflineReady: () => {
      pwaState.offlineReady = true
      handlers.onOfflineReady?.()
    },
    onRegisteredSW: (swUrl, registration) => {
      pwaState.registered = true
      if (!registration) return
      setInterval(() => void checkForUpdate(swUrl, registration), UPDATE_CHECK_INTERVAL_MS)
    },
    onRegisterError: (error) => {
      pwaState.registrationFailed = true
      handlers.onRegisterError?.(error)
    },
  })
}
