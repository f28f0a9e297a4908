import { describe, expect, it } from 'vitest'
import { createPayloadDataProvider } from './data'

interface Call {
  url: string
  init: RequestInit
}

function stubApi(status: number, body: unknown) {
  const calls: Call[] = []
  const fetchImpl = async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init })
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { calls, provider: createPayloadDataProvider('/api', fetchImpl) }
}

describe('Payload data provider', () => {
  it('getList sends depth/limit/page/sort/where and maps docs/totalDocs', async () => {
    const { calls, provider } = stubApi(200, { docs: [{ id: 1, title: 'Taglio' }], totalDocs: 31, page: 2 })
    const result = await provider.getList({
      resource: 'services',
      pagination: { currentPage: 2, pageSize: 10 },
      sorters: [{ field: 'title', order: 'asc' }],
      filters: [{ field: 'title', operator: 'contains', value: 'tag' }],
    })
    expect(result).toEqual({ data: [{ id: 1, title: 'Taglio' }], total: 31 })
    expect(calls[0]!.url).toBe('/api/services?depth=0&limit=10&page=2&sort=title&where[title][like]=tag')
    expect(calls[0]!.init.method).toBe('GET')
    expect(calls[0]!.init.credentials).toBe('include')
  })

  it('getOne reads one document at depth 0 (or meta.depth)', async () => {
    const { calls, provider } = stubApi(200, { id: 7, title: 'Piega' })
    expect(await provider.getOne({ resource: 'services', id: 7 })).toEqual({ data: { id: 7, title: 'Piega' } })
    await provider.getOne({ resource: 'reservations', id: 3, meta: { depth: 1 } })
    expect(calls.map((c) => c.url)).toEqual(['/api/services/7?depth=0', '/api/reservations/3?depth=1'])
  })

  it('getMany asks for the ids with where[id][in]', async () => {
    const { calls, provider } = stubApi(200, { docs: [{ id: 1 }, { id: 2 }], totalDocs: 2 })
    expect(await provider.getMany({ resource: 'operators', ids: [1, 2] })).toEqual({ data: [{ id: 1 }, { id: 2 }] })
    expect(calls[0]!.url).toBe('/api/operators?depth=0&pagination=false&where[id][in][0]=1&where[id][in][1]=2')
  })

  it('create POSTs JSON and unwraps .doc', async () => {
    const { calls, provider } = stubApi(201, { message: 'Created', doc: { id: 9, name: 'Colore' } })
    const result = await provider.create({ resource: 'category', variables: { name: 'Colore' } })
    expect(result).toEqual({ data: { id: 9, name: 'Colore' } })
    expect(calls[0]!.init.method).toBe('POST')
    expect(calls[0]!.init.body).toBe('{"name":"Colore"}')
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
  })

  it('update PATCHes /api/{c}/{id} and unwraps .doc', async () => {
    const { calls, provider } = stubApi(200, { message: 'Updated', doc: { id: 9, name: 'Colori' } })
    expect(await provider.update({ resource: 'category', id: 9, variables: { name: 'Colori' } })).toEqual({
      data: { id: 9, name: 'Colori' },
    })
    expect(calls[0]!.url).toBe('/api/category/9?depth=0')
    expect(calls[0]!.init.method).toBe('PATCH')
  })

  it('deleteOne DELETEs and unwraps .doc', async () => {
    const { calls, provider } = stubApi(200, { message: 'Deleted', doc: { id: 4 } })
    expect(await provider.deleteOne({ resource: 'banner', id: 4 })).toEqual({ data: { id: 4 } })
    expect(calls[0]!.init.method).toBe('DELETE')
    expect(calls[0]!.url).toBe('/api/banner/4?depth=0')
  })

  it('throws HttpError with field errors on a validation failure', async () => {
    const { provider } = stubApi(400, {
      errors: [
        {
          name: 'ValidationError',
          message: 'Dati non validi: title',
          data: { errors: [{ path: 'title', message: 'Obbligatorio' }] },
        },
      ],
    })
    await expect(provider.create({ resource: 'services', variables: {} })).rejects.toEqual({
      name: 'ValidationError',
      message: 'Invalid data: title',
      statusCode: 400,
      errors: { title: 'Obbligatorio' },
    })
  })

  it('throws a status-0 HttpError when the server cannot be reached', async () => {
    const provider = createPayloadDataProvider('/api', async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(provider.getOne({ resource: 'services', id: 1 })).rejects.toMatchObject({ statusCode: 0 })
  })

  it('custom calls keep the cookie and Payload query style, and never send a body with GET', async () => {
    const { calls, provider } = stubApi(200, { count: 5 })
    const result = await provider.custom!({
      url: '/api/reservations/count',
      method: 'get',
      query: { from: '2026-05-01' },
      filters: [{ field: 'status', operator: 'eq', value: 'CONFIRMED' }],
      payload: { ignored: true },
    })
    expect(result).toEqual({ data: { count: 5 } })
    expect(calls[0]!.url).toBe('/api/reservations/count?from=2026-05-01&where[status][equals]=CONFIRMED')
    expect(calls[0]!.init.body).toBeUndefined()
    expect(calls[0]!.init.credentials).toBe('include')
  })

  it('answers the API base it was made for (getApiUrl)', () => {
    expect(createPayloadDataProvider('/api').getApiUrl()).toBe('/api')
    expect(createPayloadDataProvider('/other').getApiUrl()).toBe('/other')
  })
})
