import { lazy, type ComponentType } from 'react'
import { Route } from 'react-router'
import { routesOf, SALON_RESOURCES, type ResourceAction } from '../resources'

/**
 * Which screen each resource action renders. Every screen is its own chunk (React.lazy), so the
 * first load carries only the shell. A resource without its own list uses the generic one; create
 * and edit screens are added here by the issues that build them — until then those paths are not
 * routed and show the 404 screen, and no menu item or button points to them.
 */

type Screen = ComponentType

const GenericList = lazy(() => import('./generic/list'))

/**
 * The agenda's screen, with the calendar library's chunk fetched at the same time (not after the
 * screen has rendered: no waterfall). `import()` keeps each module once, so calling it early (see
 * preloadScreenOf) only warms what `lazy` asks for later.
 */
let agendaModule: { default: ComponentType } | null = null
const loadAgenda = () => {
  void import('./agenda/calendar-lib')
  return import('./agenda/page').then((m) => (agendaModule = m))
}
const LazyAgenda = lazy(loadAgenda)
/**
 * The agenda's route element: rendered at once when its code is already here (preloaded), so it
 * does not suspend — a React 19 Suspense boundary that showed its fallback holds the content
 * back for 300 ms (measured: the agenda then drew its bookings ~350 ms later).
 */
function AgendaScreen() {
  return agendaModule ? <agendaModule.default /> : <LazyAgenda />
}

/**
 * Starts fetching the screen of the address the dashboard opens on while the session is checked
 * (the screen renders only after it): today the agenda, the page the desk opens every morning
 * (issue 20: its bookings on screen within a second; docs/benchmarks.md "Agenda").
 */
export function preloadScreenOf(pathname: string) {
  if (/^\/dashboard\/agenda\/?$/.test(pathname)) void loadAgenda().catch(() => {})
}

const SCREENS: Record<string, Partial<Record<ResourceAction, Screen>>> = {
  agenda: { list: AgendaScreen },
  waitlist: { list: lazy(() => import('./waitlist/page')) },
  rota: { list: lazy(() => import('./rota/page')) },
  'rota-conflicts': { list: lazy(() => import('./rota/conflicts')) },
  takings: { list: lazy(() => import('./takings/page')) },
  clients: { list: lazy(() => import('./clients/list')), edit: lazy(() => import('./clients/card')) },
  service: {
    list: lazy(() => import('./service/list')),
    create: lazy(() => import('./service/form')),
    edit: lazy(() => import('./service/form')),
  },
  booking: {
    list: lazy(() => import('./booking/list')),
    create: lazy(() => import('./booking/create')),
    edit: lazy(() => import('./booking/show')),
  },
  category: { create: lazy(() => import('./category/form')), edit: lazy(() => import('./category/form')) },
  config: { list: lazy(() => import('./config/list')) },
  time: { list: lazy(() => import('./time/index')) },
  operator: { create: lazy(() => import('./operator/form')), edit: lazy(() => import('./operator/form')) },
  banner: { create: lazy(() => import('./banner/form')), edit: lazy(() => import('./banner/form')) },
  user: {
    list: lazy(() => import('./user/list')),
    create: lazy(() => import('./user/form')),
    edit: lazy(() => import('./user/form')),
  },
  'business-closure': {
    list: lazy(() => import('./closure/list')),
    create: lazy(() => import('./closure/form')),
    edit: lazy(() => import('./closure/form')),
  },
  file: { list: lazy(() => import('./file/index')) },
  carousel: { list: lazy(() => import('./carousel/index')) },
  holiday: { create: lazy(() => import('./holiday/form')), edit: lazy(() => import('./holiday/form')) },
}

export const DashboardHome = lazy(() => import('./home/index'))

export function screenFor(identifier: string, action: ResourceAction): Screen | undefined {
  return SCREENS[identifier]?.[action] ?? (action === 'list' ? GenericList : undefined)
}

export const hasScreen = (identifier: string, action: ResourceAction) => screenFor(identifier, action) !== undefined

/** `<Route>`s for every resource action that has a screen, at the paths of the shared route table. */
export function resourceRoutes() {
  return SALON_RESOURCES.flatMap((resource) =>
    (Object.entries(routesOf(resource.segment)) as [ResourceAction, string][]).flatMap(([action, path]) => {
      const Screen = screenFor(resource.identifier, action)
      return Screen ? [<Route key={`${resource.identifier}-${action}`} path={path} element={<Screen />} />] : []
    }),
  )
}
