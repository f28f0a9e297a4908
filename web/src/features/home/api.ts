import { api, type PaginatedDocs } from '../../lib/api'

export type Id = number | string

export interface Category {
  id: Id
  name: string
}

export interface Service {
  id: Id
  title: string
  /** Minutes. */
  time: number
  /** Euro. */
  price: number
  description?: string | null
  /** An id at depth 0; tolerate a populated object too. */
  category?: Id | { id: Id } | null
}

export interface ServiceGroup {
  /** `null` for services without a (known) category. */
  category: Category | null
  services: Service[]
}

export async function fetchServiceMenu(signal: AbortSignal): Promise<ServiceGroup[]> {
  const [categories, services] = await Promise.all([
    api.get<PaginatedDocs<Category>>('/api/category', { query: { depth: 0, limit: 100, sort: 'name' }, signal }),
    api.get<PaginatedDocs<Service>>('/api/services', {
      query: { depth: 0, limit: 200, 'where[active][equals]': true, sort: 'title' },
      signal,
    }),
  ])
  return groupServices(categories.docs ?? [], services.docs ?? [])
}

const categoryId = (s: Service): Id | null =>
  s.category === null || s.category === undefined ? null : typeof s.category === 'object' ? s.category.id : s.category

/** Categories in the given order, each with its services; empty categories are left out, orphans go last. */
export function groupServices(categories: Category[], services: Service[]): ServiceGroup[] {
  const byCategory = new Map<string, Service[]>()
  const orphans: Service[] = []
  const known = new Set(categories.map((c) => String(c.id)))
  for (const service of services) {
    const id = categoryId(service)
    if (id === null || !known.has(String(id))) {
      orphans.push(service)
      continue
    }
    const list = byCategory.get(String(id)) ?? []
    list.push(service)
    byCategory.set(String(id), list)
  }
  const groups: ServiceGroup[] = categories
    .filter((c) => byCategory.has(String(c.id)))
    .map((c) => ({ category: c, services: byCategory.get(String(c.id))! }))
  if (orphans.length) groups.push({ category: null, services: orphans })
  return groups
}
