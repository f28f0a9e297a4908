import { useSyncExternalStore } from 'react'
import { RELOAD_GUARD_TTL_MS } from '@salon/shared/constants'
import type { RegisterSWOptions } from 'vite-plugin-pwa/types'

/**
 * Service worker lifecycle (spec §1, `registerType: 'prompt'`): a new build installs in the
 * background and waits; the app shows "Aggiorna" (`needRefresh`), and only when the visitor
 * accepts does the new worker take over (SKIP_WAITING) and the page reload on `controllerchange`.
 * A newer build is looked for every 60 minutes, when the tab becomes visible again at least 10
 * minutes after the last look, and when the connection comes back.
 *
 * The state of spec §4 (installed or standalone, service worker registered or activated, offline
 * ready, update needed, install prompt available; plus §8's registration-failed flag) is a tiny
 * store read with `usePwa()`.
 */

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000
export const VISIBLE_RECHECK_AFTER_MS = 10 * 60 * 1000
const RELOAD_GUARD_KEY = 'salon:sw-reloaded-at'

export interface PwaState {
  /** Running as an installed app (display-mode standalone, or iOS home screen). */
  standalone: boolean
  /** The app is installed: it runs standalone, or the browser said `appinstalled` in this tab. */
  installed: boolean
  /** The browser offered installation (`beforeinstallprompt`) and it has not been used yet. */
  canInstall: boolean
  /** A new build's service worker is installed and waiting for "Aggiorna". */
  needRefresh: boolean
  /** The first install finished: the site opens without network from now on. */
  offlineReady: boolean
  /** A service worker is registered for the site (this build's or an older one). */
  registered: boolean
  /** A service worker of the site is active (it serves fetches from the next navigation, or at once via clientsClaim). */
  activated: boolean
  /** Registering the service worker failed (spec §8): no offline use, nothing else changes. */
  registrationFailed: boolean
}

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

const isStandalone = () =>
  typeof window !== 'undefined' &&
  ((typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true)

/** What a server render knows (nothing offered, nothing waiting): the state hydration starts from. */
const SERVER_STATE: PwaState = {
  standalone: false,
  installed: false,
  canInstall: false,
  needRefresh: false,
  offlineReady: false,
  registered: false,
  activated: false,
  registrationFailed: false,
}
const standaloneAtStart = isStandalone()
let state: PwaState = { ...SERVER_STATE, standalone: standaloneAtStart, installed: standaloneAtStart }
const listeners = new Set<() => void>()

export const pwaStore = {
  get: () => state,
  set(patch: Partial<PwaState>) {
    state = { ...state, ...patch }
    listeners.forEach((l) => l())
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
}

const serverState = () => SERVER_STATE

/** The PWA state, re-rendering on change (from SERVER_STATE while a prerendered page hydrates). */
export const usePwa = () => useSyncExternalStore(pwaStore.subscribe, pwaStore.get, serverState)

// Install: the event can fire before React mounts, so it is caught at module load (entry chunk).
let deferredInstall: BeforeInstallPromptEvent | null = null
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault()
    deferredInstall = e as BeforeInstallPromptEvent
    pwaStore.set({ canInstall: true })
  })
  window.addEventListener('appinstalled', () => {
    deferredInstall = null
    pwaStore.set({ canInstall: false, installed: true, standalone: true })
  })
}

/** Opens the browser's install dialog (only where it offered one). */
export async function promptInstall(): Promise<void> {
  const event = deferredInstall
  if (!event) return
  deferredInstall = null
  pwaStore.set({ canInstall: false })
  await event.prompt()
  const choice = await event.userChoice.catch(() => null)
  if (choice?.outcome === 'accepted') pwaStore.set({ installed: true, standalone: isStandalone() })
}

export interface PwaHandlers {
  /** A new version took over but we had just reloaded: ask the user instead of looping. */
  onReloadSkipped?: () => void
  onRegisterError?: (error: unknown) => void
  /** How to reload (tests); `location.reload()` by default. */
  reload?: () => void
}

/** Reloads, unless this tab already reloaded for a new worker within RELOAD_GUARD_TTL_MS. */
export function reloadOnce(onSkipped?: () => void, reload: () => void = () => window.location.reload()) {
  const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0)
  if (Date.now() - last < RELOAD_GUARD_TTL_MS) {
    onSkipped?.()
    return
  }
  sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()))
  reload()
}

async function checkForUpdate(swUrl: string, registration: ServiceWorkerRegistration) {
  if (registration.installing || !navigator.onLine) return
  // Skip when the server is unreachable, so an offline tablet does not drop its worker.
  const res = await fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } }).catch(() => null)
  if (res?.ok) await registration.update().catch(() => {})
}

function scheduleUpdateChecks(swUrl: string, registration: ServiceWorkerRegistration) {
  let last = Date.now()
  const check = () => {
    last = Date.now()
    void checkForUpdate(swUrl, registration)
  }
  setInterval(check, UPDATE_CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - last >= VISIBLE_RECHECK_AFTER_MS) check()
  })
  window.addEventListener('online', check)
}

/** `activated` once the registration has an active worker: now, or when the installing one activates. */
function watchActivation(registration: ServiceWorkerRegistration) {
  if (registration.active) {
    pwaStore.set({ activated: true })
    return
  }
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'activated') pwaStore.set({ activated: true })
    })
  follow(registration.installing ?? registration.waiting)
  registration.addEventListener('updatefound', () => follow(registration.installing))
}

let updateServiceWorker: ((reload?: boolean) => Promise<void>) | null = null

/** "Aggiorna": the waiting worker takes over; the page reloads on `controllerchange`. */
export function applyUpdate() {
  pwaStore.set({ needRefresh: false })
  void updateServiceWorker?.(true)
}

/** "Più tardi": hide the prompt; the new build waits until every tab of the site is closed. */
export const dismissUpdate = () => pwaStore.set({ needRefresh: false })

let started = false

/** `registerSW` of `virtual:pwa-register`, passed in by PwaUpdater (tests pass their own). */
export type RegisterSW = (options: RegisterSWOptions) => (reload?: boolean) => Promise<void>

export function startPwa(registerSW: RegisterSW, handlers: PwaHandlers = {}) {
  if (started || !('serviceWorker' in navigator)) return
  started = true
  let hadController = navigator.serviceWorker.controller !== null
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The very first install claims the page (clientsClaim): nothing to reload.
    if (!hadController) {
      hadController = true
      return
    }
    // A new build took over: after "Aggiorna" here or in another tab of the site, so this tab's
    // code is older than the worker that now serves it.
    reloadOnce(handlers.onReloadSkipped, handlers.reload)
  })
  updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => pwaStore.set({ needRefresh: true }),
    onOfflineReady: () => pwaStore.set({ offlineReady: true }),
    onRegisteredSW: (swUrl, registration) => {
      if (!registration) return
      pwaStore.set({ registered: true, registrationFailed: false })
      watchActivation(registration)
      scheduleUpdateChecks(swUrl, registration)
      // The home works offline even when the only visit happened before the worker controlled the page.
      void navigator.serviceWorker.ready
        .then(() => caches.open('pages'))
        .then(async (cache) => {
          if (!(await cache.match('/'))) await cache.add('/')
        })
        .catch(() => {})
    },
    onRegisterError: (error) => {
      pwaStore.set({ registrationFailed: true })
      handlers.onRegisterError?.(error)
    },
  })
}
