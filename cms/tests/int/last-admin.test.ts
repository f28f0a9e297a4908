/** The salon always keeps an administrator (issue 11): the last ADMIN is neither demoted nor deleted. */
import { describe, expect, it } from 'vitest'
import { api, errorPaths, sql, unique } from './helpers'

describe('the last administrator', () => {
  it('cannot be demoted or deleted; with a second admin, either can go', async () => {
    // Other files may have made admins of their own: for this test the demo admin is the only one.
    const [{ id: me }] = await sql(`select id from users where email = 'admin@demo.salon'`)
    const others = await sql(`select id from users where user_role = 'ADMIN' and id <> $1`, [me])
    await sql(`update users set user_role = 'USER' where id = any($1::int[])`, [others.map((o) => o.id)])
    try {
      const demote = await api('PATCH', `/api/users/${me}`, { as: 'ADMIN', body: { user_role: 'USER' } })
      expect(demote.status).toBe(409)
      expect(errorPaths(demote.body)).toContain('user_role')
      expect((await api('DELETE', `/api/users/${me}`, { as: 'ADMIN' })).status).toBe(409)
      expect((await sql('select user_role from users where id = $1', [me]))[0].user_role).toBe('ADMIN')

      const second = await api('POST', '/api/users', {
        as: 'ADMIN',
        body: {
          email: `${unique('admin2')}@example.com`,
          password: 'password123',
          name: 'Seconda',
          user_role: 'ADMIN',
        },
      })
      expect(second.status, JSON.stringify(second.body)).toBe(201)
      const other = second.body.doc.id as number
      // Now either may step down; the second one does, then leaves.
      expect((await api('PATCH', `/api/users/${other}`, { as: 'ADMIN', body: { user_role: 'OPERATOR' } })).status).toBe(
        200,
      )
      expect((await api('DELETE', `/api/users/${other}`, { as: 'ADMIN' })).status).toBe(200)
      expect(await sql(`select id from users where user_role = 'ADMIN'`)).toEqual([{ id: me }])
    } finally {
      await sql(`update users set user_role = 'ADMIN' where id = any($1::int[])`, [others.map((o) => o.id)])
    }
  })
})
