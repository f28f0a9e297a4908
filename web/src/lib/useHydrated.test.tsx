import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { useHydrated } from './useHydrated'

function Probe() {
  return <span>{useHydrated() ? 'app' : 'html'}</span>
}

describe('useHydrated', () => {
  it('is false in the server HTML and while hydrating (no mismatch), true right after', async () => {
    const html = renderToString(<Probe />)
    expect(html).toBe('<span>html</span>')
    const container = document.createElement('div')
    container.innerHTML = html
    const errors = vi.fn()
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: errors })
    })
    expect(container.textContent).toBe('app')
    expect(errors).not.toHaveBeenCalled()
  })
})
