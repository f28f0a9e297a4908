import { describe, expect, it } from 'vitest'
import { categoryInput, serviceInput } from './catalogue'

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join('.')) ?? []

describe('serviceInput', () => {
  const ok = { title: 'Piega', time: 30, price: 20 }
  it('accepts a service with name, minutes and price', () => {
    expect(serviceInput.parse({ ...ok, operators: [1, 2], category: null, active: false })).toMatchObject(ok)
  })
  it.each([
    [{ ...ok, title: '  ' }, ['title']],
    [{ ...ok, time: 0 }, ['time']],
    [{ ...ok, time: 12.5 }, ['time']],
    [{ ...ok, time: 24 * 60 + 1 }, ['time']],
    [{ ...ok, price: 0 }, ['price']],
    [{ ...ok, price: 10.005 }, ['price']],
    [{ ...ok, price: 100_001 }, ['price']],
    [{ title: 'x' }, ['time', 'price']],
  ])('%j names %j', (input, expected) => {
    expect(paths(serviceInput.safeParse(input))).toEqual(expected)
  })
  it('two decimals are fine, floating point included', () => {
    expect(serviceInput.safeParse({ ...ok, price: 19.99 }).success).toBe(true)
    expect(serviceInput.safeParse({ ...ok, price: 0.1 + 0.2 }).success).toBe(true)
  })
})

describe('categoryInput', () => {
  it('needs a name; the position is a whole number from 0', () => {
    expect(categoryInput.safeParse({ name: 'Colore', position: 2 }).success).toBe(true)
    expect(paths(categoryInput.safeParse({ name: '', position: -1 }))).toEqual(['name', 'position'])
  })
})
