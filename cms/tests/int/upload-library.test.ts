/**
 * The dashboard's image screens: PUT /api/upload/carousel-order (admin, one transaction),
 * GET /api/upload/library (admin, no customers' profile photos, where each image is used) and
 * deleting an image in use (409 IMAGE_IN_USE naming where, nothing deleted; RESTRICT below it).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { PNG_8x8, api, errorPaths, sql, unique, uploadForm } from './helpers'

const created: number[] = []
const createdServices: number[] = []

async function newImage(label: 'HOME_CAROUSEL' | 'IMAGES', fields: Record<string, unknown> = {}) {
  const res = await api('PATCH', '/api/upload/upsert', {
    as: 'ADMIN',
    rawBody: uploadForm({ name: unique('lib'), label, ...fields }, { name: 'a.png', data: PNG_8x8, type: 'image/png' }),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  created.push(res.body.doc.id)
  return res.body.doc as { id: number; name: string; position: number }
}

const carouselIds = async () =>
  (await sql(`select id from upload where label = 'HOME_CAROUSEL' order by position, id`)).map((r) => r.id as number)

afterAll(async () => {
  await api('DELETE', '/api/auth/me/avatar', { as: 'USER' })
  if (createdServices.length) await sql('delete from services where id = any($1::int[])', [createdServices])
  for (const id of created) await api('DELETE', `/api/upload/${id}`, { as: 'ADMIN' })
})

describe('PUT /api/upload/carousel-order', () => {
  it('is for admins only: 401 for visitors, 403 for customers and operators', async () => {
    const body = { ids: await carouselIds() }
    expect((await api('PUT', '/api/upload/carousel-order', { body })).status).toBe(401)
    expect((await api('PUT', '/api/upload/carousel-order', { as: 'USER', body })).status).toBe(403)
    expect((await api('PUT', '/api/upload/carousel-order', { as: 'OPERATOR', body })).status).toBe(403)
  })

  it('a new carousel image goes last', async () => {
    const before = await carouselIds()
    const img = await newImage('HOME_CAROUSEL')
    expect((await carouselIds()).at(-1)).toBe(img.id)
    expect(await carouselIds()).toEqual([...before, img.id])
  })

  it('saves the order in one go; the public home follows it', async () => {
    const a = await newImage('HOME_CAROUSEL')
    const b = await newImage('HOME_CAROUSEL')
    const reversed = (await carouselIds()).reverse()
    const res = await api('PUT', '/api/upload/carousel-order', { as: 'ADMIN', body: { ids: reversed } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await carouselIds()).toEqual(reversed)
    const positions = await sql(`select position::int as p from upload where label = 'HOME_CAROUSEL' order by position`)
    expect(positions.map((r) => r.p)).toEqual(reversed.map((_, i) => i))
    const home = await api('GET', '/api/pages/home')
    expect(home.status).toBe(200)
    expect(home.body.carousel.map((d: { id: number }) => d.id)).toEqual(reversed)
    // Only some listed: the others keep their order after them.
    const res2 = await api('PUT', '/api/upload/carousel-order', { as: 'ADMIN', body: { ids: [a.id, b.id] } })
    expect(res2.status).toBe(200)
    expect(await carouselIds()).toEqual([a.id, b.id, ...reversed.filter((id) => id !== a.id && id !== b.id)])
  })

  it('bad bodies → 400 naming the field, and nothing changes (one transaction)', async () => {
    const before = await carouselIds()
    const notCarousel = await newImage('IMAGES')
    const cases: [unknown, string][] = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: 'x' }, 'ids'],
      [{ ids: [before[0], 'x'] }, 'ids.1'],
      [{ ids: [before[0], before[0]] }, 'ids'],
      // A valid first half and a bad id after it: the first half must not be saved.
      [{ ids: [...before].reverse().concat(notCarousel.id) }, `ids.${before.length}`],
      [{ ids: [...before].reverse().concat(999999999) }, `ids.${before.length}`],
    ]
    for (const [body, path] of cases) {
      const res = await api('PUT', '/api/upload/carousel-order', { as: 'ADMIN', body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(errorPaths(res.body), JSON.stringify(body)).toContain(path)
    }
    expect(await carouselIds()).toEqual(before)
    const broken = await api('PUT', '/api/upload/carousel-order', {
      as: 'ADMIN',
      rawBody: '{nope',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)
  })
})

describe('GET /api/upload/library', () => {
  it('is for admins only', async () => {
    expect((await api('GET', '/api/upload/library')).status).toBe(401)
    expect((await api('GET', '/api/upload/library', { as: 'USER' })).status).toBe(403)
  })

  it('lists the salon’s images with where they are used, never a customer’s profile photo', async () => {
    const avatar = await api('PUT', '/api/auth/me/avatar', {
      as: 'USER',
      rawBody: uploadForm({}, { name: 'me.png', data: PNG_8x8, type: 'image/png' }),
    })
    const img = await newImage('IMAGES')
    const [service] = await sql(
      `insert into services (title, time, price, image_id, active, updated_at, created_at)
       values ($1, 30, 10, $2, false, now(), now()) returning id`,
      [unique('Piega'), img.id],
    )
    createdServices.push(service.id)
    const res = await api('GET', '/api/upload/library', { as: 'ADMIN' })
    expect(res.status).toBe(200)
    const names: string[] = res.body.docs.map((d: { name: string }) => d.name)
    expect(names.some((n) => /^avatar-\d+-/.test(n))).toBe(false)
    expect(avatar.status, JSON.stringify(avatar.body)).toBe(200)
    const [photo] = await sql(
      `select u.upload_id as id from users u where u.email = 'cliente@demo.salon' and u.upload_id is not null`,
    )
    expect(photo?.id).toBeTruthy()
    expect(res.body.docs.some((d: { id: number }) => d.id === photo.id)).toBe(false)
    const mine = res.body.docs.find((d: { id: number }) => d.id === img.id)
    expect(mine.imageUrl).toBeTruthy()
    expect(mine.uses).toEqual([{ kind: 'service', id: service.id, name: expect.stringMatching(/^Piega/) }])
  })
})

describe('deleting an image in use', () => {
  it('→ 409 IMAGE_IN_USE naming where, and nothing is deleted; unused → deleted', async () => {
    const img = await newImage('IMAGES')
    const title = unique('Piega')
    const [service] = await sql(
      `insert into services (title, time, price, image_id, active, updated_at, created_at)
       values ($1, 30, 10, $2, false, now(), now()) returning id`,
      [title, img.id],
    )
    createdServices.push(service.id)
    for (const path of [`/api/upload/${img.id}`, `/api/upload/by-name/${encodeURIComponent(img.name)}`]) {
      const res = await api('DELETE', path, { as: 'ADMIN' })
      expect(res.status, JSON.stringify(res.body)).toBe(409)
      expect(res.body.errors[0].data.reason).toBe('IMAGE_IN_USE')
      expect(res.body.errors[0].message).toContain(`servizio «${title}»`)
      expect(res.body.errors[0].data.uses).toEqual([{ kind: 'service', id: service.id, name: title }])
    }
    expect((await sql('select count(*)::int as n from upload where id = $1', [img.id]))[0].n).toBe(1)
    expect((await sql('select image_id from services where id = $1', [service.id]))[0].image_id).toBe(img.id)

    // The database refuses too, whatever path a delete takes (RESTRICT, not SET NULL).
    await expect(sql('delete from upload where id = $1', [img.id])).rejects.toThrow(/foreign key/)

    await sql('update services set image_id = null where id = $1', [service.id])
    expect((await api('DELETE', `/api/upload/${img.id}`, { as: 'ADMIN' })).status).toBe(200)
    expect((await sql('select count(*)::int as n from upload where id = $1', [img.id]))[0].n).toBe(0)
  })

  it('renaming to a name already taken → 400 on the name field', async () => {
    const a = await newImage('IMAGES')
    const b = await newImage('IMAGES')
    const res = await api('PATCH', `/api/upload/${b.id}`, { as: 'ADMIN', body: { name: a.name } })
    expect(res.status).toBe(400)
    expect(errorPaths(res.body)).toContain('name')
  })

  it('a dropped file without a name gets its file name, made unique', async () => {
    const fileName = `${unique('drop')}.png`
    const ids: number[] = []
    for (let i = 0; i < 2; i++) {
      const res = await api('POST', '/api/upload', {
        as: 'ADMIN',
        rawBody: uploadForm({ label: 'IMAGES' }, { name: fileName, data: PNG_8x8, type: 'image/png' }),
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      ids.push(res.body.doc.id)
      created.push(res.body.doc.id)
    }
    const rows = await sql('select name from upload where id = any($1::int[]) order by id', [ids])
    expect(rows.map((r) => r.name)).toEqual([fileName, fileName.replace(/\.png$/, '-2.png')])
  })
})
