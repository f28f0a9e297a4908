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
    expect(screen.getByLabelText(/^From/)).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^To/)).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('At most 366 days')).not.toBeInTheDocument()
  })

  it('names a day that does not exist next to its field (a link with 2026-02-30)', () => {
    renderRange('2026-02-01', '2026-02-30')
    expect(screen.getByText('This date does not exist')).toBeInTheDocument()
    expect(screen.getByLabelText(/^To/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('says when the last day comes before the first (a link can say so)', () => {
    renderRange('2026-03-10', '2026-03-01')
    expect(screen.getByText('The end cannot come before the start')).toBeInTheDocument()
    expect(screen.getByLabelText(/^To/)).toHaveAttribute('aria-invalid', 'true')
  })
})
