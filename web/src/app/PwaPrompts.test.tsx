import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { RegisterSWOptions } from 'vite-plugin-pwa/types'
import { pwaStore, startPwa } from './pwa'
import { InstallButton, UpdatePrompt } from './PwaPrompts'

const registered: { options?: RegisterSWOptions } = {}
const updateSW = vi.fn(async (_reload?: boolean) => {})
const fakeRegisterSW = (options: RegisterSWOptions) => {
  registered.options = options
  return updateSW
}

const swListeners = new Map<string, () => void>()
const reload = vi.fn()

describe('PWA update prompt', () => {
  beforeAll(() => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        controller: {}, // the page is already controlled by the current build
        ready: new Promise(() => {}),
        addEventListener: (type: string, fn: () => void) => swListeners.set(type, fn),
      },
    })
    startPwa(fakeRegisterSW, { reload })
  })
  afterEach(() => sessionStorage.clear())

  it('shows "Aggiorna" when a new build waits; accepting activates it and the page reloads when it takes over', () => {
    render(<UpdatePrompt />)
    expect(screen.queryByRole('button', { name: 'Aggiorna' })).not.toBeInTheDocument()
    act(() => registered.options!.onNeedRefresh!())
    expect(screen.getByRole('status')).toHaveTextContent('È pronta una nuova versione del sito.')
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }))
    expect(updateSW).toHaveBeenCalledWith(true) // SKIP_WAITING to the waiting worker
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
    act(() => swListeners.get('controllerchange')!())
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('"Più tardi" hides the bar without activating anything', () => {
    updateSW.mockClear()
    render(<UpdatePrompt />)
    act(() => registered.options!.onNeedRefresh!())
    fireEvent.click(screen.getByRole('button', { name: 'Più tardi' }))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(updateSW).not.toHaveBeenCalled()
  })

  it('does not reload twice within the guard (a worker loop asks instead)', () => {
    reload.mockClear()
    act(() => swListeners.get('controllerchange')!())
    act(() => swListeners.get('controllerchange')!())
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('offers "Installa l’app" only after the browser offered installation', () => {
    render(<InstallButton />)
    expect(screen.queryByRole('button', { name: 'Installa l’app' })).not.toBeInTheDocument()
    const prompt = vi.fn(async () => {})
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    })
    act(() => void window.dispatchEvent(event))
    expect(event.defaultPrevented).toBe(true)
    expect(pwaStore.get().canInstall).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Installa l’app' }))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Installa l’app' })).not.toBeInTheDocument()
  })
})
