import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MantineProvider } from '@mantine/core'
import { DayChart } from './day-chart'
import { indexFixture } from './fixture'

const renderChart = (series = indexFixture().series) =>
  render(
    <MantineProvider>
      <DayChart series={series} />
    </MantineProvider>,
  )

describe('<DayChart>', () => {
  it('is one image named by its summary, one bar per day with bookings', () => {
    renderChart()
    const img = screen.getByRole('img')
    expect(img).toHaveAccessibleName(
      'Bookings per day from Tue 17 Nov to Mon 23 Nov: 12 in all, most on Wed 18 Nov (5).',
    )
    expect(img.querySelectorAll('rect')).toHaveLength(4)
    expect(img.querySelector('rect[data-day="2026-11-18"]')).toBeInTheDocument()
  })

  it('shows revenue on demand', async () => {
    renderChart()
    await userEvent.setup().click(screen.getByText('Revenue', { selector: 'label' }))
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Revenue per day from Tue 17 Nov to Mon 23 Nov: €540.50 in all, most on Wed 18 Nov (€250.50).',
    )
  })

  it('keeps every figure in a table for screen readers', () => {
    renderChart()
    const table = screen.getByRole('table', { name: 'Per day' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(8)
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '€250.50'])
  })

  it('an empty period says so', () => {
    renderChart(indexFixture().series.map((s) => ({ ...s, bookings: 0, revenue: 0 })))
    expect(screen.getByRole('img')).toHaveAccessibleName('Bookings per day from Tue 17 Nov to Mon 23 Nov: none.')
    expect(screen.getByRole('img').querySelectorAll('rect')).toHaveLength(0)
  })
})
