import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MantineProvider } from '@mantine/core'
import CustomRange from './custom-range'

const renderRange = (from: string, to: string, onChange = vi.fn()) =>
  render(
    <MantineProvider>
      <CustomRange selection={{ period: 'custom', from, to }} onChange={onChange} />
    </MantineProvider>,
  )

describe('<CustomRange>', () => {
  it('changing a day asks for that custom period', () => {
    const onChange = vi.fn()
    renderRange('2026-11-01', '2026-11-10', onChange)
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-11-20' } })
    expect(onChange).toHaveBeenCalledWith({ period: 'custom', from: '2026-11-01', to: '2026-11-20' })
  })

  it('says when the range is longer than 366 days', () => {
    renderRange('2025-01-01', '2026-01-02')
    expect(screen.getByText('At most 366 days')).toBeInTheDocument()
  })

  it('a valid range shows no error', () => {
    renderRange('2025-01-01', '2026-01-01')
    expect(screen.queryByText('At most 366 days')).not.toBeInTheDocument()
  })
})
