/**
 * The confirm on server.ts's fast path (reservations/endpoints/fastWrites.ts) answers exactly what the Payload
 * endpoint answers through Next: the stack's app (fast path on, as in production) is compared
 * with a second process on the same PostgreSQL started with FAST_PATH=off. Authentication is
 * Payload's own JWT code on both paths; with the fast path on, the caller's row is read in one
 * statement (accounts/leanAuth.ts) instead of Payload's user load — so a token ended by "esci da tutti i
 * dispositivi" or a logout is refused, an auth cookie sent cross-site is ignored, and a role changed
 * after login counts at once, exactly as with Payload's load. The contention guarantees through the
 * fast path are contention.test.ts / two-processes.test.ts / sigkill.test.ts (the stack's apps
 * serve the confirm on the fast path).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BASE_URL,
  api,
  errorPaths,
  freeDay,
  registerCustomers,
  sql,
  startApp,
  type AppProcess,
  type ApiResult,
  type Slot,
  daySlots,
} from './helpers'

let slow: AppProcess
let service: number
let day: string
let slots: Slot[]

beforeAll(async () => {
  slow = await startApp('confirm-no-fast-path', { env: { FAST_PATH: 'off' } })
  ;[{ id: service }] = await sql(`select id from services where active and title = 'Piega'`)
  day = await freeDay(service, 59)
  slots = await daySlots(day, [service], 'any')
}, 60_000)
afterAll(async () => {
  await slow?.stop()
})

const draft = async (token: string) =>
  (await api('POST', '/api/reservations/create-session', { token })).body.data.id as number

type Call = Parameters<typeof api>[2]
/** The same call through the fast path (the stack's app) and through Next + Payload (FAST_PATH=off). */
async function both(fastCall: Call, slowCall: Call = fastCall): Promise<[ApiResult, ApiResult]> {
  return [
    await api('POST', '/api/reservations/confirm', fastCall),
    await api('POST', '/api/reservations/confirm', { ...slowCall, base: slow.base }),
  ]
}

const same = ([fast, viaPayload]: [ApiResult, ApiResult], label: string) =>
  expect({ status: fast.status, body: fast.body }, label).toEqual({ status: viaPayload.status, body: viaPayload.body })

describe('confirm on the fast path', () => {
  it('a booking: the same answer as the Payload endpoint (message, booking as its customer reads it)', async () => {
    const [token] = await registerCustomers(1, 'fastok')
    const [a, b] = [await draft(token!), await draft(token!)]
    const [s1, s2] = [slots[0]!, slots[4]!]
    const [fast, viaPayload] = await both(
      { token, body: { id: a, services: [service], operator: s1.operators[0], date_start: s1.start, note: 'fast' } },
      { token, body: { id: b, services: [service], operator: s2.operators[0], date_start: s2.start, note: 'fast' } },
    )
    expect(fast.status, JSON.stringify(fast.body)).toBe(200)
    expect(viaPayload.status, JSON.stringify(viaPayload.body)).toBe(200)
    // Served without Next: none of the headers Next adds to its route answers (Vary: rsc, …).
    expect(viaPayload.headers.get('vary')).toMatch(/rsc/)
    expect(fast.headers.get('vary')).toBeNull()
    expect(fast.headers.get('content-type')).toMatch(/^application\/json/)
    expect(fast.body.data.id).toBe(a)
    expect(fast.body.data.date_start).toBe(s1.start)
    // Everything but the booking's own id, time, operator and timestamps is the same.
    const strip = ({
      id: _i,
      date_start: _s,
      date_end: _e,
      operator: _o,
      createdAt: _c,
      updatedAt: _u,
      ...rest
    }: any) => rest
    expect(Object.keys(fast.body.data).sort()).toEqual(Object.keys(viaPayload.body.data).sort())
    expect({ ...fast.body, data: strip(fast.body.data) }).toEqual({
      ...viaPayload.body,
      data: strip(viaPayload.body.data),
    })
    // The booking in the answer is the booking as its customer reads it — field for field, on both
    // paths (the confirm builds it from the row its write returned: repository.ts `reservationDoc`).
    for (const [answer, base] of [
      [fast, undefined],
      [viaPayload, slow.base],
    ] as const) {
      const read = await api('GET', `/api/reservations/${answer.body.data.id}?depth=0`, { token, base })
      expect(read.status).toBe(200)
      expect(answer.body.data).toEqual(read.body)
    }
    const events = await sql(`select kind, actor_role from reservation_events where reservation_id = $1 order by id`, [
      a,
    ])
    expect(events.map((e) => e.kind)).toEqual(['CREATED', 'CONFIRMED'].slice(0, events.length))
    expect(events.length).toBe(2)
  })

  it('401 for a visitor, 404 for another customer’s draft, 409 on a taken time — as through Payload', async () => {
    const [owner, other, late] = await registerCustomers(3, 'fastrefuse')
    const mine = await draft(owner!)
    const body = (id: number, slot = slots[8]!) => ({
      id,
      services: [service],
      operator: slot.operators[0],
      date_start: slot.start,
    })
    const visitor = await both({ token: null, body: body(mine) })
    expect(visitor[0].status).toBe(401)
    same(visitor, 'visitor')

    const notYours = await both({ token: other, body: body(mine) })
    expect(notYours[0].status).toBe(404)
    same(notYours, 'another customer’s draft')

    // The time is taken (booked through the fast path), then asked for again through both paths.
    expect((await api('POST', '/api/reservations/confirm', { token: owner, body: body(mine) })).status).toBe(200)
    const [x, y] = [await draft(late!), await draft(late!)]
    const taken = await both({ token: late, body: body(x) }, { token: late, body: body(y) })
    expect(taken[0].status).toBe(409)
    same(taken, 'taken time')
    // A draft already confirmed: 409 too.
    const again = await both({ token: owner, body: body(mine, slots[12]!) })
    expect(again[0].status).toBe(409)
    same(again, 'confirmed draft')
  })

  it('400 on bad input naming the field — as through Payload', async () => {
    const [token] = await registerCustomers(1, 'fastbad')
    const id = await draft(token!)
    const s = slots[16]!
    const cases: [string, Call, string][] = [
      ['no date_start', { token, body: { id, services: [service] } }, 'date_start'],
      ['services not a list', { token, body: { id, services: 'x', date_start: s.start } }, 'services'],
      ['no such service', { token, body: { id, services: [999999], date_start: s.start } }, 'services'],
      [
        'no such operator',
        { token, body: { id, services: [service], operator: 999999, date_start: s.start } },
        'operator',
      ],
      ['broken JSON', { token, rawBody: '{"id": ', headers: { 'content-type': 'application/json' } }, 'body'],
      ['an array', { token, rawBody: '[1]', headers: { 'content-type': 'application/json' } }, 'body'],
      ['not JSON at all', { token, rawBody: 'id=1', headers: { 'content-type': 'text/plain' } }, 'body'],
    ]
    for (const [label, call, field] of cases) {
      const answers = await both(call)
      expect(answers[0].status, `${label}: ${JSON.stringify(answers[0].body)}`).toBe(400)
      expect(
        errorPaths(answers[0].body).some((p) => p === field || p.startsWith(`${field}.`)),
        `${label}: ${JSON.stringify(answers[0].body)}`,
      ).toBe(true)
      same(answers, label)
    }
    // Nothing of that changed the draft.
    const [row] = await sql(`select status, date_start from reservations where id = $1`, [id])
    expect(row).toEqual({ status: 'PENDING_CONFIRMATION', date_start: null })
  })

  it('the role is read on every request: promoted to operator (user in one statement) or admin (Payload’s load) after login — as through Payload', async () => {
    const tokens = await registerCustomers(2, 'fastpromoted')
    for (const [role, k, token] of [
      ['OPERATOR', 1, tokens[0]!],
      ['ADMIN', 9, tokens[1]!],
    ] as const) {
      // Same token, new role: nothing of the role lives in the token.
      await sql(`update users set user_role = $2 where id = (select user_id from reservations where id = $1)`, [
        await draft(token),
        role,
      ])
      const [s1, s2] = [slots.at(-k)!, slots.at(-k - 4)!]
      const [a, b] = [await draft(token), await draft(token)]
      const [fast, viaPayload] = await both(
        { token, body: { id: a, services: [service], operator: s1.operators[0], date_start: s1.start } },
        { token, body: { id: b, services: [service], operator: s2.operators[0], date_start: s2.start } },
      )
      expect(fast.status, `${role} ${JSON.stringify(fast.body)}`).toBe(200)
      expect(viaPayload.status, `${role} ${JSON.stringify(viaPayload.body)}`).toBe(200)
      expect(fast.body.data.id).toBe(a)
      expect(fast.body.data.customer ?? fast.body.data.user).toEqual(
        viaPayload.body.data.customer ?? viaPayload.body.data.user,
      )
      const [event] = await sql(
        `select actor_role from reservation_events where reservation_id = $1 and kind = 'CONFIRMED'`,
        [a],
      )
      expect(event?.actor_role).toBe(role)
      // Back to a customer: no stray admin or operator for the other files.
      await sql(`update users set user_role = 'USER' where id = (select user_id from reservations where id = $1)`, [a])
    }
  })

  it('a token ended by logout or "esci da tutti i dispositivi" is refused (401), as through Payload', async () => {
    const [viaAll, viaLogout] = await registerCustomers(2, 'fastrevoked')
    for (const [token, end] of [
      [viaAll!, '/api/auth/logout-all'],
      [viaLogout!, '/api/auth/logout'],
    ] as const) {
      const id = await draft(token)
      const body = { id, services: [service], date_start: slots[20]!.start }
      expect((await api('POST', end, { token })).status).toBe(200)
      const answers = await both({ token, body })
      expect(answers[0].status, end).toBe(401)
      same(answers, end)
      const [row] = await sql(`select status from reservations where id = $1`, [id])
      expect(row.status).toBe('PENDING_CONFIRMATION')
    }
    // A forged token (signature of another secret) is no login either.
    const [token] = await registerCustomers(1, 'fastforged')
    const [head, claims] = token!.split('.')
    const forged = await both({
      token: `${head}.${claims}.AAAA`,
      body: { id: 1, services: [service], date_start: slots[20]!.start },
    })
    expect(forged[0].status).toBe(401)
    same(forged, 'forged token')
  })

  it('the auth cookie: honoured from the same origin, ignored cross-site (CSRF), like every Payload request', async () => {
    const [token] = await registerCustomers(1, 'fastcookie')
    const [a, b] = [await draft(token!), await draft(token!)]
    const cookie = `payload-token=${token}`
    const crossSite = await api('POST', '/api/reservations/confirm', {
      token: null,
      headers: { cookie, origin: 'https://evil.example' },
      body: { id: a, services: [service], date_start: slots[24]!.start },
    })
    expect(crossSite.status).toBe(401)
    const sameOrigin = await api('POST', '/api/reservations/confirm', {
      token: null,
      headers: { cookie, origin: BASE_URL },
      body: { id: b, services: [service], date_start: slots[24]!.start },
    })
    expect(sameOrigin.status, JSON.stringify(sameOrigin.body)).toBe(200)
    expect(sameOrigin.body.data.id).toBe(b)
  })
})
