import { createElement, type ReactNode } from 'react'
import type { CrudFilter, CrudSort, ResourceProps } from '@refinedev/core'
import { DASHBOARD_ROUTES, ROUTE_NAMES, type RouteDef } from '@salon/shared/routes'
import {
  IconAddressBook,
  IconBeach,
  IconCalendarEvent,
  IconCalendarOff,
  IconCalendarTime,
  IconCalendarUser,
  IconCarouselHorizontal,
  IconCashRegister,
  IconCategory,
  IconClock,
  IconFiles,
  IconHourglass,
  IconLayoutDashboard,
  IconPhoto,
  IconScissors,
  IconSettings,
  IconUsers,
  IconUserStar,
  type Icon,
} from '@tabler/icons-react'
import type { MessageKey } from './i18n/en'
import { getLocale, type Locale } from './i18n/locale'
import { tr } from './i18n/translate'

/**
 * The dashboard's resources: which Payload collection each one reads, its label (a dictionary key:
 * `i18n/en.ts`, `i18n/it.ts`), and its
 * routes. Routes come from `DASHBOARD_ROUTES` of @salon/shared (the table the server uses to answer
 * 404), so the SPA and the server cannot disagree about which dashboard paths exist.
 */

export type ResourceAction = 'list' | 'create' | 'edit'

/** How a column's value is shown in the generic list (see lib/format.ts). */
export type ColumnKind =
  'text' | 'number' | 'minutes' | 'money' | 'boolean' | 'datetime' | 'date' | 'image' | 'relation'

export interface ColumnDef {
  field: string
  /** A dictionary key (translated when shown); inferred columns carry their humanised field name. */
  label: MessageKey | string
  kind?: ColumnKind
  /** Server-side sorting on this field (default true; off for relations and images). */
  sortable?: boolean
  /** For enum values: which glossary map names them (GLOSSARY.md, in the reader's language), never the raw value. */
  glossary?: 'role' | 'closureType' | 'uploadLabel'
}

export interface SalonResource {
  /** Refine identifier and the path segment(s) under /dashboard. */
  identifier: string
  /** Payload collection slug = REST path under /api. */
  collection: string
  /** Path under /dashboard as written in DASHBOARD_ROUTES (`service`, `config/holiday`). */
  segment: string
  /** Dictionary key of the menu label and page title. */
  label: MessageKey
  icon: Icon
  /** Columns of the generic list; inferred from the first record when absent. */
  columns?: ColumnDef[]
  /** Filters always applied to this resource's lists (e.g. the carousel's uploads). */
  permanentFilters?: CrudFilter[]
  initialSorters?: CrudSort[]
  /** `false`: a screen reached from another one (a link), not a menu entry of its own. */
  menu?: false
}

export const SALON_RESOURCES: readonly SalonResource[] = [
  {
    // The appointment book: a screen of its own over the bookings (pages/agenda), first in the
    // menu after the index — what the desk opens every morning. Opens on the salon's today.
    identifier: 'agenda',
    collection: 'reservations',
    segment: 'agenda',
    label: 'resources.agenda',
    icon: IconCalendarTime,
  },
  {
    // Each day's waitlist (issue 27): next to the agenda — the people waiting for a time of that day.
    identifier: 'waitlist',
    collection: 'waitlist',
    segment: 'waitlist',
    label: 'resources.waitlist',
    icon: IconHourglass,
  },
  {
    // The team's week (issue 23): who works when, one-day changes, leave. Next to the agenda:
    // the agenda is the day's bookings, the rota the people who take them.
    identifier: 'rota',
    collection: 'operators',
    segment: 'rota',
    label: 'resources.rota',
    icon: IconCalendarUser,
  },
  {
    // The bookings a rota change left without their operator: reached from the rota's notice.
    identifier: 'rota-conflicts',
    collection: 'reservations',
    segment: 'rota/conflicts',
    label: 'resources.rotaConflicts',
    icon: IconCalendarUser,
    menu: false,
  },
  {
    // The salon's client cards (issue 24): people with or without a login account — the desk's
    // address book, with each person's visits, notes and technical record (pages/clients).
    identifier: 'clients',
    collection: 'clients',
    segment: 'clients',
    label: 'clients.menu',
    icon: IconAddressBook,
  },
  {
    // What was taken (issue 24): the day's checkouts by operator and method, exported for the accountant.
    identifier: 'takings',
    collection: 'reservations',
    segment: 'takings',
    label: 'resources.takings',
    icon: IconCashRegister,
  },
  {
    identifier: 'user',
    collection: 'users',
    segment: 'user',
    label: 'resources.user',
    icon: IconUsers,
    columns: [
      { field: 'email', label: 'columns.email' },
      { field: 'name', label: 'columns.name' },
      { field: 'surname', label: 'columns.surname' },
      { field: 'phone_number', label: 'columns.phone' },
      { field: 'user_role', label: 'columns.role', glossary: 'role' },
    ],
  },
  {
    identifier: 'service',
    collection: 'services',
    segment: 'service',
    label: 'resources.service',
    icon: IconScissors,
    initialSorters: [{ field: 'title', order: 'asc' }],
  },
  {
    identifier: 'category',
    collection: 'category',
    segment: 'category',
    label: 'resources.category',
    icon: IconCategory,
    columns: [{ field: 'name', label: 'columns.name' }],
    initialSorters: [{ field: 'name', order: 'asc' }],
  },
  {
    identifier: 'booking',
    collection: 'reservations',
    segment: 'booking',
    label: 'resources.booking',
    icon: IconCalendarEvent,
    columns: [
      { field: 'date_start', label: 'columns.start', kind: 'datetime' },
      { field: 'status', label: 'columns.status' },
      { field: 'duration', label: 'columns.duration', kind: 'minutes' },
      { field: 'total_price', label: 'columns.total', kind: 'money' },
      { field: 'user', label: 'columns.customer', kind: 'relation' },
      { field: 'operator', label: 'columns.operator', kind: 'relation' },
    ],
    initialSorters: [{ field: 'date_start', order: 'desc' }],
  },
  {
    identifier: 'operator',
    collection: 'operators',
    segment: 'operator',
    label: 'resources.operator',
    icon: IconUserStar,
    columns: [
      { field: 'name', label: 'columns.name' },
      { field: 'surname', label: 'columns.surname' },
      { field: 'position', label: 'columns.order', kind: 'number' },
      { field: 'active', label: 'columns.active', kind: 'boolean' },
    ],
    initialSorters: [{ field: 'position', order: 'asc' }],
  },
  {
    identifier: 'banner',
    collection: 'banner',
    segment: 'banner',
    label: 'resources.banner',
    icon: IconPhoto,
    columns: [
      { field: 'title', label: 'columns.title' },
      { field: 'link', label: 'columns.link' },
      { field: 'position', label: 'columns.position', kind: 'number' },
      { field: 'show', label: 'columns.visible', kind: 'boolean' },
    ],
    initialSorters: [{ field: 'position', order: 'asc' }],
  },
  {
    identifier: 'file',
    collection: 'upload',
    segment: 'file',
    label: 'resources.file',
    icon: IconFiles,
    columns: [
      { field: 'imageUrl', label: 'columns.preview', kind: 'image' },
      { field: 'name', label: 'columns.name' },
      { field: 'label', label: 'columns.label', glossary: 'uploadLabel' },
      { field: 'mimetype', label: 'columns.type' },
    ],
  },
  {
    identifier: 'carousel',
    collection: 'upload',
    segment: 'carousel',
    label: 'resources.carousel',
    icon: IconCarouselHorizontal,
    columns: [
      { field: 'imageUrl', label: 'columns.preview', kind: 'image' },
      { field: 'name', label: 'columns.name' },
      { field: 'position', label: 'columns.position', kind: 'number' },
    ],
    permanentFilters: [{ field: 'label', operator: 'eq', value: 'HOME_CAROUSEL' }],
    initialSorters: [{ field: 'position', order: 'asc' }],
  },
  {
    identifier: 'time',
    collection: 'business_hours',
    segment: 'time',
    label: 'resources.time',
    icon: IconClock,
    columns: [
      { field: 'day_of_week', label: 'columns.day' },
      { field: 'is_closed', label: 'columns.closed', kind: 'boolean' },
    ],
  },
  {
    identifier: 'config',
    collection: 'config',
    segment: 'config',
    label: 'resources.config',
    icon: IconSettings,
    columns: [
      { field: 'cancellationEnabled', label: 'columns.cancellationEnabled', kind: 'boolean' },
      { field: 'cancellationTimeLimit', label: 'columns.cancellationTimeLimit', kind: 'number' },
      { field: 'timezone', label: 'columns.timezone' },
      { field: 'slotStepMinutes', label: 'columns.slotStep', kind: 'minutes' },
      { field: 'autoConfirm', label: 'columns.autoConfirm', kind: 'boolean' },
      { field: 'maxOpenBookings', label: 'columns.maxOpenBookings', kind: 'number' },
    ],
  },
  {
    identifier: 'holiday',
    collection: 'holidays',
    segment: 'config/holiday',
    label: 'resources.holiday',
    icon: IconBeach,
    columns: [
      { field: 'name', label: 'columns.name' },
      { field: 'date', label: 'columns.date', kind: 'date' },
      { field: 'recurring_yearly', label: 'columns.yearly', kind: 'boolean' },
      { field: 'is_active', label: 'columns.activeF', kind: 'boolean' },
    ],
    initialSorters: [{ field: 'date', order: 'asc' }],
  },
  {
    identifier: 'business-closure',
    collection: 'business-closures',
    segment: 'config/business-closure',
    label: 'resources.business-closure',
    icon: IconCalendarOff,
    columns: [
      { field: 'name', label: 'columns.name' },
      { field: 'closure_type', label: 'columns.type', glossary: 'closureType' },
      { field: 'start_date', label: 'columns.from', kind: 'datetime' },
      { field: 'end_date', label: 'columns.to', kind: 'datetime' },
      { field: 'is_active', label: 'columns.activeF', kind: 'boolean' },
    ],
    initialSorters: [{ field: 'start_date', order: 'desc' }],
  },
]

/** The router's basename: every route below is relative to it. */
export const DASHBOARD_BASE: string = ROUTE_NAMES.dashboard

/** `/dashboard/service/:id` → `/service/:id` (the router runs with basename /dashboard). */
export function relativeToDashboard(path: string): string {
  if (path === DASHBOARD_BASE) return '/'
  if (!path.startsWith(`${DASHBOARD_BASE}/`)) throw new Error(`Not a dashboard path: ${path}`)
  return path.slice(DASHBOARD_BASE.length)
}

/** The routes of one resource that exist in the shared table (e.g. operators have no create). */
export function routesOf(
  segment: string,
  table: readonly RouteDef[] = DASHBOARD_ROUTES,
): Partial<Record<ResourceAction, string>> {
  const base = `${DASHBOARD_BASE}/${segment}`
  const wanted: Record<ResourceAction, string> = { list: base, create: `${base}/create`, edit: `${base}/:id` }
  const routes: Partial<Record<ResourceAction, string>> = {}
  for (const action of Object.keys(wanted) as ResourceAction[]) {
    if (table.some((r) => r.path === wanted[action])) routes[action] = relativeToDashboard(wanted[action])
  }
  return routes
}

export const findResource = (identifier: string | undefined) => SALON_RESOURCES.find((r) => r.identifier === identifier)

/** Meta carried by each Refine resource (read by the list pages). */
export interface SalonResourceMeta {
  /** The label already translated (App rebuilds the resources when the language changes). */
  label: string
  collection: string
  columns?: ColumnDef[]
  permanentFilters?: CrudFilter[]
  initialSorters?: CrudSort[]
  hide?: boolean
  canDelete?: boolean
  icon?: ReactNode
}

/** Pseudo-resource for the dashboard's index, so the sider and the page title know it. */
const HOME_RESOURCE: ResourceProps = {
  name: 'dashboard',
  list: '/',
  meta: { label: 'resources.dashboard', icon: createElement(IconLayoutDashboard, { size: 20 }) },
}

/**
 * Refine resources with the routes that have a screen in this build. A route of the shared table
 * without a screen is left out, so no menu entry or button leads to a page that does not exist yet.
 */
export function toRefineResources(
  hasScreen: (identifier: string, action: ResourceAction) => boolean,
  locale: Locale = getLocale(),
): ResourceProps[] {
  return [
    { ...HOME_RESOURCE, meta: { ...HOME_RESOURCE.meta, label: tr('resources.dashboard', undefined, locale) } },
    ...SALON_RESOURCES.map((r): ResourceProps => {
      const routes = routesOf(r.segment)
      const available = Object.fromEntries(
        (Object.keys(routes) as ResourceAction[]).filter((a) => hasScreen(r.identifier, a)).map((a) => [a, routes[a]]),
      ) as Partial<Record<ResourceAction, string>>
      const meta: SalonResourceMeta = {
        // Refine's menu and page titles read the label as text: in the language of the moment.
        label: tr(r.label, undefined, locale),
        collection: r.collection,
        columns: r.columns,
        permanentFilters: r.permanentFilters,
        initialSorters: r.initialSorters,
        icon: createElement(r.icon, { size: 20 }),
        // Deleting comes with each resource's own issue (confirmation, dependants).
        canDelete: false,
        ...(available.list && r.menu !== false ? {} : { hide: true }),
      }
      return { name: r.collection, identifier: r.identifier, ...available, meta }
    }),
  ]
}
