import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import { giulia } from './shifts.fixture'

const fetchMyRota = vi.fn()
vi.mock('./api', () => ({ fetchMyRota: (...args: unknown[]) => fetchMyRota(...args) }))

const { MyShiftsCards } = await import('./MyShiftsCard')

describe('“I miei turni” in the operator’s reserved area (issue 23)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Tuesday 1 December 2026, 10:00 in Rome: only the clock is fake (Testing Library’s waits stay real).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-01T09:00:00.000Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
    fetchMyRota.mockReset()
  })

  it('shows the weeks with their hours, a day a line, in warm short Italian', async () => {
    fetchMyRota.mockResolvedValue([giulia])
    render(<MyShiftsCards />)
    await screen.findByRole('heading', { name: /Questa settimana/ })
    const card = screen.getByRole('region', { name: 'I miei turni' })
    expect(within(card).getByText(/Le prossime quattro settimane/)).toBeInTheDocument()
    expect(
      within(card)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Questa settimana, 16 h di lavoro',
      'La prossima settimana, nessun turno',
      'Settimana dal 14 dicembre, 9 h di lavoro',
    ])
    const thisWeek = within(card).getByRole('region', { name: /Questa settimana/ })
    const lines = within(thisWeek)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    // What a screen reader gets: the whole day name, then the hours or why not.
    expect(lines).toEqual([
      'mar 1 dicmartedì 1 dicembreoggi: 09:00–13:00, 14:30–19:30',
      'mer 2 dicmercoledì 2 dicembre: Riposo',
      'gio 3 dicgiovedì 3 dicembre: 11:00–13:00, 14:30–19:30, Permesso 09:00–11:00',
      'ven 4 dicvenerdì 4 dicembre: Ferie',
      'sab 5 dicsabato 5 dicembre: Ferie',
      'dom 6 dicdomenica 6 dicembre: Riposo',
    ])
    // The short date is for the eye only; the long one is the name a screen reader reads.
    expect(within(thisWeek).getByText('mar 1 dic')).toHaveAttribute('aria-hidden', 'true')
    expect(within(card).getByText('Salone chiuso')).toBeInTheDocument()
    // Today is marked in words and for assistive technology.
    const today = within(thisWeek).getAllByRole('listitem')[0]!
    expect(today).toHaveAttribute('aria-current', 'date')
    expect(within(today).getByText('oggi')).toBeVisible()
    // No enum name anywhere.
    expect(card.textContent).not.toMatch(/ANNUAL|PERMIT|SICK|TRAINING|OFF_SHIFT|PATTERN|EXCEPTION/)
  })

  it('says so when there is nothing in the weeks asked, and shows nothing without an operator record', async () => {
    fetchMyRota.mockResolvedValue([{ ...giulia, days: [], leave: [] }])
    const { unmount } = render(<MyShiftsCards />)
    expect(await screen.findByText('Non ci sono ancora turni per te in queste settimane.')).toBeInTheDocument()
    unmount()

    fetchMyRota.mockResolvedValue([])
    const { container } = render(<MyShiftsCards />)
    await vi.waitFor(() => expect(fetchMyRota).toHaveBeenCalledTimes(2))
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement())
  })

  it('a failed load says so and tries again on request', async () => {
    fetchMyRota.mockRejectedValueOnce(new ApiError(503, 'Servizio non disponibile')).mockResolvedValue([giulia])
    render(<MyShiftsCards />)
    expect(await screen.findByText('Non siamo riusciti a caricare i tuoi turni.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Riprova/ }))
    expect(await screen.findByRole('heading', { name: /Questa settimana/ })).toBeInTheDocument()
  })
})
