import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MantineProvider } from '@mantine/core'
import { OperatorFeedCard } from './feed-card'
import { setLocale } from '../../i18n/locale'

const { mutate, refetch, state } = vi.hoisted(() => ({
  mutate: vi.fn(),
  refetch: vi.fn(),
  state: { feed: null as unknown },
}))
vi.mock('@refinedev/core', async (original) => ({
  ...(await original<typeof import('@refinedev/core')>()),
  useCustom: () => ({
    query: { data: { data: state.feed }, isLoading: false, isError: false, refetch },
    result: { data: state.feed },
  }),
  useCustomMutation: () => ({ mutate, mutation: { isPending: false } }),
}))

const URL_ = 'https://salone.example/api/operators/feed/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics'
const off = { operator: { id: 7, name: 'Giulia' }, active: false, createdAt: null, rotatedAt: null }
const on = {
  operator: { id: 7, name: 'Giulia' },
  active: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  rotatedAt: '2026-11-20T09:00:00.000Z',
}

const renderCard = () =>
  render(
    <MantineProvider>
      <OperatorFeedCard id={7} />
    </MantineProvider>,
  )

describe('<OperatorFeedCard>', () => {
  beforeEach(() => {
    state.feed = off
  })
  afterEach(() => {
    setLocale('en')
    mutate.mockReset()
    refetch.mockReset()
  })

  it('not active: "Create link" turns it on at once and shows the link once, with Copy', async () => {
    mutate.mockImplementation((_vars, { onSuccess }) => {
      state.feed = on
      onSuccess({ data: { data: { ...on, url: URL_, webcalUrl: URL_.replace('https://', 'webcal://') } } })
    })
    const user = userEvent.setup()
    renderCard()
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeInTheDocument()
    expect(screen.getByText('Not active')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument()
    expect(screen.getByText(/Other calendars → \+ → From URL/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create link' }))
    expect(mutate).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/operators/7/feed', method: 'post' }),
      expect.anything(),
    )
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveValue(URL_)
    expect(refetch).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(URL_)
  })

  it('active: "New link" asks first (the old link stops working); Cancel changes nothing', async () => {
    state.feed = on
    const user = userEvent.setup()
    renderCard()
    expect(screen.getByTestId('feed-status')).toHaveTextContent(/^Active since /)
    expect(screen.queryByRole('textbox', { name: 'Link' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'New link' }))
    const dialog = await screen.findByRole('dialog', { name: 'Make a new link?' })
    expect(dialog).toHaveTextContent('The current link stops working')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(mutate).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'New link' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, new link' }))
    expect(mutate).toHaveBeenCalledWith(expect.objectContaining({ method: 'post' }), expect.anything())
  })

  it('"Turn off" asks, then sends DELETE; a refusal is shown in place', async () => {
    state.feed = on
    mutate.mockImplementation((_vars, { onError }) => onError({ message: 'Puoi gestire solo il tuo calendario.' }))
    const user = userEvent.setup()
    renderCard()
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' })
    await user.click(within(dialog).getByRole('button', { name: 'Yes, turn off' }))
    expect(mutate).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/operators/7/feed', method: 'delete' }),
      expect.anything(),
    )
    expect(await screen.findByText('Puoi gestire solo il tuo calendario.')).toBeInTheDocument()
  })

  it('every label in Italian too', async () => {
    setLocale('it')
    state.feed = on
    renderCard()
    expect(screen.getByRole('heading', { name: 'Calendario da sincronizzare' })).toBeInTheDocument()
    expect(screen.getByTestId('feed-status')).toHaveTextContent(/^Attivo dal /)
    expect(screen.getByRole('button', { name: 'Nuovo link' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Disattiva' })).toBeInTheDocument()
    expect(screen.getByText(/Altri calendari → \+ → Da URL/)).toBeInTheDocument()
  })
})
