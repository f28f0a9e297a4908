import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'

const auth = vi.hoisted(() => ({ current: { user: { user_role: 'USER' } } as Record<string, unknown> }))
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ ...auth.current, logout: vi.fn(), status: 'authenticated' }) }))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast: vi.fn() }) }))
vi.mock('../../lib/ui/SiteHeader', () => ({ SiteHeader: () => null }))
vi.mock('../../lib/ui/SiteFooter', () => ({ SiteFooter: () => null }))

const { PersonalAreaLayout } = await import('./PersonalAreaLayout')

function renderAs(role: string) {
  auth.current = { user: { user_role: role, email: 'a@example.com' } }
  render(
    <MemoryRouter initialEntries={['/reserved-area']}>
      <PersonalAreaLayout />
    </MemoryRouter>,
  )
  return screen.getByRole('navigation', { name: 'Sezioni dell’area riservata' })
}

describe('PersonalAreaLayout: the section tabs', () => {
  it('a customer’s first tab has the glossary’s name, "I miei appuntamenti" (as the thank-you page and the mails say)', () => {
    const nav = renderAs('USER')
    const links = [...nav.querySelectorAll('a')].map((a) => a.textContent)
    expect(links).toEqual(['I miei appuntamenti', 'Profilo', 'Impostazioni'])
    expect(screen.queryByText('Panoramica')).toBeNull()
  })

  it('an operator’s first tab is their agenda', () => {
    const nav = renderAs('OPERATOR')
    expect(nav.querySelector('a')!.textContent).toBe('Agenda')
  })
})
