import type {
  BaseRecord,
  CreateParams,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  MetaQuery,
  UpdateParams,
} from '@refinedev/core'
import { createHttpClient, type FetchLike, type HttpMethod } from './http'
import { listQuery, stringifyQuery, toSort, toWhere, type QueryObject } from './payload-query'

/**
 * Refine ↔ Payload REST, written for Payload's conventions: `depth=0`, `limit/page/sort/where[...]`,
 * `{ docs, totalDocs }` lists, `{ doc }` write answers, PATCH for updates, and fetch with the
 * session cookie so errors come back as HttpError with field errors.
 *
 * `meta.depth` asks Payload to populate relationships (default 0: ids only).
 */

interface PayloadList<T> {
  docs: T[]
  totalDocs: number
}

interface PayloadDocAnswer<T> {
  doc: T
  message?: string
}

const depthOf = (meta: MetaQuery | undefined) => (typeof meta?.depth === 'number' ? meta.depth : 0)
const headersOf = (meta: MetaQuery | undefined) => meta?.headers as Record<string, string> | undefined
const withQuery = (url: string, query: QueryObject) => {
  const qs = stringifyQuery(query)
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url
}
const idPath = (id: string | number) => encodeURIComponent(String(id))

export function createPayloadDataProvider(apiUrl = '/api', fetchImpl?: FetchLike) {
  const request = createHttpClient(fetchImpl)

  // No `@refinedev/simple-rest` base: it overrode nothing we use and brought axios (~19 KiB gzip)
  // into the dashboard's first load (issue 28). Without createMany/updateMany/deleteMany Refine
  // calls the single-record methods once per record.
  const provider = {
    getList: async <TData extends BaseRecord = BaseRecord>({
      resource,
      pagination,
      filters,
      sorters,
      meta,
    }: GetListParams) => {
      const query = listQuery({ pagination, filters, sorters, depth: depthOf(meta) })
      const body = await request<PayloadList<TData>>('GET', withQuery(`${apiUrl}/${resource}`, query), {
        headers: headersOf(meta),
      })
      return { data: body.docs, total: body.totalDocs }
    },

    getMany: async <TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: GetManyParams) => {
      if (ids.length === 0) return { data: [] }
      const query: QueryObject = { depth: depthOf(meta), pagination: false, where: { id: { in: ids } } }
      const body = await request<PayloadList<TData>>('GET', withQuery(`${apiUrl}/${resource}`, query), {
        headers: headersOf(meta),
      })
      return { data: body.docs }
    },

    getOne: async <TData extends BaseRecord = BaseRecord>({ resource, id, meta }: GetOneParams) => {
      const data = await request<TData>(
        'GET',
        withQuery(`${apiUrl}/${resource}/${idPath(id)}`, { depth: depthOf(meta) }),
        {
          headers: headersOf(meta),
        },
      )
      return { data }
    },

    create: async <TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      variables,
      meta,
    }: CreateParams<TVariables>) => {
      const body = await request<PayloadDocAnswer<TData>>(
        'POST',
        withQuery(`${apiUrl}/${resource}`, { depth: depthOf(meta) }),
        {
          body: variables,
          headers: headersOf(meta),
        },
      )
      return { data: body.doc }
    },

    update: async <TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      id,
      variables,
      meta,
    }: UpdateParams<TVariables>) => {
      const url = withQuery(`${apiUrl}/${resource}/${idPath(id)}`, { depth: depthOf(meta) })
      const body = await request<PayloadDocAnswer<TData>>('PATCH', url, { body: variables, headers: headersOf(meta) })
      return { data: body.doc }
    },

    deleteOne: async <TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      id,
      meta,
    }: DeleteOneParams<TVariables>) => {
      const url = withQuery(`${apiUrl}/${resource}/${idPath(id)}`, { depth: depthOf(meta) })
      const body = await request<PayloadDocAnswer<TData>>('DELETE', url, { headers: headersOf(meta) })
      return { data: body.doc }
    },

    /** Custom endpoints (counts, aggregates, status changes): same cookie, query style and errors. */
    custom: async <TData extends BaseRecord = BaseRecord, TQuery = unknown, TPayload = unknown>({
      url,
      method,
      filters,
      sorters,
      payload,
      query,
      headers,
    }: CustomParams<TQuery, TPayload>) => {
      const q: QueryObject = { ...(query as QueryObject | undefined) }
      const where = toWhere(filters)
      const sort = toSort(sorters)
      if (where) q.where = where
      if (sort) q.sort = sort
      const verb = method.toUpperCase() as HttpMethod
      const data = await request<TData>(verb, withQuery(url, q), {
        body: verb === 'GET' || verb === 'HEAD' ? undefined : payload,
        headers: headers as Record<string, string> | undefined,
      })
      return { data }
    },

    getApiUrl: () => apiUrl,
  } satisfies DataProvider

  return provider as DataProvider & { getMany: NonNullable<DataProvider['getMany']> }
}

export type PayloadRecord = BaseRecord & { id: number | string; createdAt?: string; updatedAt?: string }

export const dataProvider = createPayloadDataProvider('/api')
