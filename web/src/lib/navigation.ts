import { useCallback } from 'react'
import { useNavigate, type NavigateFunction } from 'react-router'
import { isDashboardHref } from './paths'

/*
 * Programmatic navigation (spec §8: "navigating to an external URL without an explicit external
 * flag is refused"). A path of this SPA goes through the router; a same-origin path that another
 * app serves (the dashboard, /api) is loaded as a document; another origin is loaded only when the
 * caller says `external: true`, and only over http(s), mailto or tel — never `javascript:` or `data:`.
 */

export interface NavigateOptions {
  /** The caller means to leave the site. */
  external?: boolean
  /** Replace the current history entry instead of adding one. */
  replace?: boolean
}

export type NavigationTarget =
  { kind: 'router'; path: string } | { kind: 'document'; url: string } | { kind: 'external'; url: string }

export class NavigationRefusedError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`Navigation to ${url} refused: ${reason}`)
    this.name = 'NavigationRefusedError'
  }
}

const LEAVING_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])

function refuse(url: string, reason: string): never {
  const error = new NavigationRefusedError(url, reason)
  console.error(error.message)
  throw error
}

/** Where `to` leads and how to get there, or a NavigationRefusedError (logged). */
export function resolveNavigation(to: string, options: NavigateOptions = {}, origin = window.location.origin) {
  let url: URL
  try {
    url = new URL(to, origin)
  } catch {
    return refuse(to, 'not a URL')
  }
  if (!LEAVING_PROTOCOLS.has(url.protocol)) return refuse(to, `protocol ${url.protocol} is not allowed`)
  if (url.origin === origin) {
    const path = url.pathname + url.search + url.hash
    const otherApp = isDashboardHref(path) || path === '/api' || path.startsWith('/api/')
    return (otherApp ? { kind: 'document', url: path } : { kind: 'router', path }) satisfies NavigationTarget
  }
  if (!options.external) return refuse(to, 'external URL without the external flag')
  return { kind: 'external', url: url.href } satisfies NavigationTarget
}

/** A full page load (`location.assign`, or `location.replace` for `replace`). */
export type LoadPage = (url: string, replace: boolean) => void

const loadPage: LoadPage = (url, replace) => (replace ? window.location.replace(url) : window.location.assign(url))

/** Navigates to `to` (see the top of this file); `navigate` is the router's. */
export function navigateTo(
  to: string,
  options: NavigateOptions,
  navigate: NavigateFunction,
  load: LoadPage = loadPage,
): void {
  const target: NavigationTarget = resolveNavigation(to, options)
  if (target.kind === 'router') void navigate(target.path, { replace: options.replace })
  else load(target.url, !!options.replace)
}

/** `navigateTo` bound to the current router. */
export function useNavigateTo(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate()
  return useCallback((to: string, options: NavigateOptions = {}) => navigateTo(to, options, navigate), [navigate])
}
