import { describe, expect, it } from 'vitest'
import { giulia } from './shifts.fixture'
import { shiftDay, shiftWeeks, weekHours } from './shifts'

describe('I miei turni: a schedule in words (issue 23)', () => {
  const weeks = shiftWeeks(giulia, '2026-12-01')
  const days = weeks.flatMap((w) => w.days)
  const on = (date: string) => days.find((d) => d.date === date)!

  it('a working day: its hours on the salon’s clock, short and long date, today marked', () => {
    expect(on('2026-12-01')).toMatchObject({
      short: 'mar 1 dic',
      long: 'martedì 1 dicembre',
      today: true,
      kind: 'work',
      text: '09:00–13:00, 14:30–19:30',
      leave: [],
      minutes: 540,
    })
    expect(on('2026-12-15').today).toBe(false)
  })

  it('a day off (an exception, the weekend, Monday) is “Riposo”', () => {
    for (const d of ['2026-12-02', '2026-12-06', '2026-12-07'])
      expect(on(d)).toMatchObject({ kind: 'off', text: 'Riposo' })
  })

  it('leave by its Italian kind: whole days say only the kind, part of a day says when', () => {
    expect(on('2026-12-03')).toMatchObject({
      kind: 'work',
      text: '11:00–13:00, 14:30–19:30',
      leave: ['Permesso 09:00–11:00'],
      minutes: 420,
    })
    expect(on('2026-12-04')).toMatchObject({ kind: 'leave', text: 'Ferie' })
    expect(on('2026-12-05')).toMatchObject({ kind: 'leave', text: 'Ferie' })
    // No enum name ever reaches the words.
    for (const d of days) expect(`${d.text} ${d.leave.join()}`).not.toMatch(/ANNUAL|PERMIT|SICK|TRAINING|OFF_SHIFT/)
  })

  it('a shift the salon’s holiday takes away is “Salone chiuso”, not a day off', () => {
    expect(on('2026-12-08')).toMatchObject({ kind: 'closed', text: 'Salone chiuso' })
  })

  it('groups Monday to Sunday: this week, next week, then “Settimana dal …”, each with its hours', () => {
    expect(weeks.map((w) => [w.monday, w.title, weekHours(w.minutes)])).toEqual([
      ['2026-11-30', 'Questa settimana', '16 h di lavoro'],
      ['2026-12-07', 'La prossima settimana', 'nessun turno'],
      ['2026-12-14', 'Settimana dal 14 dicembre', '9 h di lavoro'],
    ])
  })

  it('every leave kind has its glossary word; a leave across DST midnight stays whole', () => {
    const day = { date: '2026-10-25', source: 'PATTERN' as const, shift: [], intervals: [] }
    const kinds = { ANNUAL: 'Ferie', PERMIT: 'Permesso', SICK: 'Malattia', TRAINING: 'Formazione' } as const
    for (const [kind, word] of Object.entries(kinds)) {
      // 25 October 2026 has 25 hours in Rome: local midnight to midnight is 22:00Z to 23:00Z.
      const leave = [
        {
          id: 1,
          operator: 2,
          kind: kind as keyof typeof kinds,
          start: '2026-10-24T22:00:00.000Z',
          end: '2026-10-25T23:00:00.000Z',
          note: null,
        },
      ]
      expect(shiftDay(day, leave, 'Europe/Rome', '2026-10-20').text).toBe(word)
    }
  })
})
