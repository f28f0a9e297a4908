import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Text } from '@mantine/core'
import { ConfirmDialog } from '../components/confirm-dialog'
import { useT } from '../i18n/use-t'
import { codeOf, reasonOf, statusOf } from '../providers/payload-errors'

/**
 * "Giulia non è di turno: prenotare comunque?" (issue 23). Staff book and move bookings through
 * `POST /api/reservations/book` and `PATCH /api/reservations/:id/edit`; a time outside the
 * operator's shift (or in their leave) is answered **409 `OFF_SHIFT`**. Every place of the
 * dashboard that sends those requests goes through `attempt` (the agenda's drag, drop and resize,
 * the new booking form, the booking page's Move and note): it sends the request, and on that one
 * refusal asks with the dashboard's ConfirmDialog; yes sends the very same request again with
 * `override_shift: true` (the server records it), no leaves everything as it was (the caller
 * reverts a dragged card). Any other answer is the caller's as before.
 *
 * The override names a person: with "any operator" the server never places a booking off shift
 * (cms placement.ts), so nothing is asked — the refusal says to choose someone instead.
 */

/**
 * Issue 24 extends the same question to the salon's hours: staff may book on purpose **outside the
 * offered times** — the salon closed (`CLOSED`), outside the opening hours
 * (`OUTSIDE_OPENING_HOURS`), off the slot grid (`NOT_ON_SLOT_GRID`), with less than the minimum
 * notice (`TOO_SOON`). Each is a 409 whose reason the question names ("Il salone è chiuso a
 * quell’ora: prenotare comunque?"); yes resends with `override_hours: true`. A second refusal of
 * the other kind (first the hours, then the shift) asks its own question, each at most once.
 * Another booking in the way (`OPERATOR_BUSY`, `SLOT_TAKEN`) is never asked: a plain refusal.
 */

/** The refusals staff may override after a question. */
export const HOURS_REASONS = ['CLOSED', 'OUTSIDE_OPENING_HOURS', 'NOT_ON_SLOT_GRID', 'TOO_SOON'] as const
export type HoursReason = (typeof HOURS_REASONS)[number]
export type OverrideReason = 'OFF_SHIFT' | HoursReason

/** The flags a request carries after "yes" (false the first time). */
export type Override = false | { override_shift?: true; override_hours?: true }

/** How an attempt ended. */
export type ShiftOutcome<T> =
  /** Done: at once, or after "yes" (`overridden`). */
  | { status: 'done'; result: T; overridden: boolean }
  /** Off shift (or outside the hours) and staff said no (or closed the dialog): nothing was changed. */
  | { status: 'declined'; error: unknown }
  /** Any other refusal — or the overridden request was refused in its turn (a time taken meanwhile). */
  | { status: 'refused'; error: unknown }

/** The request of an attempt: `override` is false the first time, the flags staff said yes to after. */
export type ShiftSend<T> = (override: Override) => Promise<T>

const refusalCode = (error: unknown) => (statusOf(error) === 409 ? (codeOf(error) ?? reasonOf(error)) : undefined)

/** True for the server's "the operator is not on shift (or on leave) then" (409 `OFF_SHIFT`). */
export const isOffShift = (error: unknown) => refusalCode(error) === 'OFF_SHIFT'

/** The hours refusal of a 409 (`CLOSED`, `OUTSIDE_OPENING_HOURS`, `NOT_ON_SLOT_GRID`, `TOO_SOON`), or null. */
export const hoursReasonOf = (error: unknown): HoursReason | null => {
  const code = refusalCode(error)
  const reason = statusOf(error) === 409 ? reasonOf(error) : undefined
  return HOURS_REASONS.find((r) => r === code) ?? HOURS_REASONS.find((r) => r === reason) ?? null
}

/** What may be overridden in a refusal, or null (anything else: a plain refusal). */
export const overrideReasonOf = (error: unknown): OverrideReason | null =>
  isOffShift(error) ? 'OFF_SHIFT' : hoursReasonOf(error)

/** A request body with the overrides added after "yes" (left as it was the first time). */
export const withOverride = <B extends object>(
  body: B,
  override: Override,
): B & { override_shift?: true; override_hours?: true } => (override ? { ...body, ...override } : body)

/** `attempt`'s `who` for a request made with "any operator". */
export const ANY_OPERATOR = Symbol('any operator')

interface Question {
  /** What the time is refused for. */
  reason: OverrideReason
  /** The operator's name ("Giulia"), or null when not known (any operator). */
  who: string | null
  answer: (yes: boolean) => void
}

export function useShiftOverride(): {
  /**
   * Sends `send(false)`; on 409 OFF_SHIFT (or an hours refusal) asks, then sends again with the
   * override on yes. `who` names the operator in the shift question (their first name), null =
   * "the operator"; `ANY_OPERATOR` = the request lets the server choose: no shift question, a
   * refusal that says to choose someone (the hours are still asked about).
   */
  attempt: <T>(send: ShiftSend<T>, who: string | null | undefined | typeof ANY_OPERATOR) => Promise<ShiftOutcome<T>>
  /** The question, rendered by the caller (closed unless asking). */
  dialog: ReactNode
  /** The question is open or its second request is running. */
  asking: boolean
} {
  const t = useT()
  const [question, setQuestion] = useState<Question | null>(null)
  const [sending, setSending] = useState(false)
  // A question left open when the screen goes away is a "no" (the caller's promise settles).
  const pending = useRef<Question | null>(null)
  useEffect(
    () => () => {
      pending.current?.answer(false)
    },
    [],
  )

  const attempt = useCallback(
    async <T,>(send: ShiftSend<T>, who: string | null | undefined | typeof ANY_OPERATOR) => {
      const flags: { override_shift?: true; override_hours?: true } = {}
      let asked = false
      try {
        // At most one question of each kind: the shift, then the hours (or the other way round).
        for (;;) {
          try {
            const result = await send(asked ? { ...flags } : false)
            return { status: 'done', result, overridden: asked } as const
          } catch (error) {
            const reason = overrideReasonOf(error)
            const flag = reason === 'OFF_SHIFT' ? 'override_shift' : reason ? 'override_hours' : null
            if (!reason || !flag || flags[flag]) return { status: 'refused', error } as const
            if (reason === 'OFF_SHIFT' && who === ANY_OPERATOR)
              return {
                status: 'refused',
                error: { ...(error as object), message: t('shiftOverride.anyOperator') },
              } as const
            const yes = await new Promise<boolean>((resolve) => {
              const q: Question = {
                reason,
                who: who === ANY_OPERATOR ? null : who?.trim() || null,
                answer: (value) => {
                  pending.current = null
                  resolve(value)
                },
              }
              pending.current = q
              setSending(false)
              setQuestion(q)
            })
            if (!yes) {
              setQuestion(null)
              return { status: 'declined', error } as const
            }
            flags[flag] = true
            asked = true
            setSending(true)
          }
        }
      } finally {
        setSending(false)
        setQuestion(null)
      }
    },
    [t],
  )

  const hours = question && question.reason !== 'OFF_SHIFT' ? question.reason : null
  const dialog = (
    <ConfirmDialog
      opened={question !== null}
      title={
        hours
          ? t(`desk.hours.${hours}.title`)
          : question?.who
            ? t('shiftOverride.title', { name: question.who })
            : question
              ? t('shiftOverride.titleUnnamed')
              : ''
      }
      confirmLabel={t('shiftOverride.confirm')}
      cancelLabel={t('shiftOverride.cancel')}
      loading={sending}
      onConfirm={() => question?.answer(true)}
      // Escape, the close button and "No" alike: nothing changes.
      onCancel={() => !sending && question?.answer(false)}
    >
      <Text size="sm">
        {hours
          ? t(`desk.hours.${hours}.body`)
          : question?.who
            ? t('shiftOverride.body', { name: question.who })
            : t('shiftOverride.bodyUnnamed')}
      </Text>
    </ConfirmDialog>
  )

  return { attempt, dialog, asking: question !== null }
}
