import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Catalogue } from './api'
import { SERVICES_FORM_ID, ServicesStep } from './ServicesStep'

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

describe('ServicesStep as a GET form ("Avanti" before hydration or without JavaScript)', () => {
  it('sends the ticked services, the rest of the choice and the step "Avanti" names', () => {
    const { container } = render(
      <>
        <ServicesStep
          catalogue={catalogue}
          selected={[7, 4]}
          onChange={() => {}}
          hidden={new URLSearchParams({ operator: '2' })}
        />
        <button type="submit" form={SERVICES_FORM_ID} name="step" value="operator">
          Avanti
        </button>
      </>,
    )
    const form = container.querySelector<HTMLFormElement>(`form#${SERVICES_FORM_ID}`)!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/reserve')
    const avanti = screen.getByRole('button', { name: 'Avanti' })
    // Boxes in page order (the wizard reads repeated `services` in order: wizardQueryOf).
    expect([...new FormData(form, avanti)]).toEqual([
      ['operator', '2'],
      ['services', '4'],
      ['services', '7'],
      ['step', 'operator'],
    ])
  })
})
