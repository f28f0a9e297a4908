import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CLOSURES_SHOWN, Closures, Operators, ServiceMenu } from './HomeSections'

const holidays = [
  { id: 1, name: 'Natale', date: '2026-12-25', recurring_yearly: true },
  { id: 2, name: 'Capodanno', date: '2027-01-01', recurring_yearly: true },
  { id: 3, name: 'Epifania', date: '2027-01-06', recurring_yearly: true },
  { id: 4, name: 'Pasquetta', date: '2027-03-29' },
  { id: 5, name: 'Ferragosto', date: '2027-08-15', recurring_yearly: true },
]
const closures = [
  { id: 9, name: 'Ferie', start_date: '2026-12-23T00:00:00.000Z', end_date: '2026-12-24T00:00:00.000Z' },
]

describe('Closures', () => {
  it('lists closures and holidays soonest first; the ones after the first few behind a disclosure', () => {
    const { container } = render(<Closures closures={closures} holidays={holidays} timeZone="Europe/Rome" />)
    const lists = container.querySelectorAll('ul')
    const names = (ul: Element) =>
      within(ul as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')!.textContent)
    expect(names(lists[0]!)).toEqual(['Ferie', 'Natale', 'Capodanno', 'Epifania'])
    expect(lists[0]!.children).toHaveLength(CLOSURES_SHOWN)
    expect(screen.getByText('Mostra altre 2 chiusure').tagName).toBe('SUMMARY')
    expect(names(lists[1]!)).toEqual(['Pasquetta', 'Ferragosto'])
    expect(lists[0]!.children[1]).toHaveTextContent('Natale: venerdì 25 dicembre (ogni anno)')
  })

  it('no disclosure when everything fits', () => {
    render(<Closures closures={[]} holidays={holidays.slice(0, 2)} timeZone="Europe/Rome" />)
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByText(/Mostra/)).toBeNull()
  })
})

describe('Operators', () => {
  const team = [
    { id: 1, name: 'Giulia', surname: 'Rossi', image: null },
    { id: 2, name: 'Marco', surname: 'Bianchi', image: null },
  ] as Parameters<typeof Operators>[0]['operators']

  it('marks who works today ("Chi c’è oggi", issue 23), and nobody when the list is absent', () => {
    const { rerender } = render(<Operators operators={team} workingToday={[2]} />)
    const [giulia, marco] = screen.getAllByRole('listitem')
    expect(within(giulia!).queryByText('Oggi in salone')).toBeNull()
    expect(within(marco!).getByText('Oggi in salone')).toBeInTheDocument()
    rerender(<Operators operators={team} />)
    expect(screen.queryByText('Oggi in salone')).toBeNull()
  })
})

describe('ServiceMenu', () => {
  it('shows a service with phases (issue 25) by its total time only: no phase, station or clean-up', () => {
    // As `/api/pages/home` sends it: `time` is the sum of the phases, set by the server.
    const colour = {
      id: 7,
      title: 'Colore',
      time: 120,
      price: 45,
      phases: [
        { id: 'a1', minutes: 30, operator_busy: true, station: 2, label: 'Applicazione' },
        { id: 'a2', minutes: 40, operator_busy: false, station: 2, label: 'Posa' },
        { id: 'a3', minutes: 50, operator_busy: true, station: 1, label: 'Risciacquo e piega' },
      ],
      cleanup_minutes: 10,
    }
    const { container } = render(
      <MemoryRouter>
        <ServiceMenu categories={[{ id: 2, name: 'Colore', services: [colour] }]} />
      </MemoryRouter>,
    )
    const item = screen.getByRole('listitem')
    expect(within(item).getByText('2 h')).toBeInTheDocument()
    expect(container.textContent).not.toMatch(/Applicazione|Posa|Risciacquo|Riordino|Postazion|10 min|30 min|40 min/)
  })
})
