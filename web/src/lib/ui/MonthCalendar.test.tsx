import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { addMonths } from '@salon/shared/booking/wizard'
import { MonthCalendar, swipeDelta } from './MonthCalendar'

const labels = {
  previous: 'Mese precedente',
  next: 'Mese successivo',
  grid: 'Calendario',
  unavailable: 'nessun orario libero',
}
const free = new Set(['2026-12-15', '2026-12-16', '2026-12-22', '2027-01-05'])

function Harness({
  onSelect = () => {},
  dayForm,
}: {
  onSelect?: (day: string) => void
  dayForm?: { action: string; query: URLSearchParams; name: string }
}) {
  const [month, setMonth] = useState('2026-12')
  const [selected, setSelected] = useState<string>()
  return (
    <MonthCalendar
      month={month}
      selected={selected}
      isEnabled={(d) => free.has(d)}
      onSelect={(d) => {
        setSelected(d)
        onSelect(d)
      }}
      onMonthChange={(delta) => setMonth((m) => addMonths(m, delta))}
      canPrev={month > '2026-12'}
      canNext={month < '2027-01'}
      weekStartsOn={1}
      labels={labels}
      dayForm={dayForm}
    />
  )
}

describe('MonthCalendar', () => {
  it('shows the month’s days with Italian names, Monday first; days without free times are not choosable', async () => {
    const onSelect = vi.fn()
    render(<Harness onSelect={onSelect} />)
    expect(screen.getByRole('heading', { name: 'dicembre 2026' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /dicembre/ })).toHaveLength(31)
    const closed = screen.getByRole('button', { name: 'lunedì 14 dicembre, nessun orario libero' })
    expect(closed).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(closed)
    expect(onSelect).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'martedì 15 dicembre' }))
    expect(onSelect).toHaveBeenCalledWith('2026-12-15')
    expect(screen.getByRole('button', { name: 'martedì 15 dicembre' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('is one tab stop; arrows move by day and week, across into the next month', async () => {
    render(<Harness />)
    const first = screen.getByRole('button', { name: 'martedì 15 dicembre' })
    expect(first).toHaveAttribute('tabindex', '0') // the first free day is the tab stop
    await userEvent.click(first)
    await userEvent.keyboard('{ArrowDown}')
    expect(await screen.findByRole('button', { name: 'martedì 22 dicembre' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: /mercoledì 23 dicembre/ })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('heading', { name: 'gennaio 2027' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: /mercoledì 6 gennaio/ })).toHaveFocus()
    // No month after the horizon: the arrow stays put.
    expect(screen.getByRole('button', { name: 'Mese successivo' })).toBeDisabled()
  })

  it('previous / next buttons respect the bookable window', async () => {
    render(<Harness />)
    expect(screen.getByRole('button', { name: 'Mese precedente' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Mese successivo' }))
    expect(screen.getByRole('heading', { name: 'gennaio 2027' })).toBeInTheDocument()
  })

  it('a quick horizontal swipe changes month (spec thresholds)', () => {
    render(<Harness />)
    const grid = screen.getByRole('group', { name: /Calendario/ })
    fireEvent.pointerDown(grid, { clientX: 300, clientY: 100, timeStamp: 1000 })
    fireEvent.pointerUp(grid, { clientX: 200, clientY: 120, timeStamp: 1200 })
    expect(screen.getByRole('heading', { name: 'gennaio 2027' })).toBeInTheDocument()
  })
})

describe('MonthCalendar as a GET form (a day works before hydration and without JavaScript)', () => {
  const dayForm = { action: '/reserve', query: new URLSearchParams({ services: '4', step: 'when' }), name: 'day' }

  it('a free day submits its day with the query; a day without times submits nothing', () => {
    const { container } = render(<Harness dayForm={dayForm} />)
    const form = container.querySelector('form.calendar')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/reserve')
    const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value])
    expect(hidden).toEqual([
      ['services', '4'],
      ['step', 'when'],
    ])
    const freeDay = screen.getByRole('button', { name: 'martedì 15 dicembre' })
    expect(freeDay).toHaveAttribute('type', 'submit')
    expect(freeDay).toHaveAttribute('name', 'day')
    expect(freeDay).toHaveAttribute('value', '2026-12-15')
    const busyDay = screen.getByRole('button', { name: 'lunedì 14 dicembre, nessun orario libero' })
    expect(busyDay).toHaveAttribute('type', 'button')
    expect(busyDay).not.toHaveAttribute('name')
    // What the browser would send for the free day: the query, then the day.
    expect([...new FormData(form as HTMLFormElement, freeDay)]).toEqual([
      ['services', '4'],
      ['step', 'when'],
      ['day', '2026-12-15'],
    ])
  })

  it('once hydrated a click chooses the day and does not submit', async () => {
    const onSelect = vi.fn()
    const { container } = render(<Harness onSelect={onSelect} dayForm={dayForm} />)
    const submitted = vi.fn((event: Event) => event.preventDefault())
    container.querySelector('form')!.addEventListener('submit', submitted)
    await userEvent.click(screen.getByRole('button', { name: 'martedì 15 dicembre' }))
    await userEvent.click(screen.getByRole('button', { name: 'lunedì 14 dicembre, nessun orario libero' }))
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect).toHaveBeenCalledWith('2026-12-15')
    expect(submitted).not.toHaveBeenCalled()
  })

  it('without dayForm it stays a plain group of buttons', () => {
    const { container } = render(<Harness />)
    expect(container.querySelector('form')).toBeNull()
    expect(screen.getByRole('button', { name: 'martedì 15 dicembre' })).toHaveAttribute('type', 'button')
  })
})

describe('swipeDelta', () => {
  it.each([
    [-60, 0, 300, 1],
    [60, 0, 300, -1],
    [-59, 0, 100, 0],
    [-100, 81, 100, 0],
    [-100, 80, 100, 1],
    [-100, 0, 301, 0],
  ])('dx %i, dy %i in %i ms → %i', (dx, dy, ms, expected) => {
    expect(swipeDelta(dx, dy, ms)).toBe(expected)
  })
})
