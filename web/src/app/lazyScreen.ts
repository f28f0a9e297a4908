import type { ComponentType } from 'react'
import { RELOAD_GUARD_TTL_MS } from '@salon/shared/constants'
import { t } from '../lib/i18n'

/**
 * A screen whose code is fetched when its route is first visited (its own chunk), so the home
 * does not download the booking wizard, the auth forms or the reserved area.
 */
export interface LazyScreen {
  load: () => Promise<ComponentType>
  /** The component's export name, which is also its module's (the prerender preloads that chunk). */
  name: string
}

/** A screen's chunk could not be fetched: offline, or a deploy removed the hashed file this page knows. */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(`${t.common.networkError} ${t.pwa.updateText}`, { cause })
    this.name = 'ScreenLoadError'
  }
}

/**
 * `lazyScreen(() => import('../features/auth/LoginPage'), 'LoginPage')`. A failed fetch becomes a
 * ScreenLoadError for the route error screen, which reloads the page once at the new URL
 * (`reloadForNewBuild`) and shows the error only if that did not help.
 */
export function lazyScreen<K extends string, M extends { [P in K]: ComponentType }>(
  load: () => Promise<M>,
  name: K,
): LazyScreen {
  return {
    name,
    load: async () => {
      try {
        return (await load())[name]
      } catch (error) {
        throw new ScreenLoadError(error)
      }
    },
  }
}

const RELOAD_KEY = 'salon:chunk-reloaded-at'

const lastReload = () => {
  try {
    return Number(sessionStorage.getItem(RELOAD_KEY) ?? 0)
  } catch {
    return Number.POSITIVE_INFINITY // no sessionStorage (privacy settings): no loop guard, so no reload
  }
}

/** Whether a reload may still fix a ScreenLoadError (none in the last few seconds). */
export const canReloadForNewBuild = () => Date.now() - lastReload() >= RELOAD_GUARD_TTL_MS

/** Reloads the page for the new build once; false when it already did moments ago. */
export function reloadForNewBuild(): boolean {
  if (!canReloadForNewBuild()) return false
  try {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()))
  } catch {
    return false
  }
  window.location.reload()
  return true
}
