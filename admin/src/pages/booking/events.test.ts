import { describe, expect, it } from 'vitest'
import type { ReservationEventItem } from '@salon/shared'
import { describeEvent } from './events'

const base: ReservationEventItem = {
  id: 1,
  kind: 'STATUS_CHANGED',
  from: 'PENDING',
  to: 'CONFIRMED',
  changes: {},
  at: '2026-12-01T09:00:00.000Z',
  actor: null,
}

describe('describeEvent', () => {
  it('status changes read as labels, never enum values', () => {
    expect(describeEvent(base)).toEqual({ title: 'Stato cambiato', detail: 'In attesa di conferma → Confermata' })
  })
  it('a move says what moved', () => {
    const { title, detail } = describeEvent({
      ...base,
      kind: 'MOVED',
      changes: { operator: { from: 1, to: 2 }, services: { from: [1], to: [2] } },
    })
    expect(title).toBe('Spostata')
    expect(detail).toBe('altro operatore · servizi cambiati')
  })
  it('a note edit shows the new note, or that it was cleared', () => {
    expect(describeEvent({ ...base, kind: 'EDITED', changes: { note: { from: null, to: 'Allergia' } } }).detail).toBe(
      'Allergia',
    )
    expect(describeEvent({ ...base, kind: 'EDITED', changes: { note: { from: 'x', to: null } } }).detail).toBe(
      'Nota cancellata',
    )
  })
})
