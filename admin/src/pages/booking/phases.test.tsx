import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { reservationDetailResponse, type ReservationDetail } from '@salon/shared/schemas/booking'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi } from '../../test/fake-api'
import { phaseText } from './phases'
import { Details } from './show'

/**
 * The booking page lists a booking's phases with their times (issue 25), from the detail's
 * `phases`, on the salon's clock: a colour at 10:00 in Rome, its processing time and the clean-up
 * at the colour chair after the customer has gone. Nothing for a booking without phases.
 */
const at = (hhmm: string) => `2026-12-15T${hhmm}:00.000Z`
const chair = { id: 2, name: 'Poltrona colore' }
const colour = (over: Partial<ReservationDetail> = {}): ReservationDetail =>
  reservationDetailResponse.parse({
    id: 5,
    status: 'CONFIRMED',
    date_start: at('09:00'),
    date_end: at('11:00'),
    duration: 120,
    total_price: 60,
    note: null,
    services: [{ id: 4, title: 'Colore', duration: 120, price: 60 }],
    operator: { id: 1, name: 'Giulia', imageUrl: null },
    customer: { id: 17, name: 'Chiara', surname: 'Bianchi', phone: null, email: null },
    transitions: ['COMPLETED', 'CANCELLED'],
    actions: {
      move: { allowed: true },
      undo: { allowed: false, reason: 'NOTHING_TO_UNDO' },
      freeRest: { allowed: false, reason: 'NOTHING_TO_FREE' },
    },
    events: [],
    phases: [
      {
        start: at('09:00'),
        end: at('09:30'),
        operator_busy: true,
        station: chair,
        cleanup: false,
        label: 'Applicazione',
      },
      { start: at('09:30'), end: at('10:10'), operator_busy: false, station: null, cleanup: false, label: null },
      { start: at('10:10'), end: at('11:00'), operator_busy: true, station: null, cleanup: false, label: null },
      { start: at('11:00'), end: at('11:10'), operator_busy: true, station: chair, cleanup: true, label: null },
    ],
    ...over,
  })

function setup(booking: ReservationDetail) {
  const api = fakeApi({
    // The salon's clock: Rome (the browser running the tests may be anywhere).
    'GET /api/config': () => ({ docs: [{ id: 1, timezone: 'Europe/Rome' }], totalDocs: 1 }),
  })
  renderWithApi(<Details booking={booking} onChanged={() => {}} />, api)
}

const rows = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('the booking page’s phases (issue 25)', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('lists each phase with its times, in Italian: with the stylist, processing time, clean-up with its station', async () => {
    act(() => setLocale('it'))
    setup(colour())
    await waitFor(() => expect(rows('Fasi')[0]).toBe('10:00–10:30 Applicazione · con l’operatore · Poltrona colore'))
    expect(rows('Fasi')).toEqual([
      '10:00–10:30 Applicazione · con l’operatore · Poltrona colore',
      '10:30–11:10 Tempo di posa',
      '11:10–12:00 Con l’operatore',
      '12:00–12:10 Riordino · Poltrona colore',
    ])
  })

  it('and in English', async () => {
    setup(colour())
    await waitFor(() => expect(rows('Phases')[1]).toBe('10:30–11:10 Processing time'))
    expect(rows('Phases')[0]).toBe('10:00–10:30 Applicazione · with the stylist · Poltrona colore')
    expect(rows('Phases')[3]).toBe('12:00–12:10 Clean-up · Poltrona colore')
  })

  it('shows nothing for a booking without phases (one busy block)', async () => {
    setup(colour({ phases: undefined }))
    expect(await screen.findByText('Colore · 120 min')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Phases' })).not.toBeInTheDocument()
    expect(screen.queryByText('Phases')).not.toBeInTheDocument()
  })

  it('words a phase: the salon’s name first, a clean-up never by a name', () => {
    const base = { operator_busy: false, cleanup: false, label: 'Posa', station: null }
    expect(phaseText(base, 'it')).toBe('Posa · tempo di posa')
    expect(phaseText({ ...base, label: '  ' }, 'en')).toBe('Processing time')
    expect(phaseText({ ...base, cleanup: true, operator_busy: true }, 'it')).toBe('Riordino')
  })
})
