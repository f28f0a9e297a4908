import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Catalogue } from './api'
import { ServicesStep } from './ServicesStep'

const catalogue = {
  config: {} as Catalogue['config'],
  operators: [],
  categories: [
    {
      id: 1,
      name: 'Taglio e piega',
      services: [
        { id: 1, title: 'Taglio donna', time: 45, price: 35, description: 'Consulenza e piega' },
        { id: 4, title: 'Piega', time: 30, price: 20 },
      ],
    },
    { id: 2, name: 'Colore', services: [{ id: 7, title: 'Colore', time: 60, price: 45 }] },
  ],
} satisfies Catalogue

describe('ServicesStep', () => {
  it('groups by category; each checkbox is named by the service title and described by time and details', () => {
    render(<ServicesStep catalogue={catalogue} selected={[4]} onChange={() => {}} />)
    expect(screen.getByRole('group', { name: 'Taglio e piega' })).toBeInTheDocument()
    const taglio = screen.getByRole('checkbox', { name: 'Taglio donna' })
    expect(taglio).not.toBeChecked()
    expect(taglio).toHaveAccessibleDescription('45 min · Consulenza e piega')
    expect(screen.getByRole('checkbox', { name: 'Piega' })).toBeChecked()
    expect(screen.getByText('35,00 €')).toBeInTheDocument()
  })

  it('adds in the order chosen and removes', async () => {
    const onChange = vi.fn()
    const { rerender } = render(<ServicesStep catalogue={catalogue} selected={[4]} onChange={onChange} />)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Colore' }))
    expect(onChange).toHaveBeenLastCalledWith([4, 7])
    rerender(<ServicesStep catalogue={catalogue} selected={[4, 7]} onChange={onChange} />)
    await userEvent.keyboard('{ }') // Space on the focused checkbox toggles it off again
    expect(onChange).toHaveBeenLastCalledWith([4])
  })
})
