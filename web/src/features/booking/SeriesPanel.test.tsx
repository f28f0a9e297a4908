import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SeriesOccurrence } from '@salon/shared/schemas/series'
import { ApiError } from '../../lib/api'

const api = vi.hoisted(() => ({ checkSeries: vi.fn(), createSeries: vi.fn() }))
vi.mock('./api', () => api)

const { SeriesPanel, SeriesThanks } = await import('./SeriesPanel')
const { useSeries } = await import('./useSeries')

const FIRST = '2026-12-05T09:00:00.000Z'

/** The panel with the sticky bar's action, as ReservePage wires them. */
function Harness() {
  const series = useSeries({ services: [4], operator: 'any', time: FIRST })
  return (
    <MemoryRouter>
      <SeriesPanel series={series} timeZone="Europe/Rome" />
      <button type="button" disabled={!series.ready} onClick={() => void series.book()}>
        {`bar: ${series.toBook}`}
      </button>
      {series.created ? <SeriesThanks created={series.created} timeZone="Europe/Rome" /> : null}
    </MemoryRouter>
  )
}

const occ = (index: number, date: string, over: Partial<SeriesOccurrence> = {}): SeriesOccurrence => ({
  index,
  date_start: date,
  date_end: date,
  available: true,
  reason: null,
  alternatives: [],
  skipped: false,
  ...over,
})

const checked = [
  occ(0, FIRST),
  occ(1, '2026-12-19T09:00:00.000Z', {
    available: false,
    reason: 'SLOT_TAKEN',
    alternatives: [
      { date_start: '2026-12-19T10:00:00.000Z', operator: 2 },
      { date_start: '2026-12-18T09:00:00.000Z', operator: 3 },
    ],
  }),
  occ(2, '2027-01-02T09:00:00.000Z', { available: false, reason: 'CLOSED', alternatives: [] }),
]

beforeEach(() => {
  api.checkSeries.mockReset()
  api.createSeries.mockReset()
})

async function openAndCheck() {
  render(<Harness />)
  await userEvent.click(screen.getByRole('checkbox', { name: 'Ripeti' }))
  await userEvent.click(screen.getByRole('radio', { name: '2 settimane' }))
  const count = screen.getByRole('spinbutton', { name: 'Quante volte in tutto' })
  await userEvent.clear(count)
  await userEvent.type(count, '3')
  await userEvent.click(screen.getByRole('button', { name: 'Controlla le date' }))
}

describe('SeriesPanel', () => {
  it('checks the dates, lists conflicts with their alternatives, and books with replace and skip', async () => {
    api.checkSeries.mockResolvedValue({ occurrences: checked })
    api.createSeries.mockResolvedValue({
      series_id: 8,
      reservations: [
        { id: 50, index: 0, date_start: FIRST, operator: 2, status: 'PENDING' },
        { id: 51, index: 1, date_start: '2026-12-18T09:00:00.000Z', operator: 3, status: 'PENDING' },
      ],
    })
    await openAndCheck()
    // The series' rule is fetched on first use (not in the wizard's first load): wait for it.
    await vi.waitFor(() =>
      expect(api.checkSeries).toHaveBeenCalledWith({
        services: [4],
        operator: 'any',
        date_start: FIRST,
        every_weeks: 2,
        count: 3,
      }),
    )
    const list = await screen.findByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByText('Qualcuno ha appena prenotato questo orario.')).toBeInTheDocument()
    expect(screen.getByText('Il salone è chiuso in quel giorno o a quell’ora.')).toBeInTheDocument()
    // Nothing booked until every conflict is settled.
    expect(screen.getByRole('button', { name: 'bar: 3' })).toBeDisabled()
    const first = screen.getByRole('group', { name: 'Qualcuno ha appena prenotato questo orario.' })
    // Same day: the time only; another day: day and time.
    expect(within(first).getByRole('radio', { name: '11:00' })).toBeInTheDocument()
    await userEvent.click(within(first).getByRole('radio', { name: 'venerdì 18 dicembre, 10:00' }))
    const second = screen.getByRole('group', { name: 'Il salone è chiuso in quel giorno o a quell’ora.' })
    await userEvent.click(within(second).getByRole('radio', { name: 'Salta' }))
    await userEvent.click(screen.getByRole('button', { name: 'bar: 2' }))
    await vi.waitFor(() => expect(api.createSeries).toHaveBeenCalled())
    expect(api.createSeries).toHaveBeenCalledWith(
      expect.objectContaining({
        every_weeks: 2,
        count: 3,
        replace: [{ index: 1, date_start: '2026-12-18T09:00:00.000Z', operator: 3 }],
        skip: [2],
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Appuntamenti prenotati' })).toBeInTheDocument()
    expect(screen.getByText('Ecco i tuoi 2 appuntamenti:')).toBeInTheDocument()
  })

  it('a count out of bounds is refused next to the field, before any request', async () => {
    render(<Harness />)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ripeti' }))
    const count = screen.getByRole('spinbutton', { name: 'Quante volte in tutto' })
    await userEvent.clear(count)
    await userEvent.type(count, '40')
    await userEvent.click(screen.getByRole('button', { name: 'Controlla le date' }))
    await vi.waitFor(() => expect(count).toHaveAttribute('aria-invalid', 'true'))
    expect(api.checkSeries).not.toHaveBeenCalled()
    expect(count).toHaveAccessibleDescription(/Al massimo 26/)
  })

  it('a 409 SERIES_CONFLICTS after the check puts the new conflict back to choose again', async () => {
    api.checkSeries.mockResolvedValue({
      occurrences: [occ(0, FIRST), occ(1, '2026-12-19T09:00:00.000Z'), occ(2, '2027-01-02T09:00:00.000Z')],
    })
    api.createSeries.mockRejectedValue(
      new ApiError(409, 'x', [
        {
          message: 'x',
          data: {
            code: 'SERIES_CONFLICTS',
            params: {
              conflicts: [
                occ(1, '2026-12-19T09:00:00.000Z', {
                  available: false,
                  reason: 'SLOT_TAKEN',
                  alternatives: [{ date_start: '2026-12-19T11:00:00.000Z', operator: 2 }],
                }),
              ],
            },
          },
        },
      ]),
    )
    await openAndCheck()
    await userEvent.click(await screen.findByRole('button', { name: 'bar: 3' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Alcune date non sono libere')
    expect(screen.getByRole('radio', { name: '12:00' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'bar: 3' })).toBeDisabled()
  })
})
