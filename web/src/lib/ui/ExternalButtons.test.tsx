import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../i18nPersonal'
import { ExternalButtons } from './ExternalButtons'

const providers = vi.hoisted(() => ({ list: [] as { id: string; label: string }[] }))
vi.mock('../externalSignIn', () => ({ loadProviders: () => Promise.resolve(providers.list) }))

const show = (start = vi.fn().mockResolvedValue(undefined), next: string | null = '/reserve?step=summary') =>
  render(
    <MemoryRouter>
      <ExternalButtons next={next} start={start} />
    </MemoryRouter>,
  )

beforeEach(() => {
  providers.list = []
})

describe('ExternalButtons', () => {
  it('shows nothing when the salon configured no provider', async () => {
    const { container } = show()
    await Promise.resolve()
    expect(container).toBeEmptyDOMElement()
  })

  it('shows one labelled button per configured provider, in its brand, with the privacy notice', async () => {
    providers.list = [
      { id: 'google', label: 'Google' },
      { id: 'apple', label: 'Apple' },
      { id: 'keycloak', label: 'ID del Comune' },
    ]
    show()
    const google = await screen.findByRole('button', { name: 'Continua con Google' })
    expect(google).toHaveClass('external-btn--google')
    expect(screen.getByRole('button', { name: 'Continua con Apple' })).toHaveClass('external-btn--apple')
    expect(screen.getByRole('button', { name: 'Continua con ID del Comune' })).toHaveClass('external-btn--other')
    expect(screen.getByRole('link', { name: t.external.privacyLink })).toHaveAttribute('href', '/privacy')
  })

  it('starts the sign-in with the provider and where to go next, by keyboard too', async () => {
    providers.list = [{ id: 'google', label: 'Google' }]
    const start = vi.fn(() => new Promise<void>(() => {}))
    show(start)
    const button = await screen.findByRole('button', { name: 'Continua con Google' })
    button.focus()
    await userEvent.keyboard('{Enter}')
    expect(start).toHaveBeenCalledWith('google', '/reserve?step=summary')
    expect(await screen.findByRole('button', { name: t.external.starting })).toBeDisabled()
  })

  it('says so when the provider cannot be reached, and lets the visitor try again', async () => {
    providers.list = [{ id: 'google', label: 'Google' }]
    const start = vi.fn().mockRejectedValue(new Error('503'))
    show(start)
    await userEvent.click(await screen.findByRole('button', { name: 'Continua con Google' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t.external.startFailed)
    expect(screen.getByRole('button', { name: 'Continua con Google' })).toBeEnabled()
  })
})
