import type { RotaConflictsResponse, RotaResponse } from '@salon/shared/schemas/rota'
import { weekDays } from './model'
import type { Routes_ } from '../../test/fake-api'

/** The rota screens' test data: the demo salon's week of 30 Nov – 6 Dec 2026 (open Tue–Sat). */

export const MORNING = { opening_time: '09:00', closing_time: '13:00' }
export const AFTERNOON = { opening_time: '14:30', closing_time: '19:30' }
export const MONDAY = '2026-11-30'
/** Tuesday 1 December 2026, 10:00 in Rome: "today" in the tests. */
export const NOW = new Date('2026-12-01T09:00:00.000Z')

const open = (date: string) => {
  const i = weekDays(MONDAY).indexOf(date)
  return i >= 1 && i <= 5
}

export function rotaWeek(monday = MONDAY): RotaResponse {
  const days = weekDays(monday)
  return {
    from: days[0]!,
    to: days[6]!,
    timezone: 'Europe/Rome',
    closedDays: [days[0]!, days[6]!],
    operators: [
      {
        id: 1,
        name: 'Giulia',
        active: true,
        days: days.map((date) => ({
          date,
          source: date === days[3] ? 'EXCEPTION' : 'PATTERN',
          shift: date === days[3] ? [] : open(date) || monday !== MONDAY ? [MORNING, AFTERNOON] : [],
          intervals: [],
          minutes: date === days[3] || !open(date) ? 0 : 540,
        })),
      },
      {
        id: 2,
        name: 'Marco',
        active: true,
        days: days.map((date) => ({
          date,
          source: 'SALON',
          shift: open(date) ? [MORNING] : [],
          intervals: [],
          minutes: open(date) ? 240 : 0,
        })),
      },
      { id: 3, name: 'Ex', active: false, days: [] },
    ],
    // Giulia: annual leave on Friday 4 December.
    leave: [
      {
        id: 7,
        operator: 1,
        kind: 'ANNUAL',
        start: '2026-12-03T23:00:00.000Z',
        end: '2026-12-04T23:00:00.000Z',
        note: null,
      },
    ],
    exceptions: [{ id: 5, operator: 1, date: days[3]!, intervals: [], note: 'Visita medica' }],
  }
}

export const CONFLICTS: RotaConflictsResponse = {
  total: 2,
  items: [
    {
      id: 41,
      date_start: '2026-12-04T09:00:00.000Z',
      date_end: '2026-12-04T10:15:00.000Z',
      status: 'CONFIRMED',
      reason: 'ON_LEAVE',
      operator: { id: 1, name: 'Giulia' },
      customer: 'Chiara Conti',
      services: ['Taglio donna', 'Piega'],
      candidates: [
        { id: 2, name: 'Marco' },
        { id: 4, name: 'Sara' },
      ],
    },
    {
      id: 42,
      date_start: '2026-12-05T16:00:00.000Z',
      date_end: '2026-12-05T17:00:00.000Z',
      status: 'PENDING',
      reason: 'OFF_SHIFT',
      operator: { id: 1, name: 'Giulia' },
      customer: '',
      services: ['Colore'],
      candidates: [],
    },
  ],
}

/** What every dashboard screen asks for besides its own data: the salon's settings, the operators, the opening hours… */
export const BASE_ROUTES: Routes_ = {
  'GET /api/config': () => ({ docs: [{ id: 1, timezone: 'Europe/Rome', slotStepMinutes: 15 }], totalDocs: 1 }),
  'GET /api/operators': () => ({
    docs: [
      { id: 1, name: 'Giulia', surname: 'Rossi' },
      { id: 2, name: 'Marco', surname: 'Bianchi' },
    ],
    totalDocs: 2,
  }),
  'GET /api/business_hours/week': () => ({
    days: (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const).map((d) => ({
      day_of_week: d,
      is_closed: d === 'MONDAY' || d === 'SUNDAY',
      intervals: d === 'MONDAY' || d === 'SUNDAY' ? [] : [MORNING, AFTERNOON],
    })),
  }),
  'GET /api/holidays': () => ({ docs: [], totalDocs: 0 }),
  'GET /api/business-closures': () => ({ docs: [], totalDocs: 0 }),
  'GET /api/rota/conflicts': () => ({ total: 0, items: [] }),
}
