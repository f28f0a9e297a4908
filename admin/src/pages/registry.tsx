import { lazy, type ComponentType } from 'react'
import { Route } from 'react-router'
import { loadScreenWords } from '../i18n/translate'
import { routesOf, SALON_RESOURCES, type ResourceAction } from '../resources'

/**
 * Which screen each resource action renders. Every screen is its own chunk (React.lazy), so the
 * first load carries only the shell. A resource without its own list uses the generic one; create
 * and edit screens are added here by the issues that build them — until then those paths are not
 * routed and show the 404 screen, and no menu item or button points to them.
 */

type Screen = ComponentType

/**
 * A screen's chunk together with the other screens' English words (`i18n/en-screens.ts`, fetched
 * once, in parallel with the first screen): only the shell's and the home's are in the first load.
 */
const withWords =
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), loadScreenWords()]).then(([m]) => m)
const screen = (load: () => Promise<{ default: Screen }>) => lazy(withWords(load))

const GenericList = screen(() => import('./generic/list'))

/**
 * The agenda's screen, with the calendar library's chunk fetched at the same time (not after the
 * screen has rendered: no waterfall). `import()` keeps each module once, so calling it early (see
 * preloadScreenOf) only warms what `lazy` asks for later.
 */
let agendaModule: { default: ComponentType } | null = null
const loadAgenda = () => {
  void import('./agenda/calendar-lib')
  return withWords(() => import('./agenda/page'))().then((m) => (agendaModule = m))
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
  waitlist: { list: screen(() => import('./waitlist/page')) },
  rota: { list: screen(() => import('./rota/page')) },
  'rota-conflicts': { list: screen(() => import('./rota/conflicts')) },
  takings: { list: screen(() => import('./takings/page')) },
  clients: { list: screen(() => import('./clients/list')), edit: screen(() => import('./clients/card')) },
  service: {
    list: screen(() => import('./service/list')),
    create: screen(() => import('./service/form')),
    edit: screen(() => import('./service/form')),
  },
  booking: {
    list: screen(() => import('./booking/list')),
    create: screen(() => import('./booking/create')),
    edit: screen(() => import('./booking/show')),
  },
  category: { create: screen(() => import('./category/form')), edit: screen(() => import('./category/form')) },
  config: { list: screen(() => import('./config/list')) },
  time: { list: screen(() => import('./time/index')) },
  operator: { create: screen(() => import('./operator/form')), edit: screen(() => import('./operator/form')) },
  banner: { create: screen(() => import('./banner/form')), edit: screen(() => import('./banner/form')) },
  user: {
    list: screen(() => import('./user/list')),
    create: screen(() => import('./user/form')),
    edit: screen(() => import('./user/form')),
  },
  'business-closure': {
    list: screen(() => import('./closure/list')),
    create: screen(() => import('./closure/form')),
    edit: screen(() => import('./closure/form')),
  },
  file: { list: screen(() => import('./file/index')) },
  carousel: { list: screen(() => import('./carousel/index')) },
  holiday: { create: screen(() => import('./holiday/form')), edit: screen(() => import('./holiday/form')) },
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
