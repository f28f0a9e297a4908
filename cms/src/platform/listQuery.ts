import { LIST_LIMIT_MAX, LIST_PAGE_MAX } from '@salon/shared/constants'
import { fieldMessage } from '@salon/shared/messages'
import { codedBody } from './errorBody'

/** What the guard reads of a (sanitized) collection: its fields as Payload flattened them. */
export interface ListedCollection {
  flattenedFields: readonly { name?: string; type: string; hidden?: boolean }[]
}

/** Field types that have no column of their own to order by. */
const UNSORTABLE = new Set(['join', 'ui', 'array', 'blocks', 'group', 'tabs', 'richText', 'json'])

/**
 * The fields a REST list may be sorted by: the collection's own top-level fields that are not
 * hidden (`hash`, `salt`, tokens), plus `id`. A relationship sorts by the related id (`sort=user`);
 * a path into it (`user.hash`, `user__hash`) is refused — Payload checks a `where` on such a path
 * but (3.90) sorts by it unchecked when it cannot resolve it, which let anyone order users by a
 * hidden field. Field read access is still Payload's own check (`validateSortQuery`).
 */
export function sortableFields(collection: ListedCollection): Set<string> {
  const out = new Set(['id'])
  for (const f of collection.flattenedFields) if (f.name && !f.hidden && !UNSORTABLE.has(f.type)) out.add(f.name)
  return out
}

export interface ListQueryProblem {
  field: 'page' | 'limit' | 'sort'
  message: string
}

const wholeIn = (v: string, min: number, max: number) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max

/**
 * `page`, `limit` and `sort` of a list request, checked before Payload sees them (a negative page
 * was a 500: a negative OFFSET). Each at most once, in its plain form (no `sort[0]=`); `page` 1 to
 * LIST_PAGE_MAX, `limit` 0 to LIST_LIMIT_MAX, `sort` a comma-separated list of sortable fields,
 * each optionally preceded by `-`. Null when all is well.
 */
export function listQueryProblem(search: URLSearchParams, sortable: ReadonlySet<string>): ListQueryProblem | null {
  for (const key of new Set(search.keys())) {
    const bracket = /^(page|limit|sort)\[/.exec(key)
    if (bracket) return problem(bracket[1] as ListQueryProblem['field'])
  }
  for (const field of ['page', 'limit', 'sort'] as const) {
    const values = search.getAll(field)
    if (values.length === 0) continue
    if (values.length > 1) return problem(field)
    const v = values[0]!
    if (field === 'page' && !wholeIn(v, 1, LIST_PAGE_MAX)) return problem(field)
    if (field === 'limit' && !wholeIn(v, 0, LIST_LIMIT_MAX)) return problem(field)
    if (field === 'sort' && v !== '') {
      if (v.split(',').some((part) => !sortable.has(part.trim().replace(/^-/, '')))) return problem(field)
    }
  }
  return null
}

function problem(field: ListQueryProblem['field']): ListQueryProblem {
  if (field === 'page') return { field, message: fieldMessage('PAGE_INVALID') }
  if (field === 'limit') return { field, message: fieldMessage('BETWEEN', { from: 0, to: LIST_LIMIT_MAX }) }
  return { field, message: fieldMessage('SORT_INVALID') }
}

/** The 400 of a refused list query: code INVALID_QUERY, the parameter as `field`. */
export function listQueryRefusal(p: ListQueryProblem): Response {
  const body = {
    errors: [
      {
        name: 'QueryError',
        message: p.message,
        data: { code: 'INVALID_QUERY', field: p.field, errors: [{ path: p.field, message: p.message }] },
      },
    ],
  }
  return Response.json(codedBody(body, 400), { status: 400 })
}
