import { useState } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { DateField, DateRangeFields } from './date-fields'

function OneDay(props: { initial: string; required?: boolean }) {
  const [day, setDay] = useState(props.initial)
  return (
    <MantineProvider>
      <DateField
        label="Giorno"
        value={day}
        onChange={setDay}
        required={props.required}
        min="2026-12-01"
        max="2026-12-31"
        disabled={['2026-12-25']}
      />
      <output data-testid="held">{day}</output>
    </MantineProvider>
  )
}

function Range() {
  const [range, setRange] = useState({ from: '', to: '' })
  return (
    <MantineProvider>
      <DateRangeFields fromLabel="Dal" toLabel="Al" from={range.from} to={range.to} onChange={setRange} />
      <output data-testid="range">{`${range.from}|${range.to}`}</output>
    </MantineProvider>
  )
}

const pick = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('DateField (spec §5)', () => {
  it('takes an allowed day', () => {
    render(<OneDay initial="2026-12-10" />)
    pick(/Giorno/, '2026-12-11')
    expect(screen.getByTestId('held')).toHaveTextContent('2026-12-11')
  })

  it('refuses a day outside the limits or disabled, says why, keeps its value', () => {
    render(<OneDay initial="2026-12-10" />)
    pick(/Giorno/, '2027-01-05')
    expect(screen.getByTestId('held')).toHaveTextContent('2026-12-10')
    expect(screen.getByText('Choose a day up to 31/12/2026')).toBeInTheDocument()
    pick(/Giorno/, '2026-11-20')
    expect(screen.getByText('Choose a day from 01/12/2026 on')).toBeInTheDocument()
    pick(/Giorno/, '2026-12-25')
    expect(screen.getByText('This day cannot be chosen')).toBeInTheDocument()
    expect(screen.getByTestId('held')).toHaveTextContent('2026-12-10')
    expect(screen.getByLabelText(/Giorno/)).toHaveValue('2026-12-10')
    // The next good pick clears the reason.
    pick(/Giorno/, '2026-12-12')
    expect(screen.queryByText('This day cannot be chosen')).not.toBeInTheDocument()
  })

  it('a required picker keeps its value when cleared; an optional one empties', () => {
    const { unmount } = render(<OneDay initial="2026-12-10" required />)
    pick(/Giorno/, '')
    expect(screen.getByTestId('held')).toHaveTextContent('2026-12-10')
    unmount()
    render(<OneDay initial="2026-12-10" />)
    pick(/Giorno/, '')
    expect(screen.getByTestId('held')).toHaveTextContent(/^$/)
  })
})

describe('DateRangeFields (spec §5)', () => {
  it('swaps a start later than the end', () => {
    render(<Range />)
    pick('Al', '2026-12-10')
    pick('Dal', '2026-12-20')
    expect(screen.getByTestId('range')).toHaveTextContent('2026-12-10|2026-12-20')
    pick('Al', '2026-12-01')
    expect(screen.getByTestId('range')).toHaveTextContent('2026-12-01|2026-12-10')
  })
})
