import { useCallback, useMemo, useState } from 'react'
import { useCustom, useDataProvider, type HttpError } from '@refinedev/core'
import type {
  CopyWeekBody,
  ExceptionItem,
  LeaveBody,
  LeaveItem,
  RotaConflictsResponse,
  RotaResponse,
  ScheduleResponse,
  SchedulePutBody,
  ShiftExceptionBody,
} from '@salon/shared/schemas/rota'
import type { OpeningWeekBody } from '@salon/shared/schemas/opening'
import { addCalendarDays } from '@salon/shared/booking/periods'
import type { ClosureRow, HolidayRow } from './model'

/**
 * The rota API (docs/api.md "Rota", issue 23) as the dashboard calls it: reads are React Query
 * queries (`useCustom`), writes go through the data provider's `custom` (same cookie, errors as
 * Refine's HttpError with the field errors) and the screens refetch what they show.
 */

export const ROTA_URLS = {
  rota: '/api/rota',
  copyWeek: '/api/rota/copy-week',
  conflicts: '/api/rota/conflicts',
  schedule: (operator: number) => `/api/operators/${operator}/schedule`,
  exception: (operator: number, date: string) => `/api/operators/${operator}/exceptions/${date}`,
  leave: '/api/operator-leave',
  leaveOne: (id: number) => `/api/operator-leave/${id}`,
  edit: (reservation: number) => `/api/reservations/${reservation}/edit`,
  openingWeek: '/api/business_hours/week',
  holidays: '/api/holidays',
  closures: '/api/business-closures',
} as const

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** One call to the API through the data provider; resolves with the answer's body. */
export function useApiCall() {
  const dataProvider = useDataProvider()
  return useCallback(
    async <T>(method: Method, url: string, body?: unknown, query?: Record<string, unknown>): Promise<T> => {
      const answer = await dataProvider().custom!({ url, method, payload: body as never, query })
      return answer.data as T
    },
    [dataProvider],
  )
}

/** The writes of the rota screens. */
export function useRotaWrites() {
  const call = useApiCall()
  return useMemo(
    () => ({
      putException: (operator: number, date: string, body: ShiftExceptionBody) =>
        call<ExceptionItem>('put', ROTA_URLS.exception(operator, date), body),
      deleteException: (operator: number, date: string) =>
        call<{ message: string; date: string }>('delete', ROTA_URLS.exception(operator, date)),
      copyWeek: (body: CopyWeekBody) => call<{ message: string; written: number }>('post', ROTA_URLS.copyWeek, body),
      putSchedule: (operator: number, body: SchedulePutBody) =>
        call<ScheduleResponse>('put', ROTA_URLS.schedule(operator), body),
      createLeave: (body: LeaveBody) => call<{ doc: LeaveItem }>('post', ROTA_URLS.leave, body),
      updateLeave: (id: number, body: LeaveBody) => call<{ doc: LeaveItem }>('patch', ROTA_URLS.leaveOne(id), body),
      deleteLeave: (id: number) => call<unknown>('delete', ROTA_URLS.leaveOne(id)),
      giveTo: (reservation: number, operator: number) =>
        call<unknown>('patch', ROTA_URLS.edit(reservation), { operator }),
      conflicts: (operator?: number) =>
        call<RotaConflictsResponse>('get', ROTA_URLS.conflicts, undefined, operator ? { operator } : undefined),
    }),
    [call],
  )
}

export type RotaWrites = ReturnType<typeof useRotaWrites>

/** The team's week: `GET /api/rota?from=<monday>&to=<sunday>`. */
export function useRotaWeek(monday: string) {
  const query = useCustom<RotaResponse>({
    url: ROTA_URLS.rota,
    method: 'get',
    config: { query: { from: monday, to: addCalendarDays(monday, 6) } },
    queryOptions: { enabled: monday !== '' },
  })
  // `result.data` is `{}` until the answer: the query's own data is undefined until then.
  return { rota: query.query.data?.data, query: query.query }
}

/**
 * What names a closed day on the grid: the weekly opening hours (the Time page's API), the active
 * holidays and full-day closures. Any of them may fail: the day is then just "Closure".
 */
export function useClosedDayFacts() {
  const opening = useCustom<OpeningWeekBody>({ url: ROTA_URLS.openingWeek, method: 'get' })
  const holidays = useCustom<{ docs: HolidayRow[] }>({
    url: ROTA_URLS.holidays,
    method: 'get',
    config: { query: { depth: 0, limit: 200, where: { is_active: { equals: true } } } },
  })
  const closures = useCustom<{ docs: ClosureRow[] }>({
    url: ROTA_URLS.closures,
    method: 'get',
    config: {
      query: { depth: 0, limit: 200, where: { is_active: { equals: true }, closure_type: { equals: 'FULL_DAY' } } },
    },
  })
  return useMemo(
    () => ({
      opening: opening.result.data?.days,
      holidays: holidays.result.data?.docs,
      closures: closures.result.data?.docs,
    }),
    [opening.result.data, holidays.result.data, closures.result.data],
  )
}

/** The salon's weekly opening hours (the Time page's `GET /api/business_hours/week`). */
export function useOpeningWeek() {
  const opening = useCustom<OpeningWeekBody>({ url: ROTA_URLS.openingWeek, method: 'get' })
  return { days: opening.result.data?.days, query: opening.query }
}

/** The bookings to give to a colleague or move: `GET /api/rota/conflicts[?operator=]`. */
export function useConflicts(operator: number | null) {
  const query = useCustom<RotaConflictsResponse>({
    url: ROTA_URLS.conflicts,
    method: 'get',
    config: { query: operator ? { operator } : {} },
  })
  return { conflicts: query.query.data?.data, query: query.query }
}

/** A notice of bookings left without their operator after a change: how many, and whose. */
export interface ConflictsNoticeState {
  total: number
  operator?: { id: number; name: string }
}

/**
 * After a change to someone's time (leave, a day, the pattern, a copied week): asks
 * `GET /api/rota/conflicts?operator=` and keeps a notice when bookings are now left out. A
 * failed check shows nothing (the change itself was saved; the conflicts page is one click away).
 */
export function useConflictsCheck() {
  const writes = useRotaWrites()
  const [notice, setNotice] = useState<ConflictsNoticeState | null>(null)
  const check = useCallback(
    async (operator?: { id: number; name: string }) => {
      try {
        const answer = await writes.conflicts(operator?.id)
        setNotice(answer.total > 0 ? { total: answer.total, operator } : null)
      } catch {
        // The notice is a courtesy: the change was saved whatever this answers.
      }
    },
    [writes],
  )
  return { notice, check, dismiss: useCallback(() => setNotice(null), []) }
}

/** The field errors of a refusal (`{ end: '…' }`), or none. */
export const fieldErrorsOf = (error: unknown): Record<string, unknown> =>
  (error as HttpError | undefined)?.errors && typeof (error as HttpError).errors === 'object'
    ? ((error as HttpError).errors as Record<string, unknown>)
    : {}

/** A refusal's words (the data provider already put them in the dashboard's language). */
export const messageOf = (error: unknown, fallback: string) => (error as HttpError | undefined)?.message || fallback
