import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Catalogue, CatalogueService } from './api'
import { BookingDetails } from './BookingDetails'
import { totalsOf } from './catalogue'
import { ServicesStep } from './ServicesStep'

/**
 * A colour as the server sends it (issue 25): 30 busy · 40 tempo di posa · 50 busy on the colour
 * chair and the basin, 10 minutes of riordino after; `time` is their sum, set by the server.
 */
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
} satisfies CatalogueService
const cut = { id: 4, title: 'Taglio', time: 30, price: 25 } satisfies CatalogueService

/** Words of the staff's view of a service that a customer must never read. */
const STAFF_ONLY = /Applicazione|Posa|Risciacquo|Riordino|Postazion|Poltrona|Lavatesta|mani libere|Fasi/i

describe('the public site shows a service with phases by its total time only', () => {
  it('the services step: "2 h", no phase, no station, no clean-up', () => {
    const catalogue = {
      config: {} as Catalogue['config'],
      operators: [],
      categories: [{ id: 2, name: 'Colore', services: [colour, cut] }],
    } satisfies Catalogue
    const { container } = render(<ServicesStep catalogue={catalogue} selected={[]} onChange={() => {}} />)
    expect(screen.getByRole('checkbox', { name: 'Colore' })).toHaveAccessibleDescription('2 h')
    expect(container.textContent).not.toMatch(STAFF_ONLY)
  })

  it('the booking total is the engine’s: a clean-up between two services is the customer’s time, the price unchanged', () => {
    expect(totalsOf([colour])).toEqual({ duration: 120, total_price: 45 })
    expect(totalsOf([colour, cut])).toEqual({ duration: 160, total_price: 70 })
    expect(totalsOf([cut, colour])).toEqual({ duration: 150, total_price: 70 })
  })

  it('the summary lists each service’s total and the booking’s, nothing of the phases', () => {
    const services = [colour, cut]
    const { container } = render(
      <MemoryRouter>
        <BookingDetails
          services={services}
          operatorName="Giulia"
          start="2026-12-15T09:00:00.000Z"
          timeZone="Europe/Rome"
          totals={totalsOf(services)}
        />
      </MemoryRouter>,
    )
    // formatPrice keeps the euro sign on the number's line (a no-break space): compare plain spaces.
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      'Colore2 h · 45,00 €',
      'Taglio30 min · 25,00 €',
    ])
    expect(screen.getByText('70,00 €').parentElement).toHaveTextContent('70,00 € · 2 h 40 min')
    expect(container.textContent).not.toMatch(STAFF_ONLY)
  })
})
