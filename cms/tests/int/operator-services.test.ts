import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, sql, unique } from './helpers'

/**
 * "Services this person performs" from the operator's form (issue 11): a virtual field on
 * operators, stored on each service (`services.operators`, empty = everyone), written in the
 * operator's own transaction by the engine's plan (shared/src/booking/staffing.ts).
 */

const created = { services: [] as number[], operators: [] as number[] }
let giulia: number

const operatorsOf = async (service: number) =>
  (
    await sql(
      `select operators_id from services_rels where parent_id = $1 and path = 'operators' order by operators_id`,
      [service],
    )
  ).map((r) => Number(r.operators_id))

async function newService(title: string, operators: number[]) {
  const res = await api('POST', '/api/services', {
    as: 'ADMIN',
    body: { title: unique(title), time: 30, price: 20, operators, active: false },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  created.services.push(res.body.doc.id)
  return res.body.doc.id as number
}

beforeAll(async () => {
  ;[{ id: giulia }] = await sql(`select id from operators where name = 'Giulia'`)
})

afterAll(async () => {
  for (const id of created.services) await api('DELETE', `/api/services/${id}`, { as: 'ADMIN' })
  for (const id of created.operators) await api('DELETE', `/api/operators/${id}`, { as: 'ADMIN' })
})

describe('operators: the services they perform', () => {
  it('create and edit from the operator’s side; "everyone" services are kept right', async () => {
    const listed = await newService('Solo Giulia', [giulia])
    const everyone = await newService('Per tutti', [])

    // A new (inactive, so the public times stay as they are) operator who also does `listed`.
    const res = await api('POST', '/api/operators', {
      as: 'ADMIN',
      body: { name: 'Nuova', active: false, services: [listed, everyone] },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const me = res.body.doc.id as number
    created.operators.push(me)
    expect(res.body.doc.services).toEqual(expect.arrayContaining([listed, everyone]))
    expect(await operatorsOf(listed)).toEqual([giulia, me].sort((a, b) => a - b))
    expect(await operatorsOf(everyone)).toEqual([]) // still everyone's

    // The admin reads the list back; the public does not see it.
    const read = await api('GET', `/api/operators/${me}`, { as: 'ADMIN' })
    expect(read.body.services).toEqual(expect.arrayContaining([listed, everyone]))
    expect((await api('GET', `/api/operators/${giulia}`)).body).not.toHaveProperty('services')

    // Off the "everyone" service: everybody else is listed, so nobody else loses it.
    const off = await api('PATCH', `/api/operators/${me}`, { as: 'ADMIN', body: { services: [listed] } })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    const all = (await sql('select id from operators order by id')).map((r) => Number(r.id))
    expect(await operatorsOf(everyone)).toEqual(all.filter((o) => o !== me))
    expect(await operatorsOf(listed)).toEqual([giulia, me].sort((a, b) => a - b))

    // A save without `services` leaves them alone.
    expect((await api('PATCH', `/api/operators/${me}`, { as: 'ADMIN', body: { position: 7 } })).status).toBe(200)
    expect(await operatorsOf(listed)).toEqual([giulia, me].sort((a, b) => a - b))
  })

  it('a service is never left with nobody: 409 on the field, and nothing of the save is written', async () => {
    const res = await api('POST', '/api/operators', { as: 'ADMIN', body: { name: 'Unica', active: false } })
    const me = res.body.doc.id as number
    created.operators.push(me)
    const onlyMe = await newService('Solo lei', [me])

    const refused = await api('PATCH', `/api/operators/${me}`, {
      as: 'ADMIN',
      body: { name: 'Rinominata', services: [] },
    })
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].data.reason).toBe('SERVICE_WITHOUT_OPERATOR')
    expect(errorPaths(refused.body)).toEqual(['services'])
    expect(await operatorsOf(onlyMe)).toEqual([me])
    expect((await sql('select name from operators where id = $1', [me]))[0].name).toBe('Unica')
  })

  it('bad lists are 400 naming services; only admins write', async () => {
    const res = await api('POST', '/api/operators', { as: 'ADMIN', body: { name: 'Prova', active: false } })
    const me = res.body.doc.id as number
    created.operators.push(me)
    const listed = await newService('Doppio', [giulia])
    for (const services of [[999_999], [listed, listed], ['uno'], 'tutti']) {
      const bad = await api('PATCH', `/api/operators/${me}`, { as: 'ADMIN', body: { name: 'Cambiato', services } })
      expect(bad.status, JSON.stringify({ services, body: bad.body })).toBe(400)
      expect(errorPaths(bad.body)).toContain('services')
    }
    expect((await sql('select name from operators where id = $1', [me]))[0].name).toBe('Prova')
    for (const as of ['USER', 'OPERATOR'] as const)
      expect((await api('PATCH', `/api/operators/${me}`, { as, body: { services: [listed] } })).status).toBe(403)
    expect(await operatorsOf(listed)).toEqual([giulia])
  })
})
