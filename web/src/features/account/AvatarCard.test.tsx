import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import type { User } from '../../lib/auth'

const uploadAvatar = vi.fn()
const toast = vi.fn()
const auth = { refresh: vi.fn(async () => null) }
vi.mock('./api', () => ({ uploadAvatar: (file: File) => uploadAvatar(file), removeAvatar: vi.fn() }))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))

const { AvatarCard } = await import('./AvatarCard')

const user = {
  id: 3,
  email: 'chiara@example.com',
  name: 'Chiara',
  surname: 'Conti',
  avatarUrl: null,
} as unknown as User

describe('AvatarCard', () => {
  beforeEach(() => {
    uploadAvatar.mockReset()
    toast.mockReset()
  })

  it('shows the server’s refusal of an image with too many pixels (issue 22 §2), in Italian, from its code', async () => {
    const params = { n: 40 }
    uploadAvatar.mockRejectedValueOnce(
      new ApiError(400, 'Dati non validi: file', [
        {
          name: 'ValidationError',
          message: 'Dati non validi: file',
          data: {
            code: 'IMAGE_TOO_MANY_PIXELS',
            field: 'file',
            params,
            errors: [{ path: 'file', message: 'whatever the server said', code: 'IMAGE_TOO_MANY_PIXELS', params }],
          },
        },
      ]),
    )
    const u = userEvent.setup()
    render(<AvatarCard user={user} />)
    const file = new File([new Uint8Array(12_000)], 'bomba.png', { type: 'image/png' })
    await u.upload(screen.getByLabelText('Aggiungi una foto'), file)
    expect(uploadAvatar).toHaveBeenCalledWith(file)
    expect(
      await screen.findByText('Immagine troppo grande: al massimo 40 megapixel (larghezza × altezza)'),
    ).toBeInTheDocument()
    expect(toast).not.toHaveBeenCalled()
  })
})
