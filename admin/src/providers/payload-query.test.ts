import { describe, expect, it } from 'vitest'
import { listQuery, stringifyQuery, toSort, toWhere, UnsupportedFilterError } from './payload-query'

describe('stringifyQuery', () => {
  it('writes nested objects with brackets, as Payload reads them', () => {
    expect(stringifyQuery({ depth: 0, where: { title: { like: 'taglio' } } })).toBe('depth=0&where[title][like]=taglio')
  })

  it('indexes arrays and percent-encodes keys and values', () => {
    expect(stringifyQuery({ where: { id: { in: [1, 2] } } })).toBe('where[id][in][0]=1&where[id][in][1]=2')
    expect(stringifyQuery({ where: { 'a b': { equals: 'x&y=z é' } } })).toBe('where[a%20b][equals]=x%26y%3Dz%20%C3%A9')
  })

  it('leaves out undefined and null, keeps false and 0', () => {
    expect(stringifyQuery({ a: undefined, b: null, c: false, d: 0, e: '' })).toBe('c=false&d=0&e=')
  })

  it('writes dates as ISO strings', () => {
    expect(stringifyQuery({ where: { date_start: { greater_than: new Date('2026-05-01T07:00:00Z') } } })).toBe(
      'where[date_start][greater_than]=2026-05-01T07%3A00%3A00.000Z',
    )
  })
})

describe('toWhere', () => {
  it.each([
    ['eq', 'equals'],
    ['ne', 'not_equals'],
    ['lt', 'less_than'],
    ['lte', 'less_than_equal'],
    ['gt', 'greater_than'],
    ['gte', 'greater_than_equal'],
    ['contains', 'like'],
    ['in', 'in'],
  ] as const)('maps Refine %s to Payload %s', (operator, payload) => {
    expect(toWhere([{ field: 'f', operator, value: 5 }])).toEqual({ f: { [payload]: 5 } })
  })

  it('ANDs several filters and ORs a conditional filter', () => {
    expect(
      toWhere([
        { field: 'label', operator: 'eq', value: 'HOME_CAROUSEL' },
        {
          operator: 'or',
          value: [
            { field: 'name', operator: 'contains', value: 'a' },
            { field: 'alt', operator: 'contains', value: 'a' },
          ],
        },
      ]),
    ).toEqual({
      and: [{ label: { equals: 'HOME_CAROUSEL' } }, { or: [{ name: { like: 'a' } }, { alt: { like: 'a' } }] }],
    })
  })

  it('ignores cleared filters instead of filtering on nothing', () => {
    expect(toWhere([{ field: 'title', operator: 'contains', value: '' }])).toBeUndefined()
    expect(toWhere([{ field: 'id', operator: 'in', value: [] }])).toBeUndefined()
    expect(toWhere(undefined)).toBeUndefined()
  })

  it('turns null checks into exists', () => {
    expect(toWhere([{ field: 'operator', operator: 'null', value: true }])).toEqual({ operator: { exists: false } })
    expect(toWhere([{ field: 'operator', operator: 'eq', value: null }])).toEqual({ operator: { exists: false } })
    expect(toWhere([{ field: 'operator', operator: 'nnull', value: true }])).toEqual({ operator: { exists: true } })
  })

  it('splits between into two bounds', () => {
    expect(toWhere([{ field: 'price', operator: 'between', value: [10, 20] }])).toEqual({
      price: { greater_than_equal: 10, less_than_equal: 20 },
    })
  })

  it('refuses operators Payload cannot express rather than dropping them', () => {
    expect(() => toWhere([{ field: 'title', operator: 'startswith', value: 'a' }])).toThrow(UnsupportedFilterError)
  })
})

describe('toSort', () => {
  it('prefixes descending fields with - and joins several', () => {
    expect(toSort([{ field: 'date_start', order: 'desc' }])).toBe('-date_start')
    expect(
      toSort([
        { field: 'position', order: 'asc' },
        { field: 'title', order: 'desc' },
      ]),
    ).toBe('position,-title')
    expect(toSort([])).toBeUndefined()
  })
})

describe('listQuery', () => {
  it('builds the exact getList query string of the data provider', () => {
    const query = listQuery({
      pagination: { currentPage: 3, pageSize: 25 },
      sorters: [{ field: 'price', order: 'desc' }],
      filters: [{ field: 'active', operator: 'eq', value: true }],
    })
    expect(stringifyQuery(query)).toBe('depth=0&limit=25&page=3&sort=-price&where[active][equals]=true')
  })

  it('defaults to page 1 of 10 and asks for everything when pagination is off', () => {
    expect(stringifyQuery(listQuery({}))).toBe('depth=0&limit=10&page=1')
    expect(stringifyQuery(listQuery({ pagination: { mode: 'off' } }))).toBe('depth=0&pagination=false')
    expect(stringifyQuery(listQuery({ pagination: { mode: 'client' }, depth: 1 }))).toBe('depth=1&pagination=false')
  })
})
