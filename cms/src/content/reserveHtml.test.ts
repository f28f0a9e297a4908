import { describe, expect, it, vi } from 'vitest'
import { htmlVariants } from './homeHtml'
import { createReservePages, TIMES_TTL_MS, timesQueryOf } from './reserveHtml'

/** `/reserve` rendered by the server: which times it reads, how fresh, what it reuses, what it does on failure. */

const q = (s: string) => new URLSearchParams(s)
const home = { etag: '"v1"', data: { categories: [] } }

function setup(answer: (route: string, query: Record<string, string>) => Promise<unknown>) {
  let clock = 1_000
  const availability = vi.fn(answer)
  const render = vi.fn(
    async (_route: string, input: { url: string; reserveTimes: unknown }) =>
      `<p>${input.url} ${JSON.stringify(input.reserveTimes)}</p>`,
  )
  const log = vi.fn()
  const pages = createReservePages({ availability, htmlVariants, now: () => clock, log })
  return {
    availability,
    render,
    log,
    page: (search: string) => pages.page({ render }, home, q(search), 'https://salone.example'),
    tick: (ms: number) => (clock += ms),
  }
}

describe('timesQueryOf', () => {
  it('reads times only for the day-and-time step, as the wizard reaches it', () => {
    expect(timesQueryOf(q('services=3,7'))).toEqual({ services: '3,7', operator: 'any', day: null })
    expect(timesQueryOf(q('services=3&operator=2&day=2026-12-01&step=when'))).toEqual({
      services: '3',
      operator: '2',
      day: '2026-12-01',
    })
    expect(timesQueryOf(q(''))).toBeNull() // the services step
    expect(timesQueryOf(q('services=3&step=operator'))).toBeNull()
    expect(timesQueryOf(q('services=x'))).toBeNull() // a bad value is dropped: nothing chosen
    expect(timesQueryOf(q('services=3&move=12'))).toBe('skip') // a move: the browser's
    // The services step's GET form repeats `services`; with no step the day step is reached.
    expect(timesQueryOf(q('services=3&services=7'))).toEqual({ services: '3,7', operator: 'any', day: null })
    expect(timesQueryOf(q('services=3&services=7&step=operator'))).toBeNull()
  })
})

describe('createReservePages', () => {
  const first = { day: '2026-12-01', slots: [{ start: '2026-12-01T08:00:00.000Z' }] }
  const december = { month: '2026-12', timezone: 'Europe/Rome', days: ['2026-12-01', '2026-12-03'] }
  /** The month read answers the month; the others `answer`. */
  const withMonth = (answer: () => unknown) => async (route: string) =>
    route === '/availability-month' ? december : answer()

  it('renders with the first free day (one query) and its month’s free days, reuses them for a few seconds, then asks again', async () => {
    const t = setup(withMonth(() => first))
    const a = await t.page('services=3')
    expect(t.availability.mock.calls).toEqual([
      ['/first-free', { services: '3', operator: 'any' }],
      ['/availability-month', { month: '2026-12', services: '3', operator: 'any' }],
    ])
    expect(t.render.mock.calls[0]![1]).toMatchObject({
      url: '/reserve?services=3',
      reserveTimes: {
        kind: 'first-free',
        services: '3',
        operator: 'any',
        ...first,
        month: { month: '2026-12', days: december.days },
      },
    })
    expect(a!.identity.body.toString()).toContain('2026-12-01T08:00:00.000Z')
    t.tick(TIMES_TTL_MS - 1)
    expect(await t.page('services=3')).toBe(a) // same times, same page: neither read nor rendered again
    expect(t.availability).toHaveBeenCalledTimes(2)
    expect(t.render).toHaveBeenCalledTimes(1)
    t.tick(1)
    await t.page('services=3')
    expect(t.availability).toHaveBeenCalledTimes(4)
  })

  it('no free day ahead: no month to read; a month that cannot be read leaves it to the browser', async () => {
    const none = setup(async () => ({ day: null, slots: [] }))
    await none.page('services=3')
    expect(none.availability).toHaveBeenCalledTimes(1)
    expect(none.render.mock.calls[0]![1].reserveTimes).toMatchObject({ day: null, month: null })
    const failing = setup(async (route) => {
      if (route === '/availability-month') throw new Error('month failed')
      return first
    })
    await failing.page('services=3')
    expect(failing.render.mock.calls[0]![1].reserveTimes).toMatchObject({ ...first, month: null })
  })

  it('new times make a new page', async () => {
    let answer = first
    const t = setup(withMonth(() => answer))
    const a = await t.page('services=3')
    t.tick(TIMES_TTL_MS)
    answer = { day: '2026-12-02', slots: [] }
    const b = await t.page('services=3')
    expect(b).not.toBe(a)
    expect(b!.identity.body.toString()).toContain('2026-12-02')
  })

  it('the day in the URL: that day’s times', async () => {
    const t = setup(withMonth(() => ({ slots: [{ start: 'x' }] })))
    await t.page('services=3&day=2026-12-05&step=when')
    expect(t.availability).toHaveBeenCalledWith('/time-availability-day', {
      date: '2026-12-05',
      services: '3',
      operator: 'any',
    })
    expect(t.availability).toHaveBeenCalledWith('/availability-month', {
      month: '2026-12',
      services: '3',
      operator: 'any',
    })
    expect(t.render.mock.calls[0]![1].reserveTimes).toMatchObject({
      kind: 'day',
      day: '2026-12-05',
      month: { month: '2026-12', days: december.days },
    })
  })

  it('no times needed (services step) or a move: no read; a failed read renders without times', async () => {
    const t = setup(async () => {
      throw new Error('database down')
    })
    await t.page('')
    expect(t.availability).not.toHaveBeenCalled()
    expect(t.render.mock.calls[0]![1].reserveTimes).toBeNull()
    expect(await t.page('services=3&move=9')).toBeNull()
    const page = await t.page('services=3')
    expect(page).not.toBeNull()
    expect(t.render.mock.calls.at(-1)![1].reserveTimes).toBeNull()
    expect(t.log).toHaveBeenCalled()
  })
})
