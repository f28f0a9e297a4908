import type { AttendanceAnswer, AttendanceSummary } from '@salon/shared/attendance'
import { ApiError, api } from '../../lib/api'

/** GET /api/attendance/:token — public: the token is the credential (no session involved). */
export const fetchAttendance = (token: string, signal?: AbortSignal) =>
  api.get<AttendanceSummary>(`/api/attendance/${encodeURIComponent(token)}`, {
    signal,
    redirectOnUnauthorized: false,
  })

/** POST /api/attendance/:token { answer } — the summary as it now is. */
export const answerAttendance = (token: string, answer: AttendanceAnswer) =>
  api.post<AttendanceSummary>(
    `/api/attendance/${encodeURIComponent(token)}`,
    { answer },
    { redirectOnUnauthorized: false },
  )

/** 404 or 410 LINK_INVALID: tampered, for another purpose, expired, or the booking moved. */
export const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 410)

/** The server's own words for a refusal (the policy and the salon's phone), when it gave them. */
export const refusalText = (error: unknown) =>
  error instanceof ApiError ? (error.errors.find((e) => e.message)?.message ?? null) : null
