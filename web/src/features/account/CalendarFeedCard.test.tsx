import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OperatorFeedStatus } from '@salon/shared/schemas/operatorFeed'
import { ApiError } from '../../lib/api'

const rotateFeed = vi.fn()
const revokeFeed = vi.fn()
const toast = vi.fn()
vi.mock('./api', () => ({
  rotateFeed: (id: number) => rotateFeed(id),
  revokeFeed: (id: number) => revokeFeed(id),
  fetchMyFeeds: vi.fn(),
}))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))

const { CalendarFeedCard } = await import('./CalendarFeedCard')

const URL_ = 'https://salone.example/api/operators/feed/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics'
const off: OperatorFeedStatus = { operator: { id: 7, name: 'Giulia' }, active: false, createdAt: null, rotatedAt: null }
const on: OperatorFeedStatus = {
  operator: { id: 7, name: 'Giulia' },
  active: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  rotatedAt: '2026-11-20T09:00:00.000Z',
}
const created = { ...on, active: true as const, url: URL_, webcalUrl: URL_.replace('https://', 'webcal://') }

describe('CalendarFeedCard (reserved area, operator)', () => {
  beforeEach(() => {
    rotateFeed.mockReset()
    revokeFeed.mockReset()
    toast.mockReset()
  })

  it('not active: "Crea il link" makes it at once and shows it once, with Copy and the webcal:// link', async () => {
    rotateFeed.mockResolvedValueOnce(created)
    const user = userEvent.setup()
    render(<CalendarFeedCard initial={off} timeZone="Europe/Rome" />)
    expect(screen.getByRole('heading', { name: 'I tuoi appuntamenti nel tuo calendario' })).toBeInTheDocument()
    expect(screen.getByText('non attivo')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Disattiva' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Crea il link' }))
    expect(rotateFeed).toHaveBeenCalledWith(7)
    expect(screen.getByLabelText('Il tuo link')).toHaveValue(URL_)
    expect(screen.getByLabelText('Il tuo link')).toHaveAccessibleDescription(/solo questa volta/)
    expect(screen.getByRole('link', { name: 'Aggiungi al calendario del telefono' })).toHaveAttribute(
      'href',
      'webcal://salone.example/api/operators/feed/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics',
    )
    expect(screen.getByText('attivo dal 20 novembre 2026')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Copia il link' }))
    expect(await navigator.clipboard.readText()).toBe(URL_)
    expect(screen.getByRole('button', { name: 'Link copiato' })).toBeInTheDocument()
  })

  it('active: "Nuovo link" asks first; "Annulla" changes nothing, confirming replaces it', async () => {
    rotateFeed.mockResolvedValueOnce(created)
    const user = userEvent.setup()
    render(<CalendarFeedCard initial={on} timeZone="Europe/Rome" />)
    expect(screen.getByText(/Hai perso il link\?/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Nuovo link' }))
    const dialog = screen.getByRole('dialog', { name: 'Creare un nuovo link?' })
    expect(dialog).toHaveTextContent('smette di funzionare')
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }))
    expect(rotateFeed).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Nuovo link' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sì, nuovo link' }))
    expect(rotateFeed).toHaveBeenCalledWith(7)
    expect(await screen.findByLabelText('Il tuo link')).toHaveValue(URL_)
  })

  it('"Disattiva" asks, turns it off and says so; a refusal is shown in the card', async () => {
    revokeFeed.mockResolvedValueOnce(off)
    const user = userEvent.setup()
    render(<CalendarFeedCard initial={on} timeZone="Europe/Rome" />)
    await user.click(screen.getByRole('button', { name: 'Disattiva' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sì, disattiva' }))
    expect(revokeFeed).toHaveBeenCalledWith(7)
    expect(await screen.findByText('non attivo')).toBeInTheDocument()
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Link disattivato' }))

    rotateFeed.mockRejectedValueOnce(new ApiError(403, 'Puoi gestire solo il calendario del tuo profilo operatore.'))
    await user.click(screen.getByRole('button', { name: 'Crea il link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Puoi gestire solo il calendario del tuo profilo')
  })
})
