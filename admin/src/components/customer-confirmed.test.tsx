import { act, render, screen } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../i18n/locale'
import { CustomerConfirmed } from './customer-confirmed'

const show = (at: string | null, withTime = false) =>
  render(
    <MantineProvider>
      <CustomerConfirmed at={at} timeZone="Europe/Rome" withTime={withTime} />
    </MantineProvider>,
  )

describe('CustomerConfirmed', () => {
  afterEach(() => act(() => setLocale('en')))

  it('shows nothing until the customer confirmed', () => {
    const { container } = show(null)
    expect(container.textContent).toBe('')
  })

  it('names it in the glossary’s words, with the moment in the salon’s zone, in both languages', () => {
    show('2026-11-27T17:05:00.000Z', true)
    expect(screen.getByText('Confirmed by the customer')).toBeInTheDocument()
    expect(screen.getByText(/through the SMS link, 27 Nov 2026, 18:05/)).toBeInTheDocument()
    act(() => setLocale('it'))
    expect(screen.getByText('Confermato dal cliente')).toBeInTheDocument()
    expect(screen.getByText(/dal link dell’SMS, 27 nov 2026, 18:05/)).toBeInTheDocument()
  })
})
