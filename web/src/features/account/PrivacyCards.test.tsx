import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fieldMessage } from '@salon/shared/messages'
import { ApiError } from '../../lib/api'

const fetchMyData = vi.fn()
const deleteMyAccount = vi.fn()
const toast = vi.fn()
const logout = vi.fn(() => Promise.resolve(true))
const navigate = vi.fn((..._args: unknown[]) => Promise.resolve())
vi.mock('./api', () => ({
  fetchMyData: () => fetchMyData(),
  deleteMyAccount: (password: string) => deleteMyAccount(password),
}))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ logout }) }))
vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useNavigate: () => navigate,
}))

const { DeleteAccountCard, MyDataCard } = await import('./PrivacyCards')

const fieldRefusal = (code: string) =>
  new ApiError(400, 'Dati non validi: password', [
    { message: 'Dati non validi: password', data: { code, errors: [{ path: 'password', message: 'x', code }] } },
  ])

beforeEach(() => {
  for (const fn of [fetchMyData, deleteMyAccount, toast, logout, navigate]) fn.mockClear()
  fetchMyData.mockReset()
  deleteMyAccount.mockReset()
})

describe('MyDataCard ("Scarica i miei dati")', () => {
  const created: Blob[] = []
  beforeEach(() => {
    created.length = 0
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob)
      return 'blob:i-miei-dati'
    })
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => vi.restoreAllMocks())

  it('downloads the answer of the export as i-miei-dati.json and says so', async () => {
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    fetchMyData.mockResolvedValueOnce({ account: { email: 'rosa@example.com' }, bookings: [] })
    render(<MyDataCard />)
    expect(screen.getByRole('heading', { name: 'I tuoi dati' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Scarica i miei dati' }))
    expect(fetchMyData).toHaveBeenCalledTimes(1)
    expect(clicked).toHaveLength(1)
    expect(clicked[0]!.download).toBe('i-miei-dati.json')
    expect(clicked[0]!.getAttribute('href')).toBe('blob:i-miei-dati')
    expect(JSON.parse(await created[0]!.text())).toEqual({ account: { email: 'rosa@example.com' }, bookings: [] })
    expect(created[0]!.type).toBe('application/json')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'success' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a failure is said on the card, nothing is downloaded', async () => {
    fetchMyData.mockRejectedValueOnce(new ApiError(500, 'Something went wrong.'))
    render(<MyDataCard />)
    await userEvent.click(screen.getByRole('button', { name: 'Scarica i miei dati' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Non siamo riusciti a preparare i tuoi dati')
    expect(URL.createObjectURL).not.toHaveBeenCalled()
    expect(toast).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Scarica i miei dati' })).toBeEnabled()
  })
})

describe('DeleteAccountCard ("Elimina il mio account")', () => {
  const open = async () => {
    render(<DeleteAccountCard />)
    await userEvent.click(screen.getByRole('button', { name: 'Elimina il mio account' }))
    return screen.getByRole('dialog', { name: 'Eliminare il tuo account?' })
  }

  it('explains what happens before anything is done', async () => {
    const dialog = await open()
    expect(dialog).toHaveTextContent(/annulliamo i tuoi prossimi appuntamenti/i)
    expect(dialog).toHaveTextContent(/cancelliamo nome, contatti, note e foto/i)
    expect(dialog).toHaveTextContent(/teniamo solo date, servizi e importi, senza il tuo nome/i)
    expect(within(dialog).getByLabelText('La tua password')).toHaveAttribute('type', 'password')
    expect(deleteMyAccount).not.toHaveBeenCalled()
  })

  it('asks the password with the shared rule first: empty is refused next to the field, the server is not asked', async () => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina per sempre' }))
    expect(deleteMyAccount).not.toHaveBeenCalled()
    expect(within(dialog).getByLabelText('La tua password')).toHaveAccessibleDescription(
      fieldMessage('PASSWORD_REQUIRED'),
    )
  })

  it('a wrong password is shown under the field and nobody is signed out', async () => {
    deleteMyAccount.mockRejectedValueOnce(fieldRefusal('PASSWORD_WRONG'))
    const dialog = await open()
    await userEvent.type(within(dialog).getByLabelText('La tua password'), 'sbagliata')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina per sempre' }))
    expect(deleteMyAccount).toHaveBeenCalledWith('sbagliata')
    expect(within(dialog).getByLabelText('La tua password')).toHaveAccessibleDescription('Password non corretta')
    expect(logout).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    expect(within(dialog).getByRole('button', { name: 'Elimina per sempre' })).toBeEnabled()
  })

  it('the last administrator is told why in the dialog', async () => {
    deleteMyAccount.mockRejectedValueOnce(
      new ApiError(409, 'È l’unico amministratore del salone: prima nomina un altro amministratore.', [
        { message: 'x', data: { code: 'LAST_ADMIN' } },
      ]),
    )
    const dialog = await open()
    await userEvent.type(within(dialog).getByLabelText('La tua password'), 'password123')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina per sempre' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/amministratore/i)
    expect(logout).not.toHaveBeenCalled()
  })

  it('Enter in the password field confirms; done, the person lands on the home page signed out and is told', async () => {
    deleteMyAccount.mockResolvedValueOnce({ message: 'ok', cancelled: 1 })
    const dialog = await open()
    await userEvent.type(within(dialog).getByLabelText('La tua password'), 'password123{Enter}')
    expect(deleteMyAccount).toHaveBeenCalledWith('password123')
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
    expect(logout).toHaveBeenCalledTimes(1)
    expect(navigate.mock.invocationCallOrder[0]!).toBeLessThan(logout.mock.invocationCallOrder[0]!)
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Il tuo account è stato eliminato', variant: 'success' }),
    )
  })

  it('Annulla closes the dialog and forgets what was typed', async () => {
    const dialog = await open()
    await userEvent.type(within(dialog).getByLabelText('La tua password'), 'segreta')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }))
    expect(dialog).not.toHaveAttribute('open')
    await userEvent.click(screen.getByRole('button', { name: 'Elimina il mio account' }))
    expect(within(dialog).getByLabelText('La tua password')).toHaveValue('')
    expect(deleteMyAccount).not.toHaveBeenCalled()
  })
})
