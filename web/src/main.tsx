import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router'
import { App } from './app/App'
import { HYDRATION_DATA_ID } from './app/hydration'
import { buildRoutes } from './app/routes'
import './styles.css'

const routes = buildRoutes()
const root = document.getElementById('root')!
// Public pages come prerendered (web/scripts/prerender.mjs, cms/server.ts): hydrate them. Every
// other route gets the empty shell.
const prerendered = root.firstElementChild !== null
const dataElement = document.getElementById(HYDRATION_DATA_ID)
// The loaders' data travels as a JSON data block: an inline script would be blocked by the CSP.
const hydrationData = dataElement?.textContent ? (JSON.parse(dataElement.textContent) as HydrationState) : undefined

let hydrate = prerendered
if (prerendered) {
  // The screen's code must be in before the router starts: with a `lazy` route still pending the
  // router renders its fallback instead of the page the HTML holds (React error #418).
  try {
    await Promise.all(
      (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return
        const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)()
        Object.assign(route, resolved, { lazy: undefined })
      }),
    )
  } catch {
    // The chunk could not be fetched (offline, or a deploy replaced it): start as a plain page, so
    // the router meets the same failure and its error screen reloads once (lazyScreen.ts).
    hydrate = false
    root.replaceChildren()
  }
}

// A server-rendered page: give the browser a turn between evaluating the app's modules and starting
// the router and the hydration, so they are two shorter tasks rather than one long one (Total
// Blocking Time on a phone, README "Scripts after the first paint").
if (hydrate) await new Promise((resolve) => setTimeout(resolve, 0))

const router = createBrowserRouter(routes, { hydrationData })
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
)

if (hydrate) {
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for one long task (Lighthouse's Total Blocking Time on a phone: README "Scripts
  // after the first paint"); a tap meanwhile is replayed by React once its part is hydrated.
  startTransition(() => {
    hydrateRoot(root, app, {
      // A mismatch between the server's HTML and the first render here (tests fail on this message).
      onRecoverableError: (error) => console.error('hydration error', error),
    })
  })
  // The build-time frame of the home (the server could not fill it): fetch the data now.
  const home = hydrationData?.loaderData?.home as { status?: string } | undefined
  if (home?.status === 'pending') void router.revalidate()
} else {
  createRoot(root).render(app)
}
