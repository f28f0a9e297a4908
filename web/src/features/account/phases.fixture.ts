import type { PhaseItem } from '@salon/shared/schemas/booking'

const chair = { id: 2, name: 'Poltrona colore' }
/** A colour at 10:00 in Rome (UTC+1 in December): 30 busy · 40 tempo di posa · 50 busy, then 10 of riordino. */
export const colourPhases: PhaseItem[] = [
  {
    start: '2026-12-15T09:00:00.000Z',
    end: '2026-12-15T09:30:00.000Z',
    operator_busy: true,
    station: chair,
    cleanup: false,
    label: 'Applicazione',
  },
  {
    start: '2026-12-15T09:30:00.000Z',
    end: '2026-12-15T10:10:00.000Z',
    operator_busy: false,
    station: null,
    cleanup: false,
    label: 'Posa',
  },
  {
    start: '2026-12-15T10:10:00.000Z',
    end: '2026-12-15T11:00:00.000Z',
    operator_busy: true,
    station: null,
    cleanup: false,
    label: 'Risciacquo e piega',
  },
  {
    start: '2026-12-15T11:00:00.000Z',
    end: '2026-12-15T11:10:00.000Z',
    operator_busy: true,
    station: chair,
    cleanup: true,
    label: null,
  },
]
