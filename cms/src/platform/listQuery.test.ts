import { describe, expect, it } from 'vitest'
import { listQueryProblem, sortableFields } from './listQuery'

const users = {
  flattenedFields: [
    { name: 'email', type: 'email' },
    { name: 'hash', type: 'text', hidden: true },
    { name: 'salt', type: 'text', hidden: true },
    { name: 'user_role', type: 'select' },
    { name: 'sessions', type: 'array' },
    { name: 'createdAt', type: 'date' },
  ],
}
const sortable = sortableFields(users)
const problem = (q: string) => listQueryProblem(new URLSearchParams(q), sortable)?.field ?? null

describe('list parameters of every REST list (issue 22)', () => {
  it('sortable: the visible top-level fields with a column, and id', () => {
    expect([...sortable].sort()).toEqual(['createdAt', 'email', 'id', 'user_role'])
  })

  it('accepts what the screens send', () => {
    for (const q of ['', 'page=1', 'page=2&limit=20', 'limit=0', 'sort=-createdAt', 'sort=email,-id', 'sort='])
      expect(problem(q), q).toBeNull()
  })

  it.each([
    ['page=-5', 'page'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['page=1e3', 'page'],
    ['page=100001', 'page'],
    ['page=99999999999999999999', 'page'],
    ['page=1&page=2', 'page'],
    ['page[0]=1', 'page'],
    ['limit=-1', 'limit'],
    ['limit=10001', 'limit'],
    ['limit=abc', 'limit'],
    ['sort=hash', 'sort'],
    ['sort=-salt', 'sort'],
    ['sort=user.hash', 'sort'],
    ['sort=user__hash', 'sort'],
    ['sort=sessions', 'sort'],
    ['sort=email,nope', 'sort'],
    ['sort[0]=email', 'sort'],
  ])('%s is refused naming %s', (q, field) => {
    expect(problem(q)).toBe(field)
  })
})
