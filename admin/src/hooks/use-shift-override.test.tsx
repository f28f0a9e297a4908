import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { setLocale } from '../i18n/locale'
import { toHttpError } from '../providers/payload-errors'
import {
  ANY_OPERATOR,
  hoursReasonOf,
  isOffShift,
  useShiftOverride,
  withOverride,
  type Override,
  type ShiftOutcome,
  type ShiftSend,
} from './use-shift-override'

/** The server's 409 for a time outside the operator's shift (cms: `conflict('OFF_SHIFT')`). */
const offShift = () =>
  toHttpError(409, {
    errors: [
      {
        name: 'Conflict',
        message: 'L’operatore non è di turno a quest’ora.',
        data: { reason: 'OFF_SHIFT', code: 'OFF_SHIFT' },
      },
    ],
  })
const slotTaken = () =>
  toHttpError(409, {
    errors: [
      {
        name: 'Conflict',
        message: 'Questo orario è appena stato prenotato da qualcun altro.',
        data: { reason: 'SLOT_TAKEN', code: 'SLOT_TAKEN' },
      },
    ],
  })

/** A screen that sends one change through the hook and shows how it ended. */
function Harness({ send, who }: { send: ShiftSend<string>; who: string | null | typeof ANY_OPERATOR }) {
  const { attempt, dialog } = useShiftOverride()
  const [outcome, setOutcome] = useState<ShiftOutcome<string> | null>(null)
  return (
    <>
      <button type="button" onClick={() => void attempt(send, who).then(setOutcome)}>
        Move
      </button>
      <output>
        {outcome?.status}
        {outcome?.status === 'done' ? ` ${outcome.result} overridden=${String(outcome.overridden)}` : ''}
        {outcome?.status === 'refused' ? ` ${(outcome.error as Error).message}` : ''}
      </output>
      {dialog}
    </>
  )
}

function setup(send: ShiftSend<string>, who: string | null | typeof ANY_OPERATOR = 'Giulia') {
  const utils = render(
    <MantineProvider>
      <Harness send={send} who={who} />
    </MantineProvider>,
  )
  return { ...utils, user: userEvent.setup() }
}

describe('useShiftOverride: “Giulia non è di turno: prenotare comunque?” (issue 23)', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('a change the server accepts is done at once, without a question', async () => {
    const send = vi.fn(async (override: Override) => `ok ${override}`)
    const { user } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('done ok false overridden=false'))
    expect(send).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('409 OFF_SHIFT asks, naming the operator; yes sends the same request again with the override', async () => {
    const send = vi.fn(async (override: Override) => {
      if (!override) throw offShift()
      return 'booked'
    })
    const { user } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    const dialog = await screen.findByRole('dialog', { name: 'Giulia is off shift: book anyway?' })
    expect(dialog).toHaveTextContent('Giulia is not working at this time')
    await user.click(within(dialog).getByRole('button', { name: 'Yes, book anyway' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('done booked overridden=true'))
    expect(send.mock.calls).toEqual([[false], [{ override_shift: true }]])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('no (or Escape) changes nothing: the caller is told it was declined, and nothing more is sent', async () => {
    const send = vi.fn(async () => {
      throw offShift()
    })
    const { user } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('declined'))
    expect(send).toHaveBeenCalledTimes(1)

    await user.click(screen.getByRole('button', { name: 'Move' }))
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('status')).toHaveTextContent('declined')
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('any other refusal is the caller’s, without a question', async () => {
    const send = vi.fn(async () => {
      throw slotTaken()
    })
    const { user } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('refused'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('with “any operator” nothing is asked (the server never books “any” off shift): choose the person', async () => {
    const send = vi.fn(async () => {
      throw offShift()
    })
    const { user } = setup(send, ANY_OPERATOR)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'refused Nobody who can do it is on shift at this time. To book outside a shift, choose the person',
      ),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('the overridden request refused in its turn (the time taken meanwhile) is a refusal, and the dialog closes', async () => {
    const send = vi.fn(async (override: Override) => {
      throw override ? slotTaken() : offShift()
    })
    const { user } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, book anyway' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('refused'))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('in Italian, with the name or without one (a column of no known operator)', async () => {
    act(() => setLocale('it'))
    const send = vi.fn(async (override: Override) => {
      if (!override) throw offShift()
      return 'ok'
    })
    const { user, unmount } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    const dialog = await screen.findByRole('dialog', { name: 'Giulia non è di turno: prenotare comunque?' })
    expect(within(dialog).getByRole('button', { name: 'Sì, prenota comunque' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument()
    unmount()

    const second = setup(send, null)
    await second.user.click(screen.getByRole('button', { name: 'Move' }))
    expect(
      await screen.findByRole('dialog', { name: 'L’operatore non è di turno: prenotare comunque?' }),
    ).toBeInTheDocument()
  })

  it('a question left open when the screen goes away counts as no', async () => {
    let outcome: ShiftOutcome<string> | undefined
    function Leaving() {
      const { attempt, dialog } = useShiftOverride()
      return (
        <>
          <button
            type="button"
            onClick={() =>
              void attempt(async () => {
                throw offShift()
              }, 'Giulia').then((o) => (outcome = o))
            }
          >
            Move
          </button>
          {dialog}
        </>
      )
    }
    const { unmount } = render(
      <MantineProvider>
        <Leaving />
      </MantineProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Move' }))
    await screen.findByRole('dialog')
    unmount()
    await waitFor(() => expect(outcome?.status).toBe('declined'))
  })
})

/** The server's 409 for a time outside the offered ones (issue 24). */
const hours = (reason: string) =>
  toHttpError(409, {
    errors: [{ name: 'Conflict', message: 'Orario non offerto.', data: { reason, code: reason } }],
  })
const operatorBusy = () =>
  toHttpError(409, {
    errors: [
      {
        name: 'Conflict',
        message: 'L’operatore è occupato.',
        data: { reason: 'OPERATOR_BUSY', code: 'OPERATOR_BUSY' },
      },
    ],
  })

describe('useShiftOverride: outside the offered times (issue 24)', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it.each([
    ['CLOSED', 'Il salone è chiuso a quell’ora: prenotare comunque?', 'The salon is closed at that time: book anyway?'],
    [
      'OUTSIDE_OPENING_HOURS',
      'È fuori dall’orario di apertura: prenotare comunque?',
      'That is outside the opening hours: book anyway?',
    ],
    [
      'NOT_ON_SLOT_GRID',
      'Quell’orario non è tra quelli offerti: prenotare comunque?',
      'That time is not one of the offered times: book anyway?',
    ],
    [
      'TOO_SOON',
      'Manca meno del preavviso minimo: prenotare comunque?',
      'That is sooner than the minimum notice: book anyway?',
    ],
  ])('409 %s asks, naming the reason in both languages; yes resends with override_hours', async (reason, it_, en_) => {
    act(() => setLocale('it'))
    const send = vi.fn(async (override: Override) => {
      if (!override) throw hours(reason)
      return 'booked'
    })
    const { user, unmount } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    const dialog = await screen.findByRole('dialog', { name: it_ })
    await user.click(within(dialog).getByRole('button', { name: 'Sì, prenota comunque' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('done booked overridden=true'))
    expect(send.mock.calls).toEqual([[false], [{ override_hours: true }]])
    unmount()

    act(() => setLocale('en'))
    const again = setup(
      vi.fn(async () => {
        throw hours(reason)
      }),
    )
    await again.user.click(screen.getByRole('button', { name: 'Move' }))
    expect(await screen.findByRole('dialog', { name: en_ })).toBeInTheDocument()
  })

  it('asks about the hours even with “any operator” (only the shift needs a person)', async () => {
    const send = vi.fn(async (override: Override) => {
      if (!override) throw hours('CLOSED')
      return 'ok'
    })
    const { user } = setup(send, ANY_OPERATOR)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, book anyway' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('done ok overridden=true'))
  })

  it('the hours and then the shift: two questions, the second request carries both overrides', async () => {
    const send = vi.fn(async (override: Override) => {
      if (!override) throw hours('OUTSIDE_OPENING_HOURS')
      if (!override.override_shift) throw offShift()
      return 'ok'
    })
    const { user } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'That is outside the opening hours: book anyway?' })).getByRole(
        'button',
        { name: 'Yes, book anyway' },
      ),
    )
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Giulia is off shift: book anyway?' })).getByRole('button', {
        name: 'Yes, book anyway',
      }),
    )
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('done ok overridden=true'))
    expect(send.mock.calls).toEqual([
      [false],
      [{ override_hours: true }],
      [{ override_hours: true, override_shift: true }],
    ])
  })

  it('the same refusal again after yes is a refusal (never asked twice); OPERATOR_BUSY is never asked', async () => {
    const send = vi.fn(async () => {
      throw hours('CLOSED')
    })
    const { user, unmount } = setup(send)
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, book anyway' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('refused'))
    expect(send).toHaveBeenCalledTimes(2)
    unmount()

    const busy = vi.fn(async () => {
      throw operatorBusy()
    })
    const second = setup(busy)
    await second.user.click(screen.getByRole('button', { name: 'Move' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('refused'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(busy).toHaveBeenCalledTimes(1)
  })
})

describe('the helpers', () => {
  it('knows the OFF_SHIFT refusal by its code (or its older reason), only with 409', () => {
    expect(isOffShift(offShift())).toBe(true)
    expect(isOffShift(slotTaken())).toBe(false)
    expect(isOffShift({ statusCode: 409, reason: 'OFF_SHIFT' })).toBe(true)
    expect(isOffShift({ statusCode: 400, code: 'OFF_SHIFT' })).toBe(false)
    expect(isOffShift(new Error('boom'))).toBe(false)
  })
  it('knows the hours refusals, only with 409', () => {
    expect(hoursReasonOf(hours('CLOSED'))).toBe('CLOSED')
    expect(hoursReasonOf(hours('TOO_SOON'))).toBe('TOO_SOON')
    expect(hoursReasonOf({ statusCode: 409, reason: 'NOT_ON_SLOT_GRID' })).toBe('NOT_ON_SLOT_GRID')
    expect(hoursReasonOf({ statusCode: 400, code: 'CLOSED' })).toBeNull()
    expect(hoursReasonOf(operatorBusy())).toBeNull()
    expect(hoursReasonOf(offShift())).toBeNull()
  })
  it('adds the override only the second time', () => {
    const body = { date_start: '2026-12-15T09:00:00.000Z', operator: 3 }
    expect(withOverride(body, false)).toBe(body)
    expect(withOverride(body, { override_shift: true })).toEqual({ ...body, override_shift: true })
    expect(withOverride(body, { override_hours: true })).toEqual({ ...body, override_hours: true })
  })
})
