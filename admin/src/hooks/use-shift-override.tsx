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

/** How an attempt ended. */
export type ShiftOutcome<T> =
  /** Done: at once, or after "yes" (`overridden`). */
  | { status: 'done'; result: T; overridden: boolean }
  /** Off shift and staff said no (or closed the dialog): nothing was changed. */
  | { status: 'declined'; error: unknown }
  /** Any other refusal — or the overridden request was refused in its turn (a time taken meanwhile). */
  | { status: 'refused'; error: unknown }

/** The request of an attempt: `override` is false the first time, true after "yes". */
export type ShiftSend<T> = (override: boolean) => Promise<T>

/** True for the server's "the operator is not on shift (or on leave) then" (409 `OFF_SHIFT`). */
export const isOffShift = (error: unknown) =>
  statusOf(error) === 409 && (codeOf(error) ?? reasonOf(error)) === 'OFF_SHIFT'

/** A request body with the override added after "yes" (left as it was the first time). */
export const withOverride = <B extends object>(body: B, override: boolean): B & { override_shift?: true } =>
  override ? { ...body, override_shift: true as const } : body

/** `attempt`'s `who` for a request made with "any operator". */
export const ANY_OPERATOR = Symbol('any operator')

interface Question {
  /** The operator's name ("Giulia"), or null when not known (any operator). */
  who: string | null
  answer: (yes: boolean) => void
}

export function useShiftOverride(): {
  /**
   * Sends `send(false)`; on 409 OFF_SHIFT asks, then `send(true)` on yes. `who` names the
   * operator in the question (their first name), null = "the operator"; `ANY_OPERATOR` = the
   * request lets the server choose: no question, a refusal that says to choose someone.
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
      try {
        return { status: 'done', result: await send(false), overridden: false } as const
      } catch (error) {
        if (!isOffShift(error)) return { status: 'refused', error } as const
        if (who === ANY_OPERATOR)
          return {
            status: 'refused',
            error: { ...(error as object), message: t('shiftOverride.anyOperator') },
          } as const
        const yes = await new Promise<boolean>((resolve) => {
          const q: Question = {
            who: who?.trim() || null,
            answer: (value) => {
              pending.current = null
              resolve(value)
            },
          }
          pending.current = q
          setQuestion(q)
        })
        if (!yes) {
          setQuestion(null)
          return { status: 'declined', error } as const
        }
        setSending(true)
        try {
          return { status: 'done', result: await send(true), overridden: true } as const
        } catch (again) {
          return { status: 'refused', error: again } as const
        } finally {
          setSending(false)
          setQuestion(null)
        }
      }
    },
    [t],
  )

  const dialog = (
    <ConfirmDialog
      opened={question !== null}
      title={
        question?.who
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
        {question?.who ? t('shiftOverride.body', { name: question.who }) : t('shiftOverride.bodyUnnamed')}
      </Text>
    </ConfirmDialog>
  )

  return { attempt, dialog, asking: question !== null }
}
