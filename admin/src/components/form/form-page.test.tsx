import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeleteRecord } from './form-page'
import { setLocale } from '../../i18n/locale'

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }))
vi.mock('@refinedev/core', async (original) => ({
  ...(await original<typeof import('@refinedev/core')>()),
  useDelete: () => ({ mutate, mutation: { isPending: false } }),
  useGo: () => vi.fn(),
}))

describe('<DeleteRecord>', () => {
  afterEach(() => {
    setLocale('en')
    mutate.mockReset()
  })

  it('asks before deleting, the whole sentence in English by default', async () => {
    const user = userEvent.setup()
    render(<DeleteRecord resource="service" id={3} what="delete.what.service" inline />)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const ask = screen.getByRole('alertdialog', { name: 'Delete this service?' })
    expect(ask).toHaveTextContent('This cannot be undone.')
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }))
    expect(mutate).toHaveBeenCalledWith(expect.objectContaining({ resource: 'service', id: 3 }), expect.anything())
  })

  it('and in Italian, with the thing named in Italian', async () => {
    setLocale('it')
    const user = userEvent.setup()
    render(<DeleteRecord resource="holiday" id={1} what="delete.what.holiday" inline />)
    await user.click(screen.getByRole('button', { name: 'Elimina' }))
    expect(screen.getByRole('alertdialog', { name: 'Eliminare questa festività?' })).toHaveTextContent(
      'L’operazione non si può annullare.',
    )
    expect(screen.getByRole('button', { name: 'Sì, elimina' })).toBeInTheDocument()
  })

  it('shows the server’s refusal in place, titled in the dashboard’s language', async () => {
    mutate.mockImplementation((_vars, { onError }) => onError({ message: 'This image is in use', statusCode: 409 }))
    const user = userEvent.setup()
    render(<DeleteRecord resource="file" id={7} what="delete.what.image" inline />)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }))
    expect(await screen.findByText('Not deleted')).toBeInTheDocument()
    expect(screen.getByText('This image is in use')).toBeInTheDocument()
  })
})
