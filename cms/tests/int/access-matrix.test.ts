/**
 * The access matrix of the Foundation issue: visitor, USER, OPERATOR, ADMIN × every collection ×
 * list/get/create/update/delete, each cell with its exact HTTP outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BASE_URL,
  PNG_8x8,
  api,
  count,
  errorPaths,
  freshAddress,
  login,
  registerCustomers,
  sql,
  tokenFor,
  unique,
  uploadForm,
  type Role,
} from './helpers'

const ROLES: Role[] = ['visitor', 'USER', 'OPERATOR', 'ADMIN']
type Op = 'list' | 'get' | 'create' | 'update' | 'delete'
type Row = Record<Role, number>

const PUBLIC_READ: Record<'list' | 'get', Row> = {
  list: { visitor: 200, USER: 200, OPERATOR: 200, ADMIN: 200 },
  get: { visitor: 200, USER: 200, OPERATOR: 200, ADMIN: 200 },
}
const ADMIN_WRITE: Record<'create' | 'update' | 'delete', Row> = {
  create: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 201 },
  update: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 200 },
  delete: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 200 },
}

/** A new three-minute Tuesday interval after closing time (19:35, 19:41, …, before the fuzz test's 22:00), never overlapping another. */
let evenings = 0
const eveningInterval = () => {
  const at = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  const start = 19 * 60 + 35 + 6 * evenings++
  return { opening_time: at(start), closing_time: at(start + 3) }
}

interface Spec {
  slug: string
  expect: Record<Op, Row>
  /** A valid new document (also used to make a fresh record for each delete). */
  create: () => Record<string, unknown> | FormData
  update: Record<string, unknown>
  /** Id the get/update cells act on (someone else's record where ownership matters). */
  target?: () => Promise<number>
}

let ids: {
  tuesday: number
  admin: number
  operatorUser: number
  customer: number
  otherCustomer: number
  giulia: number
  marco: number
  service: number
  category: number
}

/** A distinct day per call, so the admin's test reservations never overlap (the guard would 409). */
let dayCounter = 0
const anyDay = () => new Date(Date.UTC(2031, 0, 1 + dayCounter++, 12)).toISOString()

/**
 * Free starts of Marco's for a Piega about ten months ahead (staff book up to a year ahead), found
 * in `beforeAll`: a create through POST /api/reservations must pass the engine like any booking.
 */
const marcoFree: string[] = []

const SPECS: Spec[] = [
  {
    slug: 'users',
    expect: {
      list: { visitor: 401, USER: 200, OPERATOR: 200, ADMIN: 200 },
      get: { visitor: 401, USER: 404, OPERATOR: 404, ADMIN: 200 },
      create: { visitor: 201, USER: 403, OPERATOR: 403, ADMIN: 201 },
      update: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 200 },
      delete: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 200 },
    },
    create: () => ({ email: `${unique('u')}@example.com`, password: 'password123', name: 'Nuovo' }),
    update: { surname: 'Aggiornato' },
    target: async () => ids.otherCustomer,
  },
  {
    slug: 'reservations',
    expect: {
      list: { visitor: 401, USER: 200, OPERATOR: 200, ADMIN: 200 },
      get: { visitor: 401, USER: 404, OPERATOR: 404, ADMIN: 200 },
      // Admins only (spec §7), through the reservation use cases (rest-reservations.test.ts);
      // customers and operators change bookings through the booking endpoints. A DELETE cancels.
      ...ADMIN_WRITE,
    },
    create: () => ({
      user: ids.otherCustomer,
      operator: ids.marco,
      services: [ids.service],
      date_start: marcoFree.shift(),
    }),
    update: { note: 'Nota aggiornata' },
    // Another customer's reservation with an operator other than the OPERATOR's own.
    target: async () => {
      const [row] = await sql(
        `insert into reservations (user_id, operator_id, date_start, date_end, duration, total_price, status, created_at, updated_at)
         values ($1, $2, $3, $3::timestamptz + interval '30 minutes', 30, 20, 'CONFIRMED', now(), now()) returning id`,
        [ids.otherCustomer, ids.marco, anyDay()],
      )
      return row.id
    },
  },
  {
    slug: 'operators',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    create: () => ({ name: 'Nuovo', surname: 'Operatore' }),
    update: { description: 'Descrizione aggiornata' },
  },
  {
    slug: 'services',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    create: () => ({ title: unique('Servizio'), time: 30, price: 20 }),
    update: { description: 'Descrizione aggiornata' },
  },
  {
    slug: 'category',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    create: () => ({ name: unique('Categoria') }),
    update: { position: 1 },
  },
  {
    slug: 'banner',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    create: () => ({ title: 'Promo', link: '/reserve', show: true }),
    update: { alt: 'Testo alternativo' },
  },
  {
    slug: 'business_hours',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    // day_of_week is unique and all seven exist: each create frees one first (see below).
    create: () => ({ day_of_week: 'MONDAY', is_closed: true }),
    update: { is_closed: false },
    target: async () => (await sql(`select id from business_hours where day_of_week = 'TUESDAY'`))[0].id,
  },
  {
    slug: 'operating_intervals',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    // Each its own three minutes after Tuesday's closing (intervals of a day may not overlap).
    create: () => ({ ...eveningInterval(), business_hours: ids.tuesday }),
    update: {
      get business_hours() {
        return ids.tuesday
      },
    },
  },
  {
    slug: 'business-closures',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    create: () => ({
      name: 'Inventario',
      closure_type: 'FULL_DAY',
      start_date: '2031-02-03T12:00:00.000Z',
      end_date: '2031-02-03T12:00:00.000Z',
    }),
    update: { description: 'Chiusi per inventario' },
  },
  {
    slug: 'config',
    expect: {
      ...PUBLIC_READ,
      // One config document exists; a second one is refused.
      create: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 400 },
      update: ADMIN_WRITE.update,
      delete: ADMIN_WRITE.delete,
    },
    create: () => ({ businessName: 'Secondo salone' }),
    update: { address: 'Via Roma 12, 20121 Milano' },
  },
  {
    slug: 'upload',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    create: () =>
      uploadForm({ name: unique('img'), label: 'IMAGES' }, { name: 'pixel.png', data: PNG_8x8, type: 'image/png' }),
    update: { alt: 'Descrizione immagine' },
  },
  {
    slug: 'holidays',
    expect: { ...PUBLIC_READ, ...ADMIN_WRITE },
    create: () => ({ name: 'Festa patronale', date: '2031-12-07T12:00:00.000Z', recurring_yearly: false }),
    update: { is_active: true },
  },
  {
    slug: 'password_recovery',
    expect: {
      list: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 200 },
      get: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 200 },
      create: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 403 },
      update: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 403 },
      delete: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 200 },
    },
    create: () => ({ user: ids.customer, token: 'x', expires_at: '2031-01-01T00:00:00Z' }),
    update: { used_at: '2031-01-01T00:00:00Z' },
  },
  {
    // Issue 24: staff only. The target is a card an admin made, nobody's booking: not one of the
    // OPERATOR's own clients, so it does not exist for them (404). Nobody deletes a card: erase it.
    slug: 'clients',
    expect: {
      list: { visitor: 401, USER: 403, OPERATOR: 200, ADMIN: 200 },
      get: { visitor: 401, USER: 403, OPERATOR: 404, ADMIN: 200 },
      create: { visitor: 401, USER: 403, OPERATOR: 201, ADMIN: 201 },
      update: { visitor: 401, USER: 403, OPERATOR: 404, ADMIN: 200 },
      delete: { visitor: 401, USER: 403, OPERATOR: 403, ADMIN: 403 },
    },
    create: () => ({ name: 'Nuova', surname: unique('Scheda'), phone_number: '333 000 9999' }),
    update: { tags: ['VIP'] },
  },
]

async function insertRecovery(): Promise<number> {
  const [row] = await sql(
    `insert into password_recovery (user_id, token, expires_at, updated_at, created_at)
     values ($1, md5(random()::text), now() + interval '1 hour', now(), now()) returning id`,
    [ids.customer],
  )
  return row.id
}

/** A fresh record to read, change or delete (made directly when REST cannot make one). */
async function freshRecord(spec: Spec): Promise<number> {
  if (spec.slug === 'password_recovery') return insertRecovery()
  if (spec.slug === 'config') return (await sql('select id from config order by id limit 1'))[0].id
  if (spec.slug === 'reservations') {
    const start = anyDay()
    const [row] = await sql(
      `insert into reservations (user_id, date_start, date_end, duration, total_price, status, created_at, updated_at)
       values ($1, $2, $2::timestamptz + interval '30 minutes', 30, 20, 'CONFIRMED', now(), now()) returning id`,
      [ids.otherCustomer, start],
    )
    return row.id
  }
  if (spec.slug === 'business_hours') {
    const [row] =
      await sql(`insert into business_hours (day_of_week, is_closed, updated_at, created_at) values ('MONDAY', true, now(), now())
      on conflict (day_of_week) do update set is_closed = true returning id`)
    return row.id
  }
  const res = await createAs(spec, 'ADMIN')
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.doc.id
}

/**
 * Rows this file creates in the tables the salon's calendar and home read: removed when it ends,
 * so other files never see the matrix's extra Tuesday intervals, closures, holidays or banners.
 */
const LEFT_BEHIND = new Set(['operating_intervals', 'business-closures', 'holidays', 'banner'])
const made: { table: string; id: number }[] = []

async function createAs(spec: Spec, role: Role) {
  const body = spec.create()
  if (spec.slug === 'business_hours' && role === 'ADMIN')
    await sql(`delete from business_hours where day_of_week = 'MONDAY'`)
  const res =
    body instanceof FormData
      ? await api('POST', `/api/${spec.slug}`, { as: role, rawBody: body })
      : await api('POST', `/api/${spec.slug}`, { as: role, body })
  if (res.status === 201 && LEFT_BEHIND.has(spec.slug))
    made.push({ table: spec.slug.replace(/-/g, '_'), id: res.body.doc.id })
  return res
}

afterAll(async () => {
  for (const { table, id } of made) await sql(`delete from "${table}" where id = $1`, [id])
})

beforeAll(async () => {
  const user = async (email: string) => (await sql('select id from users where email = $1', [email]))[0].id as number
  ids = {
    tuesday: (await sql(`select id from business_hours where day_of_week = 'TUESDAY'`))[0].id,
    admin: await user('admin@demo.salon'),
    operatorUser: await user('operatore@demo.salon'),
    customer: await user('cliente@demo.salon'),
    otherCustomer: await user('francesca.gallo@example.com'),
    giulia: (await sql(`select id from operators where name = 'Giulia'`))[0].id,
    marco: (await sql(`select id from operators where name = 'Marco'`))[0].id,
    service: (await sql(`select id from services where title = 'Piega'`))[0].id,
    category: (await sql('select id from category limit 1'))[0].id,
  }
  await Promise.all(ROLES.map((r) => tokenFor(r)))
  for (let d = 300; marcoFree.length < ROLES.length && d < 330; d++) {
    const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
    const res = await api(
      'GET',
      `/api/reservations/book-slots?date=${day}&services=${ids.service}&operator=${ids.marco}`,
      { as: 'ADMIN' },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    marcoFree.push(...res.body.slots.filter((_: unknown, i: number) => i % 8 === 0).map((s: any) => s.start))
  }
  expect(marcoFree.length).toBeGreaterThanOrEqual(ROLES.length)
})

describe.each(SPECS)('$slug', (spec) => {
  describe.each(ROLES)('as %s', (role) => {
    const target = async () => (spec.target ? spec.target() : freshRecord(spec))

    it('list', async () => {
      const res = await api('GET', `/api/${spec.slug}?limit=5`, { as: role })
      expect(res.status, JSON.stringify(res.body)).toBe(spec.expect.list[role])
      if (res.status === 200) expect(Array.isArray(res.body.docs)).toBe(true)
    })

    it('get', async () => {
      const id = await target()
      const res = await api('GET', `/api/${spec.slug}/${id}`, { as: role })
      expect(res.status, JSON.stringify(res.body)).toBe(spec.expect.get[role])
      if (res.status === 200) expect(res.body.id).toBe(id)
    })

    it('create', async () => {
      const table = spec.slug.replace(/-/g, '_')
      const before = (await sql(`select count(*)::int as n from "${table}"`))[0].n
      const res = await createAs(spec, role)
      expect(res.status, JSON.stringify(res.body)).toBe(spec.expect.create[role])
      const after = (await sql(`select count(*)::int as n from "${table}"`))[0].n
      if (res.status === 201) expect(res.body.doc.id).toBeGreaterThan(0)
      else expect(after).toBe(before) // refused: nothing written
    })

    it('update (PATCH)', async () => {
      const id = await target()
      const res = await api('PATCH', `/api/${spec.slug}/${id}`, { as: role, body: spec.update })
      expect(res.status, JSON.stringify(res.body)).toBe(spec.expect.update[role])
    })

    it('update (PUT behaves as PATCH)', async () => {
      const id = await target()
      const res = await api('PUT', `/api/${spec.slug}/${id}`, { as: role, body: spec.update })
      expect(res.status, JSON.stringify(res.body)).toBe(spec.expect.update[role])
    })

    it('delete', async () => {
      const id = await freshRecord(spec)
      const table = spec.slug.replace(/-/g, '_')
      const res = await api('DELETE', `/api/${spec.slug}/${id}`, { as: role })
      expect(res.status, JSON.stringify(res.body)).toBe(spec.expect.delete[role])
      const left = await sql(`select id from "${table}" where id = $1`, [id])
      if (spec.slug === 'reservations') {
        // The salon's DELETE cancels: the booking and its history stay (docs/api.md).
        const [row] = await sql('select status from reservations where id = $1', [id])
        expect(row.status).toBe(res.status === 200 ? 'CANCELLED' : 'CONFIRMED')
      } else expect(left.length).toBe(res.status === 200 ? 0 : 1)
      if (spec.slug === 'config' && res.status === 200) {
        // Put the salon's settings back for the rest of the suite.
        await api('POST', '/api/config', { as: 'ADMIN', body: { businessName: 'Salone Demo' } })
      }
    })
  })
})

describe('ownership cells', () => {
  it('a USER lists and reads only their own user and reservations', async () => {
    const users = await api('GET', '/api/users?limit=100', { as: 'USER' })
    expect(users.body.docs.map((u: any) => u.id)).toEqual([ids.customer])
    expect((await api('GET', `/api/users/${ids.customer}`, { as: 'USER' })).status).toBe(200)

    const res = await api('GET', '/api/reservations?limit=1000', { as: 'USER' })
    expect(res.body.totalDocs).toBeGreaterThan(0)
    expect(new Set(res.body.docs.map((r: any) => r.user))).toEqual(new Set([ids.customer]))
    const own = res.body.docs[0].id
    expect((await api('GET', `/api/reservations/${own}`, { as: 'USER' })).status).toBe(200)
  })

  it('the calendar file of a booking answers like its REST read: a stray link grants nothing', async () => {
    // Issue 21 §3: GET /api/reservations/:id/ics asks the engine (maySeeReservation), as the lists do.
    const [{ id: theirs }] = await sql(
      `select id from reservations where user_id <> $1 and operator_id <> $2 and date_start is not null order by id limit 1`,
      [ids.customer, ids.giulia],
    )
    const [{ id: mine }] = await sql(
      `select id from reservations where user_id = $1 and date_start is not null order by id limit 1`,
      [ids.customer],
    )
    const ics = (id: number, as: Role) => api('GET', `/api/reservations/${id}/ics`, { as })
    for (const [id, as, status] of [
      [theirs, 'visitor', 401],
      [theirs, 'USER', 404],
      [theirs, 'OPERATOR', 404],
      [theirs, 'ADMIN', 200],
      [mine, 'USER', 200],
    ] as const) {
      expect((await ics(id, as)).status, `${as} → ${id}`).toBe(status)
      expect((await api('GET', `/api/reservations/${id}`, { as })).status, `REST ${as} → ${id}`).toBe(status)
    }
  })

  it('a USER updates their own user record', async () => {
    const res = await api('PATCH', `/api/users/${ids.customer}`, { as: 'USER', body: { surname: 'Conti' } })
    expect(res.status).toBe(200)
  })

  it('an OPERATOR sees the reservations of their own operator record (and their own bookings as a customer) only', async () => {
    const res = await api('GET', '/api/reservations?limit=2000', { as: 'OPERATOR' })
    expect(res.body.docs.filter((r: any) => r.operator === ids.giulia).length).toBeGreaterThan(0)
    for (const r of res.body.docs)
      expect(r.operator === ids.giulia || r.user === ids.operatorUser, JSON.stringify(r)).toBe(true)
    const [{ n }] = await sql('select count(*)::int as n from reservations where operator_id = $1 or user_id = $2', [
      ids.giulia,
      ids.operatorUser,
    ])
    expect(res.body.totalDocs).toBe(n)
  })

  it('an OPERATOR reads their operator record with its account link; visitors never see the link', async () => {
    const mine = await api('GET', `/api/operators/${ids.giulia}`, { as: 'OPERATOR' })
    expect(mine.body.user).toBe(ids.operatorUser)
    const pub = await api('GET', `/api/operators/${ids.giulia}`, { as: 'visitor' })
    expect(pub.status).toBe(200)
    expect(pub.body).not.toHaveProperty('user')
    const other = await api('GET', `/api/operators/${ids.giulia}`, { as: 'USER' })
    expect(other.body).not.toHaveProperty('user')
  })

  it('visitors see only active services and visible banners; admins see all', async () => {
    const svc = await api('POST', '/api/services', {
      as: 'ADMIN',
      body: { title: unique('Nascosto'), time: 10, price: 5, active: false },
    })
    const ban = await api('POST', '/api/banner', { as: 'ADMIN', body: { title: 'Nascosto', show: false } })
    expect((await api('GET', `/api/services/${svc.body.doc.id}`, { as: 'visitor' })).status).toBe(404)
    expect((await api('GET', `/api/banner/${ban.body.doc.id}`, { as: 'USER' })).status).toBe(404)
    expect((await api('GET', `/api/services/${svc.body.doc.id}`, { as: 'ADMIN' })).status).toBe(200)
    const list = await api('GET', '/api/services?limit=500', { as: 'visitor' })
    expect(list.body.docs.every((s: any) => s.active)).toBe(true)
  })

  it('closure authorship is hidden from the public', async () => {
    const res = await api('GET', '/api/business-closures?limit=5', { as: 'visitor' })
    expect(res.body.docs.length).toBeGreaterThan(0)
    for (const c of res.body.docs) expect(c).not.toHaveProperty('created_by')
  })
})

describe('PUT behaves as PATCH', () => {
  it('changes only the fields sent', async () => {
    const created = await api('POST', '/api/services', {
      as: 'ADMIN',
      body: { title: unique('Piega lunga'), time: 40, price: 30, description: 'Prima' },
    })
    const id = created.body.doc.id
    const res = await api('PUT', `/api/services/${id}`, { as: 'ADMIN', body: { price: 32 } })
    expect(res.status).toBe(200)
    const [row] = await sql('select title, time, price, description from services where id = $1', [id])
    expect(row).toMatchObject({ title: created.body.doc.title, description: 'Prima' })
    expect(Number(row.time)).toBe(40)
    expect(Number(row.price)).toBe(32)
  })
})

/**
 * Issue 22 (§4, §5, §9): who reads a customer's photo, what a profile may point at, which fields a
 * registration or an own update may set, and that wrong passwords lock out an address, not the owner.
 */
describe('issue 22: customers’ photos, the fields a customer sets, lockouts', () => {
  let owner: { token: string; id: number; uploadId: number; files: string[] }
  let other: { token: string; id: number }
  const myId = async (token: string) => (await api('GET', '/api/auth/me', { token })).body.user.id as number

  beforeAll(async () => {
    const [a, b] = await registerCustomers(2, 'i22-photo')
    const put = await api('PUT', '/api/auth/me/avatar', {
      token: a!,
      rawBody: uploadForm({}, { name: 'me.png', data: PNG_8x8, type: 'image/png' }),
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    const id = await myId(a!)
    const [row] = await sql(
      `select up.id, up.filename, up.sizes_x1_filename as x1, up.sizes_x2_filename as x2
         from users u join upload up on up.id = u.upload_id where u.id = $1`,
      [id],
    )
    owner = { token: a!, id, uploadId: row.id, files: [row.filename, row.x1, row.x2].filter(Boolean) }
    other = { token: b!, id: await myId(b!) }
  })

  it('a customer’s photo is listed and read by its owner and the staff only (REST, file, resizer)', async () => {
    const cases: [string, { token?: string | null; as?: Role }, boolean][] = [
      ['visitor', { token: null }, false],
      ['another customer', { token: other.token }, false],
      ['the owner', { token: owner.token }, true],
      ['OPERATOR', { as: 'OPERATOR' }, true],
      ['ADMIN', { as: 'ADMIN' }, true],
    ]
    for (const [who, as, sees] of cases) {
      const list = await api('GET', '/api/upload?where[name][like]=avatar&limit=1000', as)
      expect(list.status, who).toBe(200)
      const listed = list.body.docs.map((d: any) => d.id)
      expect(listed.includes(owner.uploadId), who).toBe(sees)
      if (!sees) expect(listed.includes(owner.uploadId), who).toBe(false)
      const one = await api('GET', `/api/upload/${owner.uploadId}`, as)
      expect(one.status, who).toBe(sees ? 200 : 404)
      for (const file of owner.files) {
        const res = await api('GET', `/api/upload/file/${file}`, as)
        if (sees) expect(res.status, `${who} ${file}`).toBe(200)
        else expect([401, 403, 404], `${who} ${file} → ${res.status}`).toContain(res.status)
      }
    }
    // In the browser the photo is an <img>: the session cookie of a same-origin request is enough.
    const viaCookie = await fetch(`${BASE_URL}/api/upload/file/${owner.files[0]}`, {
      headers: { cookie: `payload-token=${owner.token}`, 'sec-fetch-site': 'same-origin' },
    })
    expect(viaCookie.status).toBe(200)
    expect(viaCookie.headers.get('content-type')).toMatch(/^image\//)
    // The resizer has no session: it serves no profile photo to anyone.
    expect((await api('GET', `/api/img/w_480/${owner.files[0]}`)).status).toBe(404)
    // The salon's own images stay public.
    const salon = await api('GET', '/api/upload?limit=5')
    expect(salon.body.docs.length).toBeGreaterThan(0)
  })

  it('a profile points only at its owner’s own photo: PUT /api/auth/me and PATCH /api/users/:id refuse `upload`', async () => {
    const [salonImage] = await sql(`select id from upload where owner is null order by id limit 1`).catch(() =>
      sql(`select id from upload where name not like 'avatar-%' order by id limit 1`),
    )
    for (const target of [owner.uploadId, salonImage.id]) {
      const me = await api('PUT', '/api/auth/me', { token: other.token, body: { upload: target } })
      expect(me.status, JSON.stringify(me.body)).toBe(400)
      expect(errorPaths(me.body)).toEqual(['upload'])
      const rest = await api('PATCH', `/api/users/${other.id}`, { token: other.token, body: { upload: target } })
      expect(rest.status, JSON.stringify(rest.body)).toBe(400)
      expect(errorPaths(rest.body)).toEqual(['upload'])
    }
    expect((await sql('select upload_id from users where id = $1', [other.id]))[0].upload_id).toBeNull()
    // So the owner can still remove their photo (no 409 naming someone else).
    const removed = await api('DELETE', '/api/auth/me/avatar', { token: owner.token })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(await sql('select id from upload where id = $1', [owner.uploadId])).toEqual([])
  })

  it('registration takes the form’s fields only: createdAt, upload, sessions… are named and nothing is written', async () => {
    const [photo] = await sql(`select id from upload order by id limit 1`)
    const extras: Record<string, unknown>[] = [
      { createdAt: '2020-01-01T00:00:00.000Z' },
      { upload: photo.id },
      { sessions: [{ id: 'planted-session', createdAt: new Date().toISOString(), expiresAt: '2099-01-01T00:00:00Z' }] },
      { email_verified_at: '2020-01-01T00:00:00.000Z' },
      { privacy_accepted_at: '2020-01-01T00:00:00.000Z' },
      { hash: 'x', salt: 'y' },
      { invite: true },
      { loyalty: 'gold' },
    ]
    for (const extra of extras) {
      const email = `${unique('i22-reg')}@example.com`
      const res = await api('POST', '/api/users', {
        body: { email, password: 'password123', name: 'Nuova', surname: 'Cliente', ...extra },
      })
      expect(res.status, `${Object.keys(extra)} → ${JSON.stringify(res.body)}`).toBe(400)
      expect(errorPaths(res.body).sort()).toEqual(Object.keys(extra).sort())
      expect(res.body.errors[0].data.errors[0].code).toMatch(/^(SET_BY_SERVER|FIELD_NOT_ACCEPTED)$/)
      expect(await sql('select id from users where email = $1', [email])).toEqual([])
    }
  })

  it('a customer’s own update names what it may not set (REST and PUT /api/auth/me)', async () => {
    const before = (await sql('select created_at, email_verified_at from users where id = $1', [other.id]))[0]
    for (const extra of [
      { createdAt: '2020-01-01T00:00:00.000Z' },
      { sessions: [{ id: 'planted', createdAt: new Date().toISOString(), expiresAt: '2099-01-01T00:00:00Z' }] },
      { email_verified_at: '2020-01-01T00:00:00.000Z' },
      { privacy_accepted_at: '2020-01-01T00:00:00.000Z' },
    ]) {
      const rest = await api('PATCH', `/api/users/${other.id}`, { token: other.token, body: { name: 'Ok', ...extra } })
      expect(rest.status, JSON.stringify(rest.body)).toBe(400)
      expect(errorPaths(rest.body)).toEqual(Object.keys(extra))
      const me = await api('PUT', '/api/auth/me', { token: other.token, body: { name: 'Ok', ...extra } })
      expect(me.status, JSON.stringify(me.body)).toBe(400)
      expect(errorPaths(me.body)).toEqual(Object.keys(extra))
    }
    expect((await sql('select created_at, email_verified_at from users where id = $1', [other.id]))[0]).toEqual(before)
    expect(await sql(`select id from users_sessions where id like 'planted%'`)).toEqual([])
  })

  it('five wrong passwords lock one address out of the account, not its owner elsewhere', async () => {
    const email = `${unique('i22-lock')}@example.com`
    const reg = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Lia' } })
    expect(reg.status).toBe(201)
    const attacker = { 'x-forwarded-for': freshAddress() }
    for (let i = 0; i < 5; i++)
      expect(
        (await api('POST', '/api/auth/login', { body: { email, password: 'sbagliata' }, headers: attacker })).status,
      ).toBe(401)
    const blocked = await api('POST', '/api/auth/login', {
      body: { email, password: 'password123' },
      headers: attacker,
    })
    expect(blocked.status).toBe(429)
    const owner = await api('POST', '/api/auth/login', {
      body: { email, password: 'password123' },
      headers: { 'x-forwarded-for': freshAddress() },
    })
    expect(owner.status, JSON.stringify(owner.body)).toBe(200)
    await expect(login(email, 'password123')).resolves.toBeTruthy()
  })
})

/**
 * Issue 22 §5, findings 1, 6 and 7: what a signed-in account could reach beyond its role — the
 * document locks of Payload's internal collections, an operator booking or moving into what is not
 * theirs, and a calendar feed that outlived its operator.
 */
describe('issue 22: internal collections, operators’ reach, feeds of former operators', () => {
  const codeOf = (body: any) => body?.errors?.[0]?.data?.code
  const fieldOf = (body: any) => body?.errors?.[0]?.data?.field

  /** Free starts of an operator for a Piega about eleven months ahead (staff book up to a year ahead). */
  async function freeStarts(operator: number, fromDay: number, n: number): Promise<string[]> {
    const out: string[] = []
    for (let d = fromDay; out.length < n && d < fromDay + 20; d++) {
      const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
      const res = await api(
        'GET',
        `/api/reservations/book-slots?date=${day}&services=${ids.service}&operator=${operator}`,
        { as: 'ADMIN' },
      )
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      out.push(...res.body.slots.filter((_: unknown, i: number) => i % 8 === 0).map((s: any) => s.start))
    }
    expect(out.length).toBeGreaterThanOrEqual(n)
    return out.slice(0, n)
  }

  it('nobody locks a document: the lock, preference, migration and job collections have no REST path', async () => {
    for (const as of ['USER', 'OPERATOR', 'ADMIN'] as const) {
      const lock = await api('POST', '/api/payload-locked-documents', {
        as,
        body: {
          document: { relationTo: 'category', value: ids.category },
          user: { relationTo: 'users', value: ids.customer },
        },
      })
      expect(lock.status, `${as} lock → ${JSON.stringify(lock.body)}`).toBe(404)
      for (const c of ['payload-locked-documents', 'payload-preferences', 'payload-migrations', 'payload-jobs'])
        expect((await api('GET', `/api/${c}`, { as })).status, `${as} GET /api/${c}`).toBe(404)
    }
    // The admin's next change of the category goes through (no 423 DOCUMENT_LOCKED).
    const res = await api('PATCH', `/api/category/${ids.category}`, { as: 'ADMIN', body: { position: 2 } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const del = await api('DELETE', '/api/payload-preferences/1', { as: 'USER' })
    expect(del.status).toBe(404)
  })

  it('an OPERATOR books only someone who already is a client of their agenda; anyone else is an unknown customer', async () => {
    const [stranger, marcosClient] = await registerCustomers(2, 'i22stranger')
    const idOf = async (token: string | undefined) =>
      (await api('GET', '/api/auth/me', { token })).body.user.id as number
    const strangerId = await idOf(stranger)
    const marcosClientId = await idOf(marcosClient)
    const [first, second, third] = await freeStarts(ids.giulia, 330, 3)
    const [atMarco] = await freeStarts(ids.marco, 330, 1)
    // A client of a colleague's agenda only (Marco's), booked there by the admin.
    const withMarco = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: marcosClientId, services: [ids.service], operator: ids.marco, date_start: atMarco },
    })
    expect(withMarco.status, JSON.stringify(withMarco.body)).toBe(201)
    const before = await count('reservations')
    for (const user of [strangerId, marcosClientId, ids.admin, 99_999_999]) {
      const res = await api('POST', '/api/reservations/book', {
        as: 'OPERATOR',
        body: { user, services: [ids.service], operator: ids.giulia, date_start: first },
      })
      expect(res.status, `user ${user}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(codeOf(res.body)).toBe('UNKNOWN_CUSTOMER')
      expect(fieldOf(res.body)).toBe('user')
      expect(JSON.stringify(res.body)).not.toContain('@')
    }
    expect(await count('reservations')).toBe(before)
    // Once the salon has booked the stranger with Giulia, Giulia may book them again herself.
    const byAdmin = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: strangerId, services: [ids.service], operator: ids.giulia, date_start: first },
    })
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201)
    const byOperator = await api('POST', '/api/reservations/book', {
      as: 'OPERATOR',
      body: { user: strangerId, services: [ids.service], operator: ids.giulia, date_start: second },
    })
    expect(byOperator.status, JSON.stringify(byOperator.body)).toBe(201)
    // Herself, as a customer of her own agenda: allowed.
    const self = await api('POST', '/api/reservations/book', {
      as: 'OPERATOR',
      body: { user: ids.operatorUser, services: [ids.service], operator: ids.giulia, date_start: third },
    })
    expect(self.status, JSON.stringify(self.body)).toBe(201)
  })

  it('an OPERATOR moves a booking only within their own agenda: a colleague or "any" is refused like booking there', async () => {
    const [start, later] = await freeStarts(ids.giulia, 340, 2)
    const [marcoFree] = await freeStarts(ids.marco, 340, 1)
    const booked = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: ids.otherCustomer, services: [ids.service], operator: ids.giulia, date_start: start },
    })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const id = booked.body.data.id as number
    const bookThere = await api('POST', '/api/reservations/book', {
      as: 'OPERATOR',
      body: { user: ids.otherCustomer, services: [ids.service], operator: ids.marco, date_start: marcoFree },
    })
    expect(bookThere.status).toBe(403)
    for (const operator of [ids.marco, 'any'] as const) {
      for (const [method, path] of [
        ['POST', `/api/reservations/${id}/move`],
        ['PATCH', `/api/reservations/${id}/edit`],
      ] as const) {
        const res = await api(method, path, { as: 'OPERATOR', body: { date_start: marcoFree, operator } })
        expect(res.status, `${method} ${path} → ${operator}: ${JSON.stringify(res.body)}`).toBe(403)
        expect(codeOf(res.body)).toBe(codeOf(bookThere.body))
        expect(fieldOf(res.body)).toBe('operator')
      }
      const day = marcoFree!.slice(0, 10)
      const slots = await api('GET', `/api/reservations/${id}/move-slots?date=${day}&operator=${operator}`, {
        as: 'OPERATOR',
      })
      expect(slots.status, JSON.stringify(slots.body)).toBe(403)
    }
    const [row] = await sql('select operator_id, date_start from reservations where id = $1', [id])
    expect(row.operator_id).toBe(ids.giulia)
    expect(new Date(row.date_start).toISOString()).toBe(start)
    // Within her own agenda she still moves it; the admin may give it to Marco.
    const own = await api('POST', `/api/reservations/${id}/move`, {
      as: 'OPERATOR',
      body: { date_start: later, operator: ids.giulia },
    })
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    const admin = await api('POST', `/api/reservations/${id}/move`, {
      as: 'ADMIN',
      body: { date_start: marcoFree, operator: ids.marco },
    })
    expect(admin.status, JSON.stringify(admin.body)).toBe(200)
  })

  /** A new OPERATOR account linked to a new (inactive) operator record, and its feed's path. */
  async function operatorWithFeed(prefix: string) {
    const email = `${unique(prefix)}@example.com`
    const created = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Ex' } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const userId = created.body.doc.id as number
    expect((await api('PATCH', `/api/users/${userId}`, { as: 'ADMIN', body: { user_role: 'OPERATOR' } })).status).toBe(
      200,
    )
    const record = await api('POST', '/api/operators', {
      as: 'ADMIN',
      body: { name: 'Ex', surname: 'Operatore', active: false, user: userId },
    })
    expect(record.status, JSON.stringify(record.body)).toBe(201)
    const token = await login(email, 'password123')
    const feed = await api('POST', `/api/operators/${record.body.doc.id}/feed`, { token })
    expect(feed.status, JSON.stringify(feed.body)).toBe(200)
    const path = new URL(feed.body.data.url).pathname
    expect((await api('GET', path, { token: null })).status).toBe(200)
    return { userId, operatorId: record.body.doc.id as number, path, token }
  }

  it('a calendar feed stops as soon as its operator is demoted, unlinked or the record given to someone else', async () => {
    const demoted = await operatorWithFeed('i22demoted')
    expect(
      (await api('PATCH', `/api/users/${demoted.userId}`, { as: 'ADMIN', body: { user_role: 'USER' } })).status,
    ).toBe(200)
    expect((await api('GET', demoted.path, { token: null })).status).toBe(404)

    const unlinked = await operatorWithFeed('i22unlinked')
    expect(
      (await api('PATCH', `/api/operators/${unlinked.operatorId}`, { as: 'ADMIN', body: { user: null } })).status,
    ).toBe(200)
    expect((await api('GET', unlinked.path, { token: null })).status).toBe(404)

    // Linked to another operator's login: the old link (the first person's) must not show their agenda.
    const relinked = await operatorWithFeed('i22relinked')
    const successor = await operatorWithFeed('i22successor')
    await api('PATCH', `/api/operators/${successor.operatorId}`, { as: 'ADMIN', body: { user: null } })
    expect(
      (
        await api('PATCH', `/api/operators/${relinked.operatorId}`, {
          as: 'ADMIN',
          body: { user: successor.userId },
        })
      ).status,
    ).toBe(200)
    expect((await api('GET', relinked.path, { token: null })).status).toBe(404)
    // The new login of the record makes a link of its own, which works.
    const fresh = await api('POST', `/api/operators/${relinked.operatorId}/feed`, { token: successor.token })
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200)
    expect((await api('GET', new URL(fresh.body.data.url).pathname, { token: null })).status).toBe(200)
  })
})
