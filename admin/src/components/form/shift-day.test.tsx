import { useState } from 'react'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { nextInterval, ShiftDayFields, type ShiftDayValue } from './shift-day'

function Day({ start, errors = {} }: { start: ShiftDayValue; errors?: Record<string, string> }) {
  const [value, setValue] = useState(start)
  return (
    <MantineProvider>
      <ShiftDayFields
        legend="Tuesday"
        value={value}
        onChange={setValue}
        errorOf={(p) => errors[p]}
        offLabel="Day off"
        fallback={[{ opening_time: '09:00', closing_time: '13:00' }]}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </MantineProvider>
  )
}

// Room for a busy machine (two cores shared with builds): a screen test takes 1–3 s here, more under load.
describe('<ShiftDayFields> (a day’s hours in a form)', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('is a group named by the day: intervals with From/To, a named remove button, "Add hours", the day off switch', async () => {
    const user = userEvent.setup()
    render(<Day start={{ off: false, intervals: [{ opening_time: '09:00', closing_time: '13:00' }] }} />)
    const day = screen.getByRole('group', { name: 'Tuesday' })
    expect(within(day).getByLabelText('From')).toHaveValue('09:00')
    await user.click(within(day).getByRole('button', { name: /^Add hours ?\(Tuesday\)$/ }))
    expect(
      within(day)
        .getAllByLabelText('From')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['09:00', '14:00'])
    expect(within(day).getAllByLabelText('To')[1]).toHaveValue('18:00')
    await user.click(within(day).getByRole('button', { name: 'Remove hours 1 of Tuesday' }))
    expect(screen.getByTestId('value')).toHaveTextContent(
      '{"off":false,"intervals":[{"opening_time":"14:00","closing_time":"18:00"}]}',
    )
    // Removing the last interval is a day off.
    await user.click(within(day).getByRole('button', { name: 'Remove hours 1 of Tuesday' }))
    expect(within(day).getByRole('checkbox', { name: 'Day off' })).toBeChecked()
    expect(within(day).queryByLabelText('From')).toBeNull()
    // Switched on again: the salon's hours of that day.
    await user.click(within(day).getByRole('checkbox', { name: 'Day off' }))
    expect(screen.getByTestId('value')).toHaveTextContent(
      '{"off":false,"intervals":[{"opening_time":"09:00","closing_time":"13:00"}]}',
    )
  })

  it('shows the errors of its paths next to the field', () => {
    render(
      <Day
        start={{ off: false, intervals: [{ opening_time: '13:00', closing_time: '09:00' }] }}
        errors={{ 'intervals.0.closing_time': 'Closing must come after opening' }}
      />,
    )
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Closing must come after opening')).toBeInTheDocument()
  })

  it('adds the next interval an hour after the last, within the day', () => {
    expect(nextInterval([])).toEqual({ opening_time: '09:00', closing_time: '13:00' })
    expect(nextInterval([{ opening_time: '09:00', closing_time: '13:00' }])).toEqual({
      opening_time: '14:00',
      closing_time: '18:00',
    })
    expect(nextInterval([{ opening_time: '18:00', closing_time: '22:30' }])).toEqual({
      opening_time: '22:00',
      closing_time: '23:59',
    })
  })
})
