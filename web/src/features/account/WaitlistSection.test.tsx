import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { WaitlistEntryItem } from '@salon/shared/schemas/waitlist'

const waitlist = vi.hoisted(() => ({ fetchMyWaitlist: vi.fn(), leaveWaitlist: vi.fn() }))
vi.mock('../../lib/waitlist', async (original) => ({
  ...(await original<typeof import('../../lib/waitlist')>()),
  fetchMyWaitlist: (...args: unknown[]) => waitlist.fetchMyWaitlist(...args),
  leaveWaitlist: (...args: unknown[]) => waitlist.leaveWaitlist(...args),
}))
const toast = vi.fn()
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))

const { WaitlistSection } = await import('./WaitlistSection')

const entry = (over: Partial<WaitlistEntryItem>): WaitlistEntryItem => ({
  id: 1,
  status: 'ACTIVE',
  services: [{ id: 4, name: 'Taglio', duration: 30 }],
  operator: null,
  days: ['2026-12-12', '2026-12-05'],
  from: '09:00',
  to: '13:00',
  created_at: '2026-12-01T10:00:00.000Z',
  offers: [],
  ...over,
})

const renderSection = () =>
  render(
    <MemoryRouter>
      <WaitlistSection timeZone="Europe/Rome" />
    </MemoryRouter>,
  )

beforeEach(() => {
  waitlist.fetchMyWaitlist.mockReset()
  waitlist.leaveWaitlist.mockReset()
  toast.mockReset()
})

describe('WaitlistSection', () => {
  it('lists a waiting entry: services, days in order, window, operator; an open offer is a link to book it', async () => {
    waitlist.fetchMyWaitlist.mockResolvedValue([
      entry({
        offers: [
          {
            id: 31,
            status: 'OPEN',
            date_start: '2026-12-05T09:00:00.000Z',
            date_end: '2026-12-05T09:30:00.000Z',
            operator: { id: 2, name: 'Giulia' },
            reservation: 77,
            expires_at: '2026-12-04T10:08:00.000Z',
            created_at: '2026-12-04T09:58:00.000Z',
            decided_at: null,
            by_hand: false,
          },
        ],
      }),
      entry({ id: 2, operator: { id: 3, name: 'Marco' }, days: ['2026-12-19'], from: '14:00', to: '19:00' }),
    ])
    renderSection()
    expect(await screen.findByRole('heading', { name: 'Lista d’attesa' })).toBeInTheDocument()
    const [first, second] = screen.getAllByRole('article')
    expect(within(first!).getByText('sab 5 dic, sab 12 dic')).toBeInTheDocument()
    expect(within(first!).getByText(/dalle 09:00 alle 13:00 · Qualsiasi operatore/)).toBeInTheDocument()
    expect(
      within(first!).getByRole('link', { name: 'Si è liberato un posto: prenota entro le 11:08' }),
    ).toHaveAttribute('href', '/reserve/offer/31')
    expect(within(second!).getByText(/con Marco/)).toBeInTheDocument()
    expect(within(second!).queryByRole('link')).toBeNull()
    expect(screen.getAllByText('In attesa')).toHaveLength(2)
  })

  it('"Togli dalla lista" asks first, then removes and reloads', async () => {
    waitlist.fetchMyWaitlist.mockResolvedValueOnce([entry({})]).mockResolvedValueOnce([])
    waitlist.leaveWaitlist.mockResolvedValue({ id: 1, status: 'REMOVED' })
    renderSection()
    await userEvent.click(await screen.findByRole('button', { name: 'Togli dalla lista' }))
    const dialog = screen.getByRole('dialog', { name: 'Togliere la richiesta dalla lista d’attesa?' })
    expect(waitlist.leaveWaitlist).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sì, togli' }))
    expect(waitlist.leaveWaitlist).toHaveBeenCalledWith(1)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Fatto: la richiesta non è più in lista' }))
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Lista d’attesa' })).toBeNull())
  })

  it('"No, resta in lista" keeps it', async () => {
    waitlist.fetchMyWaitlist.mockResolvedValue([entry({})])
    renderSection()
    await userEvent.click(await screen.findByRole('button', { name: 'Togli dalla lista' }))
    await userEvent.click(screen.getByRole('button', { name: 'No, resta in lista' }))
    expect(waitlist.leaveWaitlist).not.toHaveBeenCalled()
  })

  it('recently ended entries are a quiet line with their status in words, never the raw status', async () => {
    waitlist.fetchMyWaitlist.mockResolvedValue([
      entry({ id: 5, status: 'BOOKED' }),
      entry({ id: 6, status: 'EXPIRED' }),
      entry({ id: 7, status: 'REMOVED' }),
    ])
    renderSection()
    expect(await screen.findByRole('heading', { name: 'Concluse di recente' })).toBeInTheDocument()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Togli dalla lista' })).toBeNull()
    const text = screen.getByRole('list').textContent
    expect(text).toContain('— Prenotato')
    expect(text).toContain('— Scaduta')
    expect(text).toContain('— Tolta dalla lista')
    expect(text).not.toMatch(/BOOKED|EXPIRED|REMOVED/)
  })

  it('nothing at all when the customer has no entry', async () => {
    waitlist.fetchMyWaitlist.mockResolvedValue([])
    const { container } = renderSection()
    await vi.waitFor(() => expect(waitlist.fetchMyWaitlist).toHaveBeenCalled())
    expect(container.textContent).toBe('')
  })
})
