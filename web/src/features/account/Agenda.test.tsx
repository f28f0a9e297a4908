import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { AgendaResponse } from './api'
import { colourPhases } from './phases.fixture'

const fetchAgenda = vi.fn()
const setReservationStatus = vi.fn(async (..._args: unknown[]) => ({}))
const undoReservationStatus = vi.fn(async (..._args: unknown[]) => ({}))
const freeReservationRest = vi.fn(async (..._args: unknown[]) => ({}))
vi.mock('./api', () => ({
  fetchAgenda: (...args: unknown[]) => fetchAgenda(...args),
  setReservationStatus: (...args: unknown[]) => setReservationStatus(...args),
  undoReservationStatus: (...args: unknown[]) => undoReservationStatus(...args),
  freeReservationRest: (...args: unknown[]) => freeReservationRest(...args),
  fetchMyFeeds: async () => [],
  fetchMyRota: async () => [],
  rotateFeed: vi.fn(),
  revokeFeed: vi.fn(),
}))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast: vi.fn() }) }))
vi.mock('../../lib/salon', async (original) => ({
  ...(await original<typeof import('../../lib/salon')>()),
  fetchSalonSettings: async () => ({ timezone: 'Europe/Rome' }),
}))

const { Agenda } = await import('./Agenda')

const agenda: AgendaResponse = {
  from: '2026-12-15',
  to: '2026-12-15',
  timezone: 'Europe/Rome',
  reservations: [
    {
      id: 9,
      status: 'CONFIRMED',
      date_start: '2026-12-15T09:00:00.000Z',
      date_end: '2026-12-15T09:30:00.000Z',
      duration: 30,
      total_price: 20,
      note: null,
      services: [{ id: 4, title: 'Piega', duration: 30, price: 20 }],
      operator: { id: 1, name: 'Giulia', imageUrl: null },
      customer: { id: 3, name: 'Chiara', surname: 'Conti', phone: null, email: null },
      transitions: [],
      actions: { move: { allowed: false }, undo: { allowed: false }, freeRest: { allowed: false } },
    },
  ],
  blocks: [
    {
      id: 4,
      operator: { id: 1, name: 'Giulia' },
      date_start: '2026-12-15T13:00:00.000Z',
      date_end: '2026-12-15T17:00:00.000Z',
      reason: 'Corso colore',
    },
    {
      id: 5,
      operator: { id: 1, name: 'Giulia' },
      date_start: '2026-12-10T08:00:00.000Z',
      date_end: '2026-12-16T18:00:00.000Z',
      reason: null,
    },
  ],
  // The salon's closed time (issue 20: the dashboard shades it; this screen does not use it yet).
  closed: [],
}

describe('Agenda (reserved area, operator): blocked time among the appointments', () => {
  it('lists blocks in time order with their reason; a leave that began earlier shows on the first day', async () => {
    fetchAgenda.mockResolvedValue(agenda)
    render(
      <MemoryRouter>
        <Agenda name="Giulia" />
      </MemoryRouter>,
    )
    const cards = await screen.findAllByRole('article')
    const labels = cards.map((c) => c.getAttribute('aria-label'))
    expect(labels).toEqual([
      expect.stringMatching(/^Da .* a .* Tempo bloccato$/),
      '10:00 Chiara Conti',
      '14:00–18:00 Tempo bloccato',
    ])
    expect(within(cards[2]!).getByText('Corso colore')).toBeTruthy()
    expect(within(cards[0]!).getByText('Non disponibile per appuntamenti')).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1)
  })
})

describe('Agenda: statuses that follow time', () => {
  const item = agenda.reservations[0]!
  const show = (over: Partial<typeof item>) => {
    fetchAgenda.mockResolvedValue({ ...agenda, blocks: [], reservations: [{ ...item, ...over }] })
    render(
      <MemoryRouter>
        <Agenda name="Giulia" />
      </MemoryRouter>,
    )
  }

  it('an appointment completed early offers to free the rest and to undo, with their times', async () => {
    show({
      status: 'COMPLETED',
      transitions: [],
      actions: {
        move: { allowed: false },
        undo: { allowed: true, until: '2026-12-15T09:20:00.000Z' },
        freeRest: { allowed: true, until: '2026-12-15T09:30:00.000Z' },
      },
    })
    expect(await screen.findByText(/resta occupato fino alle 10:30/)).toBeTruthy()
    expect(screen.getByText(/ripristinare lo stato di prima fino alle 10:20/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Libera il tempo restante' }))
    expect(freeReservationRest).toHaveBeenCalledWith(9)
    await userEvent.click(await screen.findByRole('button', { name: 'Ripristina' }))
    expect(undoReservationStatus).toHaveBeenCalledWith(9)
  })

  it('no undo or free buttons when the server allows neither', async () => {
    show({ transitions: ['CANCELLED'] })
    expect(await screen.findByRole('button', { name: 'Annulla' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Ripristina' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Libera il tempo restante' })).toBeNull()
  })

  it('a no-show asks first; "Completato" does not', async () => {
    setReservationStatus.mockClear()
    show({ transitions: ['COMPLETED', 'NO_SHOW', 'CANCELLED'] })
    await userEvent.click(await screen.findByRole('button', { name: 'Non presentato' }))
    expect(setReservationStatus).not.toHaveBeenCalled()
    const dialog = await screen.findByRole('dialog', { hidden: true })
    expect(within(dialog).getByText('Non presentato: Chiara Conti?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Non presentato', hidden: true }))
    expect(setReservationStatus).toHaveBeenCalledWith(9, 'NO_SHOW')
    setReservationStatus.mockClear()
    await userEvent.click(await screen.findByRole('button', { name: 'Completato' }))
    expect(setReservationStatus).toHaveBeenCalledWith(9, 'COMPLETED')
  })
})

describe('Agenda: the client card (issue 24)', () => {
  const item = agenda.reservations[0]!
  const show = (over: Partial<typeof item>) => {
    fetchAgenda.mockResolvedValue({ ...agenda, blocks: [], reservations: [{ ...item, ...over }] })
    render(
      <MemoryRouter>
        <Agenda name="Giulia" />
      </MemoryRouter>,
    )
  }
  const card = (over: Partial<NonNullable<typeof item.client>> = {}) => ({
    id: 41,
    name: 'Maria',
    surname: 'Esposito',
    phone: '+39 333 555 0201',
    email: null,
    hasAccount: false,
    allergies: null,
    blocked: false,
    contact: 'NONE' as const,
    ...over,
  })

  it('names someone booked at the desk without an account, with their phone, and shows their allergies', async () => {
    show({ customer: null, client: card({ allergies: 'PPD (parafenilendiammina)' }) })
    const article = await screen.findByRole('article', { name: '10:00 Maria Esposito' })
    expect(within(article).getByRole('note').textContent).toBe('Allergie: PPD (parafenilendiammina)')
    expect(within(article).getByRole('link', { name: /333 555 0201/ })).toBeTruthy()
  })

  it('no allergy note without allergies', async () => {
    show({ customer: null, client: card() })
    const article = await screen.findByRole('article', { name: '10:00 Maria Esposito' })
    expect(within(article).queryByRole('note')).toBeNull()
  })

  it('says "Confermato dal cliente" once the customer confirmed through their SMS link (issue 26)', async () => {
    show({ customer_confirmed_at: '2026-12-14T18:00:00.000Z' })
    const article = await screen.findByRole('article', { name: '10:00 Chiara Conti' })
    expect(within(article).getByText('✓ Confermato dal cliente')).toBeTruthy()
  })

  it('no such note on a booking cancelled since', async () => {
    show({ customer_confirmed_at: '2026-12-14T18:00:00.000Z', status: 'CANCELLED' })
    const article = await screen.findByRole('article', { name: '10:00 Chiara Conti' })
    expect(within(article).queryByText(/Confermato dal cliente/)).toBeNull()
  })

  it('an anonymous walk-in is named as such', async () => {
    show({ customer: null, client: null })
    expect(await screen.findByRole('article', { name: '10:00 Cliente senza appuntamento' })).toBeTruthy()
  })
})

describe('Agenda: phases (issue 25)', () => {
  const item = agenda.reservations[0]!
  const maria = { id: 8, name: 'Maria', surname: 'Rossi', phone: null, email: null }
  const colour = {
    ...item,
    id: 11,
    date_start: '2026-12-15T09:00:00.000Z',
    date_end: '2026-12-15T11:00:00.000Z',
    duration: 120,
    services: [{ id: 7, title: 'Colore', duration: 120, price: 45 }],
    customer: maria,
    phases: colourPhases,
  }
  // A cut at 10:30, inside the colour's tempo di posa (10:30–11:10), listed after the colour by start.
  const cut = { ...item, id: 12, date_start: '2026-12-15T09:30:00.000Z', date_end: '2026-12-15T10:00:00.000Z' }
  const show = (reservations: (typeof item)[]) => {
    fetchAgenda.mockResolvedValue({ ...agenda, blocks: [], reservations })
    render(
      <MemoryRouter>
        <Agenda name="Giulia" />
      </MemoryRouter>,
    )
  }

  it('lists a booking’s phases under its time, and the appointment in its tempo di posa says so', async () => {
    show([cut, colour])
    const cards = await screen.findAllByRole('article')
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['10:00 Maria Rossi', '10:30 Chiara Conti'])
    const phases = within(cards[0]!).getByRole('list', { name: 'Fasi' })
    expect(
      within(phases)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '10:00–10:30 Applicazione · Poltrona colore',
      '10:30–11:10 Tempo di posa: hai le mani libere',
      '11:10–12:00 Risciacquo e piega',
      '12:00–12:10 Riordino · Poltrona colore',
    ])
    expect(within(cards[0]!).getByText('10:00–12:00')).toBeTruthy()
    expect(within(cards[1]!).getByText('Nel tempo di posa di Maria Rossi')).toBeTruthy()
    expect(within(cards[1]!).queryByRole('list', { name: 'Fasi' })).toBeNull()
    expect(within(cards[0]!).queryByText(/Nel tempo di posa/)).toBeNull()
  })

  it('a booking without phases reads as before: time, status, services, customer — no phase list, no posa note', async () => {
    show([item])
    const card = await screen.findByRole('article', { name: '10:00 Chiara Conti' })
    expect([...card.children].map((el) => el.textContent)).toEqual([
      '10:00–10:30 · 30 minConfermata',
      'Piega',
      'Cliente: Chiara Conti',
    ])
    expect(within(card).queryByRole('list')).toBeNull()
  })
})
