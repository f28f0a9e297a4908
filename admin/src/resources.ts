import { createElement, type ReactNode } from 'react'
import type { CrudFilter, CrudSort, ResourceProps } from '@refinedev/core'
import { DASHBOARD_ROUTES, ROUTE_NAMES, type RouteDef } from '@salon/shared/routes'
import { CLOSURE_TYPE_LABELS_IT, ROLE_LABELS_IT, UPLOAD_LABEL_LABELS_IT } from '@salon/shared/glossary'
import {
  IconBeach,
  IconCalendarEvent,
  IconCalendarOff,
  IconCarouselHorizontal,
  IconCategory,
  IconClock,
  IconFiles,
  IconLayoutDashboard,
  IconPhoto,
  IconScissors,
  IconSettings,
  IconUsers,
  IconUserStar,
  type Icon,
} from '@tabler/icons-react'

/**
 * The dashboard's resources: which Payload collection each one reads, its Italian label, and its
 * routes. Routes come from `DASHBOARD_ROUTES` of @salon/shared (the table the server uses to answer
 * 404), so the SPA and the server cannot disagree about which dashboard paths exist.
 */

export type ResourceAction = 'list' | 'create' | 'edit'

/** How a column's value is shown in the generic list (see lib/format.ts). */
export type ColumnKind =
  'text' | 'number' | 'minutes' | 'money' | 'boolean' | 'datetime' | 'date' | 'image' | 'relation'

export interface ColumnDef {
  field: string
  label: string
  kind?: ColumnKind
  /** Server-side sorting on this field (default true; off for relations and images). */
  sortable?: boolean
  /** For enum values: the words people read (GLOSSARY.md), never the raw value. */
  labels?: Record<string, string>
}

export interface SalonResource {
  /** Refine identifier and the path segment(s) under /dashboard. */
  identifier: string
  /** Payload collection slug = REST path under /api. */
  collection: string
  /** Path under /dashboard as written in DASHBOARD_ROUTES (`service`, `config/holiday`). */
  segment: string
  label: string
  icon: Icon
  /** Columns of the generic list; inferred from the first record when absent. */
  columns?: ColumnDef[]
  /** Filters always applied to this resource's lists (e.g. the carousel's uploads). */
  permanentFilters?: CrudFilter[]
  initialSorters?: CrudSort[]
}

export const SALON_RESOURCES: readonly SalonResource[] = [
  {
    identifier: 'user',
    collection: 'users',
    segment: 'user',
    label: 'Utenti',
    icon: IconUsers,
    columns: [
      { field: 'email', label: 'E-mail' },
      { field: 'name', label: 'Nome' },
      { field: 'surname', label: 'Cognome' },
      { field: 'phone_number', label: 'Telefono' },
      { field: 'user_role', label: 'Ruolo', labels: ROLE_LABELS_IT },
    ],
  },
  {
    identifier: 'service',
    collection: 'services',
    segment: 'service',
    label: 'Servizi',
    icon: IconScissors,
    initialSorters: [{ field: 'title', order: 'asc' }],
  },
  {
    identifier: 'category',
    collection: 'category',
    segment: 'category',
    label: 'Categorie',
    icon: IconCategory,
    columns: [{ field: 'name', label: 'Nome' }],
    initialSorters: [{ field: 'name', order: 'asc' }],
  },
  {
    identifier: 'booking',
    collection: 'reservations',
    segment: 'booking',
    label: 'Prenotazioni',
    icon: IconCalendarEvent,
    columns: [
      { field: 'date_start', label: 'Inizio', kind: 'datetime' },
      { field: 'status', label: 'Stato' },
      { field: 'duration', label: 'Durata', kind: 'minutes' },
      { field: 'total_price', label: 'Totale', kind: 'money' },
      { field: 'user', label: 'Cliente', kind: 'relation' },
      { field: 'operator', label: 'Operatore', kind: 'relation' },
    ],
    initialSorters: [{ field: 'date_start', order: 'desc' }],
  },
  {
    identifier: 'operator',
    collection: 'operators',
    segment: 'operator',
    label: 'Operatori',
    icon: IconUserStar,
    columns: [
      { field: 'name', label: 'Nome' },
      { field: 'surname', label: 'Cognome' },
      { field: 'position', label: 'Ordine', kind: 'number' },
      { field: 'active', label: 'Attivo', kind: 'boolean' },
    ],
    initialSorters: [{ field: 'position', order: 'asc' }],
  },
  {
    identifier: 'banner',
    collection: 'banner',
    segment: 'banner',
    label: 'Banner',
    icon: IconPhoto,
    columns: [
      { field: 'title', label: 'Titolo' },
      { field: 'link', label: 'Link' },
      { field: 'position', label: 'Posizione', kind: 'number' },
      { field: 'show', label: 'Visibile', kind: 'boolean' },
    ],
    initialSorters: [{ field: 'position', order: 'asc' }],
  },
  {
    identifier: 'file',
    collection: 'upload',
    segment: 'file',
    label: 'File',
    icon: IconFiles,
    columns: [
      { field: 'imageUrl', label: 'Anteprima', kind: 'image' },
      { field: 'name', label: 'Nome' },
      { field: 'label', label: 'Etichetta', labels: UPLOAD_LABEL_LABELS_IT },
      { field: 'mimetype', label: 'Tipo' },
    ],
  },
  {
    identifier: 'carousel',
    collection: 'upload',
    segment: 'carousel',
    label: 'Carosello',
    icon: IconCarouselHorizontal,
    columns: [
      { field: 'imageUrl', label: 'Anteprima', kind: 'image' },
      { field: 'name', label: 'Nome' },
      { field: 'position', label: 'Posizione', kind: 'number' },
    ],
    permanentFilters: [{ field: 'label', operator: 'eq', value: 'HOME_CAROUSEL' }],
    initialSorters: [{ field: 'position', order: 'asc' }],
  },
  {
    identifier: 'time',
    collection: 'business_hours',
    segment: 'time',
    label: 'Orari',
    icon: IconClock,
    columns: [
      { field: 'day_of_week', label: 'Giorno' },
      { field: 'is_closed', label: 'Chiuso', kind: 'boolean' },
    ],
  },
  {
    identifier: 'config',
    collection: 'config',
    segment: 'config',
    label: 'Impostazioni',
    icon: IconSettings,
    columns: [
      { field: 'cancellationEnabled', label: 'Disdetta online', kind: 'boolean' },
      { field: 'cancellationTimeLimit', label: 'Preavviso disdetta (ore)', kind: 'number' },
      { field: 'timezone', label: 'Fuso orario' },
      { field: 'slotStepMinutes', label: 'Passo orari', kind: 'minutes' },
      { field: 'autoConfirm', label: 'Conferma automatica', kind: 'boolean' },
      { field: 'maxOpenBookings', label: 'Appuntamenti aperti per cliente (0 = nessun limite)', kind: 'number' },
    ],
  },
  {
    identifier: 'holiday',
    collection: 'holidays',
    segment: 'config/holiday',
    label: 'Festività',
    icon: IconBeach,
    columns: [
      { field: 'name', label: 'Nome' },
      { field: 'date', label: 'Data', kind: 'date' },
      { field: 'recurring_yearly', label: 'Ogni anno', kind: 'boolean' },
      { field: 'is_active', label: 'Attiva', kind: 'boolean' },
    ],
    initialSorters: [{ field: 'date', order: 'asc' }],
  },
  {
    identifier: 'business-closure',
    collection: 'business-closures',
    segment: 'config/business-closure',
    label: 'Chiusure',
    icon: IconCalendarOff,
    columns: [
      { field: 'name', label: 'Nome' },
      { field: 'closure_type', label: 'Tipo', labels: CLOSURE_TYPE_LABELS_IT },
      { field: 'start_date', label: 'Dal', kind: 'datetime' },
      { field: 'end_date', label: 'Al', kind: 'datetime' },
      { field: 'is_active', label: 'Attiva', kind: 'boolean' },
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
  meta: { label: 'Dashboard', icon: createElement(IconLayoutDashboard, { size: 20 }) },
}

/**
 * Refine resources with the routes that have a screen in this build. A route of the shared table
 * without a screen is left out, so no menu entry or button leads to a page that does not exist yet.
 */
export function toRefineResources(hasScreen: (identifier: string, action: ResourceAction) => boolean): ResourceProps[] {
  return [
    HOME_RESOURCE,
    ...SALON_RESOURCES.map((r): ResourceProps => {
      const routes = routesOf(r.segment)
      const available = Object.fromEntries(
        (Object.keys(routes) as ResourceAction[]).filter((a) => hasScreen(r.identifier, a)).map((a) => [a, routes[a]]),
      ) as Partial<Record<ResourceAction, string>>
      const meta: SalonResourceMeta = {
        label: r.label,
        collection: r.collection,
        columns: r.columns,
        permanentFilters: r.permanentFilters,
        initialSorters: r.initialSorters,
        icon: createElement(r.icon, { size: 20 }),
        // Deleting comes with each resource's own issue (confirmation, dependants).
        canDelete: false,
        ...(available.list ? {} : { hide: true }),
      }
      return { name: r.collection, identifier: r.identifier, ...available, meta }
    }),
  ]
}
