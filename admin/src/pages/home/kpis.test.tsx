import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MantineProvider } from '@mantine/core'
import { MemoryRouter } from 'react-router'
import type { DashboardIndex } from '@salon/shared/booking/dashboardKinds'
import { KpiGrid } from './kpis'
import { indexFixture } from './fixture'
import { setLocale } from '../../i18n/locale'

const renderGrid = (data: DashboardIndex = indexFixture()) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <KpiGrid data={data} />
      </MemoryRouter>
    </MantineProvider>,
  )
const card = (name: string) => within(screen.getByRole('region', { name }))

describe('<KpiGrid>', () => {
  afterEach(() => setLocale('en'))

  it('shows every KPI with its value, its change in words and the previous value', () => {
    renderGrid()
    expect(card('Bookings').getByTestId('kpi-value')).toHaveTextContent('12')
    expect(card('Bookings').getByTestId('kpi-change')).toHaveTextContent('Up 50%')
    expect(card('Revenue').getByTestId('kpi-value')).toHaveTextContent('€540.50')
    expect(card('Revenue').getByTestId('kpi-change')).toHaveTextContent('Down 9.9%')
    expect(card('Revenue').getByTestId('kpi-previous')).toHaveTextContent('Previous period: €600.00')
    expect(card('New customers').getByTestId('kpi-change')).toHaveTextContent('No change')
    // Rates move in points; no-shows had nothing to compare with in percent but do in points.
    expect(card('Occupancy').getByTestId('kpi-value')).toHaveTextContent('42.5%')
    expect(card('Occupancy').getByTestId('kpi-change')).toHaveTextContent('Up 2.5 pts')
    expect(card('Occupancy').getByText('10 h booked of 23.5 h open (all operators)')).toBeInTheDocument()
    expect(card('No-shows').getByTestId('kpi-change')).toHaveTextContent('Up 20 pts')
    expect(card('Cancellations').getByText('1 cancelled of 10 bookings')).toBeInTheDocument()
  })

  it('colours good news green and bad news red — fewer cancellations are good', () => {
    renderGrid()
    const colour = (name: string) => getComputedStyle(card(name).getByTestId('kpi-change')).color
    const green = colour('Bookings')
    const red = colour('Revenue')
    expect(green).not.toBe(red)
    expect(colour('Cancellations')).toBe(green)
    expect(colour('No-shows')).toBe(red)
  })

  it('speaks Italian', () => {
    setLocale('it')
    renderGrid()
    expect(card('Incasso').getByTestId('kpi-value')).toHaveTextContent('540,50 €')
    expect(card('Prenotazioni').getByTestId('kpi-change')).toHaveTextContent('In aumento di 50%')
  })
})

describe('<KpiGrid>: the waitlist’s KPI (issue 27)', () => {
  afterEach(() => setLocale('en'))

  it('shows “From the waitlist” with its value, change and previous value, and links to the waitlist', () => {
    renderGrid()
    const won = card('From the waitlist')
    expect(won.getByTestId('kpi-value')).toHaveTextContent('3')
    expect(won.getByTestId('kpi-change')).toHaveTextContent('Up 200%')
    expect(won.getByTestId('kpi-previous')).toHaveTextContent('Previous period: 1')
    expect(won.getByText('Bookings won from the waitlist (not cancelled or rejected)')).toBeInTheDocument()
    expect(won.getByRole('link', { name: 'Open the waitlist' })).toHaveAttribute('href', '/waitlist')
  })

  it('a fall is bad news, in words', () => {
    const base = indexFixture()
    renderGrid({
      ...base,
      kpis: { ...base.kpis, waitlistWon: { current: 1, previous: 4, difference: -3, percentage: -75 } },
    })
    expect(card('From the waitlist').getByTestId('kpi-change')).toHaveTextContent('Down 75%')
  })

  it('speaks Italian (the glossary’s “Dalla lista d’attesa”)', () => {
    setLocale('it')
    renderGrid()
    expect(card('Dalla lista d’attesa').getByRole('link', { name: 'Apri la lista d’attesa' })).toBeVisible()
  })
})
