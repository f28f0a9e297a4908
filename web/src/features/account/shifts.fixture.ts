import type { ScheduleResponse } from '@salon/shared/schemas/rota'

const FULL = [
  { opening_time: '09:00', closing_time: '13:00' },
  { opening_time: '14:30', closing_time: '19:30' },
]
const worked = (day: string) => [
  { start: `${day}T08:00:00.000Z`, end: `${day}T12:00:00.000Z` },
  { start: `${day}T13:30:00.000Z`, end: `${day}T18:30:00.000Z` },
]

/**
 * Giulia's schedule from Tuesday 1 December 2026 (Europe/Rome, winter time: UTC+1), as
 * `GET /api/rota/mine` answers it: a full day, a day off by exception, a permit in the morning,
 * two days of annual leave, the weekend and Monday off, the 8 December holiday over a shift, and a
 * day two weeks on.
 */
export const giulia: ScheduleResponse = {
  operator: 2,
  timezone: 'Europe/Rome',
  days: [
    { date: '2026-12-01', source: 'PATTERN', shift: FULL, intervals: worked('2026-12-01') },
    { date: '2026-12-02', source: 'EXCEPTION', shift: [], intervals: [] },
    {
      date: '2026-12-03',
      source: 'PATTERN',
      shift: FULL,
      intervals: [
        { start: '2026-12-03T10:00:00.000Z', end: '2026-12-03T12:00:00.000Z' },
        { start: '2026-12-03T13:30:00.000Z', end: '2026-12-03T18:30:00.000Z' },
      ],
    },
    { date: '2026-12-04', source: 'PATTERN', shift: FULL, intervals: [] },
    { date: '2026-12-05', source: 'PATTERN', shift: FULL, intervals: [] },
    { date: '2026-12-06', source: 'PATTERN', shift: [], intervals: [] },
    { date: '2026-12-07', source: 'PATTERN', shift: [], intervals: [] },
    { date: '2026-12-08', source: 'PATTERN', shift: FULL, intervals: [] },
    { date: '2026-12-15', source: 'PATTERN', shift: FULL, intervals: worked('2026-12-15') },
  ],
  leave: [
    {
      id: 1,
      operator: 2,
      kind: 'PERMIT',
      start: '2026-12-03T08:00:00.000Z',
      end: '2026-12-03T10:00:00.000Z',
      note: null,
    },
    {
      id: 2,
      operator: 2,
      kind: 'ANNUAL',
      start: '2026-12-03T23:00:00.000Z',
      end: '2026-12-05T23:00:00.000Z',
      note: null,
    },
  ],
  exceptions: [{ id: 9, operator: 2, date: '2026-12-02', intervals: [], note: null }],
  patterns: [],
}
