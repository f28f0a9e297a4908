import type { ConditionalFilter, CrudFilter, CrudSort, LogicalFilter, Pagination } from '@refinedev/core'

/**
 * Refine's list parameters → Payload's REST query (`depth`, `limit`, `page`, `sort`, `where[...]`).
 * Pure: no fetch, no window, so the URL shapes are unit-tested.
 */

export type QueryPrimitive = string | number | boolean | Date
export type QueryValue = QueryPrimitive | null | undefined | QueryValue[] | { [key: string]: QueryValue }
export type QueryObject = { [key: string]: QueryValue }

/** Payload's `where`: `{ field: { operator: value } }`, combined with `and` / `or` lists. */
export type Where = { [key: string]: QueryValue }

const encode = (s: string) => encodeURIComponent(s)

function primitive(value: QueryPrimitive): string {
  if (value instanceof Date) return value.toISOString()
  return String(value)
}

/**
 * Bracket query string as Payload (qs) reads it: `where[title][like]=x`,
 * arrays with indices (`where[id][in][0]=1`). `undefined` and `null` are left out.
 * Brackets stay readable; keys and values are percent-encoded.
 */
export function stringifyQuery(query: QueryObject): string {
  const parts: string[] = []
  const walk = (key: string, value: QueryValue) => {
    if (value === undefined || value === null) return
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(`${key}[${i}]`, item))
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [k, v] of Object.entries(value)) walk(`${key}[${encode(k)}]`, v)
    } else {
      parts.push(`${key}=${encode(primitive(value))}`)
    }
  }
  for (const [k, v] of Object.entries(query)) walk(encode(k), v)
  return parts.join('&')
}

/** Refine operator → Payload operator, for the operators that map one to one. */
export const OPERATORS = {
  eq: 'equals',
  ne: 'not_equals',
  lt: 'less_than',
  lte: 'less_than_equal',
  gt: 'greater_than',
  gte: 'greater_than_equal',
  contains: 'like',
  ncontains: 'not_like',
  in: 'in',
  nin: 'not_in',
} as const satisfies Partial<Record<LogicalFilter['operator'], string>>

export class UnsupportedFilterError extends Error {
  constructor(operator: string) {
    super(`Filter operator "${operator}" is not supported by the Payload data provider`)
    this.name = 'UnsupportedFilterError'
  }
}

const isBlank = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

function logicalClause({ field, operator, value }: LogicalFilter): Where | null {
  switch (operator) {
    case 'null':
      return { [field]: { exists: false } }
    case 'nnull':
      return { [field]: { exists: true } }
    case 'between': {
      const [from, to] = Array.isArray(value) ? value : []
      const range: Where = {}
      if (!isBlank(from) && from !== null) range.greater_than_equal = from
      if (!isBlank(to) && to !== null) range.less_than_equal = to
      return Object.keys(range).length ? { [field]: range } : null
    }
  }
  // A cleared filter input arrives as undefined/''/[]: it means "no filter", not "equals nothing".
  if (isBlank(value)) return null
  if (value === null && (operator === 'eq' || operator === 'ne')) {
    return { [field]: { exists: operator === 'ne' } }
  }
  const op = OPERATORS[operator as keyof typeof OPERATORS]
  if (!op) throw new UnsupportedFilterError(operator)
  return { [field]: { [op]: value } }
}

const isConditional = (filter: CrudFilter): filter is ConditionalFilter =>
  filter.operator === 'or' || filter.operator === 'and'

function clause(filter: CrudFilter): Where | null {
  if (isConditional(filter)) {
    const inner = filter.value.map(clause).filter((w): w is Where => w !== null)
    if (inner.length === 0) return null
    return inner.length === 1 ? inner[0]! : { [filter.operator]: inner }
  }
  return logicalClause(filter)
}

/** Refine filters → Payload `where`; several filters are ANDed, `undefined` when there is nothing to filter. */
export function toWhere(filters: CrudFilter[] | undefined): Where | undefined {
  const clauses = (filters ?? []).map(clause).filter((w): w is Where => w !== null)
  if (clauses.length === 0) return undefined
  return clauses.length === 1 ? clauses[0] : { and: clauses }
}

/** Refine sorters → Payload `sort` (`-field` for descending, comma-separated when several). */
export function toSort(sorters: CrudSort[] | undefined): string | undefined {
  const fields = (sorters ?? []).filter((s) => s.field).map((s) => (s.order === 'desc' ? `-${s.field}` : s.field))
  return fields.length ? fields.join(',') : undefined
}

export interface ListQueryInput {
  pagination?: Pagination
  filters?: CrudFilter[]
  sorters?: CrudSort[]
  /** Payload relationship depth; 0 (ids only) unless a screen asks for more. */
  depth?: number
}

export function listQuery({ pagination, filters, sorters, depth = 0 }: ListQueryInput): QueryObject {
  const { currentPage = 1, pageSize = 10, mode = 'server' } = pagination ?? {}
  const query: QueryObject = { depth }
  if (mode === 'server') {
    query.limit = pageSize
    query.page = currentPage
  } else {
    // "client" and "off": Refine wants every record.
    query.pagination = false
  }
  query.sort = toSort(sorters)
  query.where = toWhere(filters)
  return query
}
