import { describe, expect, it } from 'vitest'
import { RESERVATION_EVENT_KINDS, type ReservationEventItem } from '@salon/shared'
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
  it('every kind of event has words in both languages, never its key', () => {
    for (const kind of RESERVATION_EVENT_KINDS)
      for (const locale of ['it', 'en'] as const)
        expect(describeEvent({ ...base, kind }, locale).title).not.toMatch(/^event\./)
  })
  it('an undo and a freed time say what happened (issue 20)', () => {
    expect(describeEvent({ ...base, kind: 'UNDONE', from: 'COMPLETED', to: 'CONFIRMED' }, 'it')).toEqual({
      title: 'Cambio di stato ripristinato',
      detail: 'Completata → Confermata',
    })
    const freed = { ...base, kind: 'FREED' as const, from: 'COMPLETED' as const, to: 'COMPLETED' as const }
    const changes = { date_end: { from: '2026-12-01T16:00:00.000Z', to: '2026-12-01T14:25:00.000Z' } }
    expect(describeEvent({ ...freed, changes }, 'it', 'Europe/Rome')).toEqual({
      title: 'Tempo restante liberato',
      detail: 'ora finisce alle 15:25',
    })
  })
  it('status changes read as labels, never enum values', () => {
    expect(describeEvent(base, 'it')).toEqual({ title: 'Stato cambiato', detail: 'In attesa di conferma → Confermata' })
  })
  it('a move says what moved', () => {
    const { title, detail } = describeEvent(
      {
        ...base,
        kind: 'MOVED',
        changes: { operator: { from: 1, to: 2 }, services: { from: [1], to: [2] } },
      },
      'it',
    )
    expect(title).toBe('Spostata')
    expect(detail).toBe('altro operatore · servizi cambiati')
  })
  it('a note edit shows the new note, or that it was cleared', () => {
    expect(
      describeEvent({ ...base, kind: 'EDITED', changes: { note: { from: null, to: 'Allergia' } } }, 'it').detail,
    ).toBe('Allergia')
    expect(describeEvent({ ...base, kind: 'EDITED', changes: { note: { from: 'x', to: null } } }, 'it').detail).toBe(
      'Nota cancellata',
    )
  })
  it('speaks English by default, with the glossary’s English words and money the English way', () => {
    expect(describeEvent(base)).toEqual({ title: 'Status changed', detail: 'Pending → Confirmed' })
    const { detail } = describeEvent({ ...base, kind: 'MOVED', changes: { total_price: { from: 55, to: 70 } } })
    expect(detail).toBe('total €55.00 → €70.00')
  })
})
