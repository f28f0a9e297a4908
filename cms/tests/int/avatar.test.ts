/** The customer's profile photo: PUT/DELETE /api/auth/me/avatar. */
import { beforeAll, describe, expect, it } from 'vitest'
import { PNG_8x8, api, errorPaths, login, pngBomb, sql, unique, uploadForm } from './helpers'

let token: string
let userId: number

beforeAll(async () => {
  const email = `${unique('avatar')}@example.com`
  const created = await api('POST', '/api/users', {
    body: { email, password: 'password123', name: 'Foto', surname: 'Profilo', phone_number: '+39 333 000 1111' },
  })
  expect(created.status).toBe(201)
  userId = created.body.doc.id
  token = await login(email, 'password123')
})

const photo = () => uploadForm({}, { name: 'me.png', data: PNG_8x8, type: 'image/png' })

describe('profile photo', () => {
  it('a customer sets a photo: the user points at it and /auth/me answers its URL', async () => {
    const res = await api('PUT', '/api/auth/me/avatar', { token, rawBody: photo() })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.avatarUrl).toMatch(/^\/api\/upload\/file\/avatar-\d+-[0-9a-f]+.*\.webp$/)
    const me = await api('GET', '/api/auth/me', { token })
    expect(me.body.user.avatarUrl).toBe(res.body.avatarUrl)
    const [row] = await sql(
      `select u.upload_id, up.name from users u join upload up on up.id = u.upload_id where u.id = $1`,
      [userId],
    )
    expect(row.name).toMatch(new RegExp(`^avatar-${userId}-`))
  })

  it('a new photo replaces the old one, which is deleted', async () => {
    const [before] = await sql(`select upload_id from users where id = $1`, [userId])
    const res = await api('PUT', '/api/auth/me/avatar', { token, rawBody: photo() })
    expect(res.status).toBe(200)
    const [after] = await sql(`select upload_id from users where id = $1`, [userId])
    expect(after.upload_id).not.toBe(before.upload_id)
    expect(await sql(`select id from upload where id = $1`, [before.upload_id])).toHaveLength(0)
  })

  it('refuses a missing file, a non-image and a visitor, writing nothing', async () => {
    const uploads = (await sql(`select count(*)::int as n from upload`))[0].n
    const empty = await api('PUT', '/api/auth/me/avatar', { token, rawBody: uploadForm({}) })
    expect(empty.status).toBe(400)
    expect(errorPaths(empty.body)).toContain('file')
    const text = await api('PUT', '/api/auth/me/avatar', {
      token,
      rawBody: uploadForm({}, { name: 'me.png', data: Buffer.from('not an image at all'), type: 'image/png' }),
    })
    expect(text.status).toBe(400)
    const visitor = await api('PUT', '/api/auth/me/avatar', { token: null, rawBody: photo() })
    expect(visitor.status).toBe(401)
    expect((await sql(`select count(*)::int as n from upload`))[0].n).toBe(uploads)
  })

  it('removing the photo unlinks and deletes it; a salon image chosen by id is never deleted', async () => {
    const [before] = await sql(`select upload_id from users where id = $1`, [userId])
    const res = await api('DELETE', '/api/auth/me/avatar', { token })
    expect(res.status).toBe(200)
    expect((await sql(`select upload_id from users where id = $1`, [userId]))[0].upload_id).toBeNull()
    expect(await sql(`select id from upload where id = $1`, [before.upload_id])).toHaveLength(0)
    expect((await api('GET', '/api/auth/me', { token })).body.user.avatarUrl).toBeNull()

    // Issue 22 §5: a profile cannot point at an upload it did not make through this endpoint.
    const [salonImage] = await sql(`select id from upload where name not like 'avatar-%' order by id limit 1`)
    const borrowed = await api('PUT', '/api/auth/me', { token, body: { upload: salonImage.id } })
    expect(borrowed.status).toBe(400)
    expect(errorPaths(borrowed.body)).toEqual(['upload'])
    expect((await api('DELETE', '/api/auth/me/avatar', { token })).status).toBe(200)
    expect(await sql(`select id from upload where id = $1`, [salonImage.id])).toHaveLength(1)
  })

  it('a decompression bomb (a 12 KB PNG declaring 10000×10000) is refused from its header, fast, with the code and the field', async () => {
    const uploads = (await sql(`select count(*)::int as n from upload`))[0].n
    const started = performance.now()
    const res = await api('PUT', '/api/auth/me/avatar', {
      token,
      rawBody: uploadForm({}, { name: 'bomb.png', data: pngBomb(), type: 'image/png' }),
    })
    const ms = performance.now() - started
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.errors[0].data.code).toBe('IMAGE_TOO_MANY_PIXELS')
    expect(res.body.errors[0].data.errors[0]).toMatchObject({
      path: 'file',
      code: 'IMAGE_TOO_MANY_PIXELS',
      params: { n: 40 },
    })
    expect(ms, `took ${Math.round(ms)} ms`).toBeLessThan(1000)
    expect((await sql(`select count(*)::int as n from upload`))[0].n).toBe(uploads)
    // An image just under the cap's shape check is still taken (8×8 here; the cap is pixels, not bytes).
    expect((await api('PUT', '/api/auth/me/avatar', { token, rawBody: photo() })).status).toBe(200)
  })
})
