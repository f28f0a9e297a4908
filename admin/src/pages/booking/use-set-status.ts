import { useState } from 'react'
import { useCustomMutation } from '@refinedev/core'
import type { ReservationStatus } from '@salon/shared/enums/index'
import type { SeriesScope } from '@salon/shared/schemas/series'
import { useT } from '../../i18n/use-t'

/**
 * A booking's status set by the salon (`PUT /api/reservations/:id/status`), as the booking page
 * and the index's pending list both do it: a notice naming the new status when it is done, the
 * server's refusal (a clash, a change made meanwhile) kept in `error` as it came, and `onChanged`
 * (re-read what is shown) after either answer.
 */
export function useSetStatus(onChanged: () => unknown) {
  const t = useT()
  const { mutate } = useCustomMutation()
  /** The booking whose status is being set, if any. */
  const [busy, setBusy] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  /**
   * Sets `status` on booking `id`; `after` runs on either answer (e.g. closing a confirmation).
   * `scope: 'following'`: this occurrence of a series and the later ones (issue 27).
   */
  const setStatus = (id: number, status: ReservationStatus, after?: () => void, scope?: SeriesScope) => {
    setBusy(id)
    setError(null)
    const settle = (refusal: string | null) => {
      setBusy(null)
      setError(refusal)
      after?.()
      void onChanged()
    }
    mutate(
      {
        url: `/api/reservations/${id}/status`,
        method: 'put',
        values: scope === 'following' ? { status, scope } : { status },
        successNotification: () => ({
          type: 'success',
          message: t('booking.statusNotice', { status: t.glossary.status(status) }),
        }),
        errorNotification: false,
      },
      { onSuccess: () => settle(null), onError: (e) => settle(e.message) },
    )
  }

  return { setStatus, busy, error, clearError: () => setError(null) }
}
