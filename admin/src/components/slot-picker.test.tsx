import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SlotPicker } from './slot-picker'

const slots = [
  { start: '2026-11-24T08:00:00Z', end: '2026-11-24T08:30:00Z', operators: [1] },
  { start: '2026-11-24T08:30:00Z', end: '2026-11-24T09:00:00Z', operators: [1] },
]

describe('SlotPicker', () => {
  it('writes the free times on the salon’s clock, whatever the browser’s zone', () => {
    const { unmount } = render(<SlotPicker slots={slots} value={null} onChange={() => {}} timeZone="Europe/Rome" />)
    expect(screen.getByRole('group').textContent).toBe('09:0009:30')
    unmount()
    render(<SlotPicker slots={slots} value={null} onChange={() => {}} timeZone="Europe/London" />)
    expect(screen.getByText('08:00')).toBeTruthy()
  })

  it('hands back the instant chosen', async () => {
    const onChange = vi.fn()
    render(<SlotPicker slots={slots} value={null} onChange={onChange} timeZone="Europe/Rome" />)
    await userEvent.click(screen.getByText('09:30'))
    expect(onChange).toHaveBeenCalledWith('2026-11-24T08:30:00Z')
  })
})
