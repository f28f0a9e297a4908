import { useEffect, useRef } from 'react'
import { useLocation, useRouteLoaderData } from 'react-router'
import { findRoute, PUBLIC_ROUTES } from '@salon/shared/routes'
import type { HomeState } from '../features/home/api'

/**
 * Keeps the document's head (description, canonical, robots, Open Graph, JSON-LD) in step with the
 * route on client navigations, from the same `headFor` the server used. The first page's head is
 * the server's (left alone) unless the page came as the plain shell, which has none. `head.ts` is
 * fetched on the first navigation (its own chunk, kept out of the home's first load).
 */
export function HeadManager() {
  const location = useLocation()
  const route = findRoute(location.pathname, PUBLIC_ROUTES)?.route.name
  const home = useRouteLoaderData('home') as HomeState | undefined
  const initial = useRef({ key: location.key, home })

  useEffect(() => {
    const first = location.key === initial.current.key && home === initial.current.home
    if (first && document.head.querySelector('link[rel="canonical"]')) return
    if (!route) return
    let cancelled = false
    // Loaded on the first navigation: the first paint's head is the server's, so the home's first
    // load does not carry this code (the same module the server renders the head with).
    void import('./head').then(({ applyHead, headFor }) => {
      if (!cancelled) applyHead(headFor(route, home?.status === 'ready' ? home.data : null, window.location.origin))
    })
    return () => {
      cancelled = true
    }
  }, [location.key, route, home])

  return null
}
