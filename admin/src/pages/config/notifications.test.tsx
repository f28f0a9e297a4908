import { act, fireEvent, render, screen } from '@testing-library/react'
import { Button, MantineProvider } from '@mantine/core'
import { useForm } from '@mantine/form'
import { configInput } from '@salon/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { zodValidate } from '../../components/form/zod-validate'
import { setLocale } from '../../i18n/locale'
import { NOTIFICATION_DEFAULTS, NotificationSettings, type NotificationValues } from './notifications'

/** The rest of the settings, valid: the form runs the whole shared `configInput`, as the screen does. */
const OTHERS = {
  businessName: 'Salone Demo',
  cancellationTimeLimit: 24,
  slotStepMinutes: 15,
  minNoticeMinutes: 60,
  bookingHorizonDays: 60,
  maxOpenBookings: 3,
  holdMinutes: 10,
}
type Values = typeof OTHERS & NotificationValues

function Harness({ onSubmit, initial = {} }: { onSubmit: (v: Values) => void; initial?: Partial<Values> }) {
  const form = useForm<Values>({
    initialValues: { ...OTHERS, ...NOTIFICATION_DEFAULTS, ...initial },
    validate: zodValidate<Values>(configInput),
  })
  return (
    <MantineProvider>
      <form onSubmit={form.onSubmit(onSubmit)}>
        <NotificationSettings form={form} />
        <Button type="submit">Save</Button>
      </form>
    </MantineProvider>
  )
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))
/** The error Mantine shows under a field, found through the input's aria-describedby. */
const errorOf = (label: RegExp) => {
  const input = screen.getByLabelText(label)
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

describe('Notifications settings section', () => {
  afterEach(() => act(() => setLocale('en')))

  it('shows the switches on and the default hours, in English', () => {
    render(<Harness onSubmit={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument()
    for (const label of [
      /To the customer: booking received, confirmed or rejected/,
      /To the customer: booking moved, changed or cancelled/,
      /To the salon: every new booking/,
      /To the salon: a customer cancelled/,
    ])
      expect(screen.getByLabelText(label)).toBeChecked()
    expect(screen.getByLabelText(/^Reminder \(hours before\)/)).toHaveValue('24')
    expect(screen.getByLabelText(/^Second reminder/)).toHaveValue('0')
    expect(screen.getByLabelText(/^Mark as completed after/)).toHaveValue('0')
  })

  it('the SMS switches (issue 26): off by default, each saved as chosen, in both languages', () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    expect(screen.getByRole('heading', { name: 'SMS to the customer' })).toBeInTheDocument()
    const reminders = screen.getByLabelText('Reminders by SMS')
    const confirmations = screen.getByLabelText('Confirmation by SMS')
    expect(reminders).not.toBeChecked()
    expect(confirmations).not.toBeChecked()
    expect(screen.getByText(/with a link to confirm attendance or cancel/)).toBeInTheDocument()
    fireEvent.click(reminders)
    save()
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ smsReminders: true, smsConfirmations: false })
    act(() => setLocale('it'))
    expect(screen.getByLabelText('Promemoria via SMS')).toBeChecked()
    expect(screen.getByLabelText('Conferma via SMS')).not.toBeChecked()
  })

  it('saves what was chosen', () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    fireEvent.click(screen.getByLabelText(/To the salon: every new booking/))
    type(/^Reminder \(hours before\)/, '48')
    type(/^Second reminder/, '2')
    type(/^Mark as completed after/, '12')
    save()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      mailSalonNewBookings: false,
      mailCustomerBookings: true,
      reminderHours: 48,
      secondReminderHours: 2,
      autoCompleteHours: 12,
    })
  })

  it('refuses hours out of range, with the error next to the field', () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} initial={{ reminderHours: 200, autoCompleteHours: 169 }} />)
    save()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(errorOf(/^Reminder \(hours before\)/)).toContain('At most 168 hours')
    expect(errorOf(/^Mark as completed after/)).toContain('At most 168 hours')
    expect(errorOf(/^Second reminder/)).not.toContain('At most')
  })

  it('refuses a second reminder that does not come after the first', () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} initial={{ reminderHours: 24, secondReminderHours: 24 }} />)
    save()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(errorOf(/^Second reminder/)).toContain(
      'The second reminder must come closer to the appointment than the first: fewer hours',
    )
    expect(errorOf(/^Reminder \(hours before\)/)).not.toContain('second reminder')
    // A second reminder with the first off is fine.
    type(/^Reminder \(hours before\)/, '0')
    save()
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('in Italian: "Notifiche" and the Italian messages', () => {
    act(() => setLocale('it'))
    render(<Harness onSubmit={() => {}} initial={{ reminderHours: 2, secondReminderHours: 3 }} />)
    expect(screen.getByRole('heading', { name: 'Notifiche' })).toBeInTheDocument()
    expect(screen.getByLabelText(/Al cliente: prenotazione ricevuta, confermata o rifiutata/)).toBeChecked()
    save()
    expect(errorOf(/^Secondo promemoria/)).toContain('Il secondo promemoria deve arrivare più vicino')
  })
})
