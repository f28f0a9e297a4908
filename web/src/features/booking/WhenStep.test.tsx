import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SalonConfig } from './api'
import { WhenStep } from './WhenStep'

const api = vi.hoisted(() => ({ fetchMonthDays: vi.fn(), fetchDaySlots: vi.fn(), fetchFirstFree: vi.fn() }))
vi.mock('./api', () => api)

const config = { timezone: 'Europe/Rome', bookingHorizonDays: 90 } as SalonConfig
const choice = { services: [4, 1], operator: 'any' as const }

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00Z') })
  api.fetchMonthDays.mockReset()
  api.fetchDaySlots.mockReset()
  api.fetchFirstFree.mockReset()
})

describe('WhenStep', () => {
  it('with no day chosen, one first-free query opens the first free day with its times, in a later month too', async () => {
    const slots = [{ start: '2027-01-12T08:00:00.000Z', end: '2027-01-12T08:30:00.000Z', operators: [1] }]
    api.fetchFirstFree.mockResolvedValue({ day: '2027-01-12', slots })
    api.fetchMonthDays.mockImplementation(async (month: string) =>
      month === '2027-01' ? ['2027-01-12', '2027-01-13'] : [],
    )
    const onDay = vi.fn()
    render(<WhenStep choice={choice} config={config} onDay={onDay} onTime={() => {}} />)
    // The first test of the file also waits for the first render's modules on a busy machine.
    expect(await screen.findByRole('heading', { name: 'gennaio 2027' }, { timeout: 5000 })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: '09:00' })).toBeInTheDocument()
    expect(onDay).toHaveBeenCalledTimes(1)
    expect(onDay).toHaveBeenCalledWith('2027-01-12')
    expect(api.fetchFirstFree).toHaveBeenCalledTimes(1)
    expect(api.fetchFirstFree.mock.calls[0]![0]).toEqual({ services: [4, 1], operator: 'any' })
    // The day's times came with the answer: no second request for them.
    expect(api.fetchDaySlots).not.toHaveBeenCalled()
    await waitFor(() => expect(api.fetchMonthDays.mock.calls.map((c) => c[0])).toEqual(['2026-11', '2027-01']))
  })

  it('rendered by the server: the embedded times are shown at once and nothing is asked for them', async () => {
    api.fetchMonthDays.mockResolvedValue(['2026-11-26'])
    const slots = [{ start: '2026-11-26T13:30:00.000Z', end: '2026-11-26T14:00:00.000Z', operators: [2] }]
    const seed = { services: '4,1', operator: 'any', kind: 'first-free' as const, day: '2026-11-26', slots }
    render(<WhenStep choice={choice} config={config} onDay={() => {}} onTime={() => {}} seed={seed} />)
    // Synchronously, on the first render (as the server's HTML has them).
    expect(screen.getByRole('button', { name: '14:30' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /giovedì 26 novembre/ })).toBeInTheDocument()
    await waitFor(() => expect(api.fetchMonthDays).toHaveBeenCalledTimes(1))
    expect(api.fetchFirstFree).not.toHaveBeenCalled()
    expect(api.fetchDaySlots).not.toHaveBeenCalled()
  })

  it('embedded times for another choice are not used', async () => {
    api.fetchMonthDays.mockResolvedValue([])
    api.fetchFirstFree.mockResolvedValue({ day: null, slots: [] })
    const seed = { services: '9', operator: 'any', kind: 'first-free' as const, day: '2026-11-26', slots: [] }
    render(<WhenStep choice={choice} config={config} onDay={() => {}} onTime={() => {}} seed={seed} />)
    expect(await screen.findByText(/Non ci sono orari liberi nei prossimi mesi/)).toBeInTheDocument()
    expect(api.fetchFirstFree).toHaveBeenCalledTimes(1)
  })

  it('"Primo giorno disponibile" jumps back to the first free day from a later month', async () => {
    api.fetchMonthDays.mockImplementation(async (month: string) => (month === '2026-11' ? ['2026-11-26'] : []))
    api.fetchDaySlots.mockResolvedValue([])
    api.fetchFirstFree.mockResolvedValue({ day: '2026-11-26', slots: [] })
    const onDay = vi.fn()
    render(<WhenStep choice={{ ...choice, day: '2027-01-20' }} config={config} onDay={onDay} onTime={() => {}} />)
    expect(await screen.findByRole('heading', { name: 'gennaio 2027' })).toBeInTheDocument()
    expect(onDay).not.toHaveBeenCalled()
    expect(api.fetchFirstFree).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Primo giorno disponibile' }))
    expect(onDay).toHaveBeenCalledWith('2026-11-26')
    expect(await screen.findByRole('heading', { name: 'novembre 2026' })).toBeInTheDocument()
  })

  it('shows the day’s free times in the salon’s zone, grouped Mattina / Pomeriggio', async () => {
    api.fetchMonthDays.mockResolvedValue(['2026-11-24'])
    api.fetchDaySlots.mockResolvedValue([
      { start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T09:15:00.000Z', operators: [1] },
      { start: '2026-11-24T11:45:00.000Z', end: '2026-11-24T13:00:00.000Z', operators: [1] },
      { start: '2026-11-24T13:30:00.000Z', end: '2026-11-24T14:45:00.000Z', operators: [2] },
    ])
    const onTime = vi.fn()
    render(<WhenStep choice={{ ...choice, day: '2026-11-24' }} config={config} onDay={() => {}} onTime={onTime} />)
    const morning = await screen.findByRole('group', { name: 'Mattina' })
    expect(
      within(morning)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['09:00', '12:45'])
    const afternoon = screen.getByRole('group', { name: 'Pomeriggio' })
    expect(
      within(afternoon)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['14:30'])
    await userEvent.click(within(afternoon).getByRole('button', { name: '14:30' }))
    expect(onTime).toHaveBeenCalledWith('2026-11-24T13:30:00.000Z', '2026-11-24')
  })

  it('a day with no time left says so', async () => {
    api.fetchMonthDays.mockResolvedValue([])
    api.fetchDaySlots.mockResolvedValue([])
    render(<WhenStep choice={{ ...choice, day: '2026-11-24' }} config={config} onDay={() => {}} onTime={() => {}} />)
    expect(await screen.findByText(/non ci sono più orari liberi/)).toBeInTheDocument()
  })
})

describe('WhenStep: choosing a day brings its times into view', () => {
  const scrolls: { target: Element; options: ScrollIntoViewOptions }[] = []

  /** A screen `narrow` or not, with or without "reduce motion". */
  function screenLike({ narrow, reducedMotion }: { narrow: boolean; reducedMotion: boolean }) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion') ? reducedMotion : query.includes('max-width') && narrow,
      media: query,
    }))
  }

  /** The step as the wizard holds it: the chosen day comes back as the choice. */
  function Stateful() {
    const [day, setDay] = useState<string | undefined>()
    return <WhenStep choice={{ ...choice, day }} config={config} onDay={setDay} onTime={() => {}} />
  }

  beforeEach(() => {
    scrolls.length = 0
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolls.push({ target: this, options: options as ScrollIntoViewOptions })
    }
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => {
      run(0)
      return 0
    })
    api.fetchMonthDays.mockResolvedValue(['2026-11-24', '2026-11-26'])
    api.fetchFirstFree.mockImplementation(async () => ({ day: '2026-11-24', slots: await morning() }))
  })
  afterEach(() => vi.unstubAllGlobals())

  /** Opens the step (the first free day is shown without scrolling), then taps the 26th. */
  async function chooseThe26th(slots: () => Promise<unknown>) {
    api.fetchDaySlots.mockImplementation(slots)
    render(<Stateful />)
    await screen.findByRole('heading', { name: /martedì 24 novembre/ })
    await screen.findByRole('group', { name: 'Mattina' })
    expect(scrolls).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'giovedì 26 novembre' }))
  }

  const morning = async () => [{ start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T08:30:00.000Z', operators: [1] }]

  it('on a phone: scrolled to the times at once, and again once they have loaded (smooth)', async () => {
    screenLike({ narrow: true, reducedMotion: false })
    let loaded: (value: unknown) => void = () => {}
    // The 24th's times came with the first-free answer; the 26th's arrive when `loaded` is called.
    await chooseThe26th(() => new Promise((resolve) => (loaded = () => resolve(morning()))))
    const heading = await screen.findByRole('heading', { name: /giovedì 26 novembre/ })
    const times = heading.closest('.when__times')!
    expect(scrolls).toEqual([{ target: times, options: { behavior: 'smooth', block: 'start' } }])
    loaded(undefined)
    await screen.findByRole('group', { name: 'Mattina' })
    await waitFor(() => expect(scrolls).toHaveLength(2))
    expect(scrolls[1]).toEqual({ target: times, options: { behavior: 'smooth', block: 'start' } })
  })

  it('with "reduce motion" the page jumps instead of gliding', async () => {
    screenLike({ narrow: true, reducedMotion: true })
    await chooseThe26th(morning)
    await waitFor(() => expect(scrolls).toHaveLength(2))
    expect(scrolls.map((s) => s.options.behavior)).toEqual(['auto', 'auto'])
  })

  it('from md up the times sit beside the month: nothing scrolls', async () => {
    screenLike({ narrow: false, reducedMotion: false })
    await chooseThe26th(morning)
    await screen.findByRole('heading', { name: /giovedì 26 novembre/ })
    await screen.findByRole('group', { name: 'Mattina' })
    expect(scrolls).toEqual([])
  })
})
