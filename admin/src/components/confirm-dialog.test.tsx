import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './confirm-dialog'
import { setLocale } from '../i18n/locale'

const dialog = (over: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  render(
    <MantineProvider>
      <ConfirmDialog
        opened
        title="Turn off the link?"
        confirmLabel="Turn off"
        danger
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...over}
      >
        The calendar stops updating.
      </ConfirmDialog>
    </MantineProvider>,
  )
  return { onConfirm, onCancel }
}

describe('<ConfirmDialog> (every confirmation of the dashboard)', () => {
  afterEach(() => setLocale('en'))

  it('is a dialog named by its question, says what happens, and does the action only when asked', async () => {
    const user = userEvent.setup()
    const { onConfirm, onCancel } = dialog()
    const box = screen.getByRole('dialog', { name: 'Turn off the link?' })
    expect(box).toHaveTextContent('The calendar stops updating.')
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('Cancel, the named close button and Escape all cancel', async () => {
    const user = userEvent.setup()
    const { onConfirm, onCancel } = dialog()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledTimes(3)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('while the action runs Cancel waits; a failure is announced inside the dialog', () => {
    dialog({ loading: true, error: 'The server did not answer.' })
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled()
    expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer.')
  })

  it('speaks Italian with the dashboard, its own cancel words when given', () => {
    setLocale('it')
    dialog({ cancelLabel: 'Indietro' })
    expect(screen.getByRole('button', { name: 'Indietro' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Chiudi' })).toBeInTheDocument()
  })
})
