import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ReservedAreaPage } from './ReservedAreaPage'

const auth = vi.hoisted(() => ({ user: null as null | { id: number; email: string; name: string; user_role: string } }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))
vi.mock('./MyBookings', () => ({ MyBookings: () => <p>bookings</p> }))
vi.mock('./Agenda', () => ({ Agenda: () => <p>agenda</p> }))

const renderAs = (user_role: string) => {
  auth.user = { id: 1, email: 'x@demo.salon', name: 'Anna', user_role }
  render(
    <MemoryRouter>
      <ReservedAreaPage />
    </MemoryRouter>,
  )
}

describe('ReservedAreaPage', () => {
  it('shows an admin the way to the dashboard', () => {
    renderAs('ADMIN')
    expect(screen.getByRole('link', { name: 'Vai alla dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByText('bookings')).toBeInTheDocument()
  })

  it.each(['USER', 'OPERATOR'])('shows no dashboard link to %s', (role) => {
    renderAs(role)
    expect(screen.queryByRole('link', { name: 'Vai alla dashboard' })).toBeNull()
  })
})
