import { describe, expect, it } from 'vitest'
import { takingsResponse } from '@salon/shared'
import { summariseTakings, takingsCsvText, type TakingsRow } from './takings'

const row = (over: Partial<TakingsRow>): TakingsRow => ({
  reservation_id: 1,
  day: '2026-11-03',
  time: '10:30',
  tip: '0.00',
  operator_id: 1,
  operator_name: 'Giulia',
  client_name: 'Rosa Bianchi',
  method: 'CASH',
  amount: '10.00',
  ...over,
})

// Booking 1: 40 card + 14.50 cash, tip 5 (Giulia, 3rd). Booking 2: 0.10 + 0.20 cash + card, tip
// 0.01 (Marco, 3rd). Booking 3: 30 by transfer, no tip, no operator (4th).
const rows: TakingsRow[] = [
  row({ reservation_id: 1, tip: '5.00', method: 'CARD', amount: '40.00' }),
  row({ reservation_id: 1, tip: '5.00', method: 'CASH', amount: '14.50' }),
  row({ reservation_id: 2, tip: '0.01', operator_id: 2, operator_name: 'Marco', method: 'CASH', amount: '0.10' }),
  row({ reservation_id: 2, tip: '0.01', operator_id: 2, operator_name: 'Marco', method: 'CARD', amount: '0.20' }),
  row({
    reservation_id: 3,
    day: '2026-11-04',
    time: '00:15',
    operator_id: null,
    operator_name: null,
    client_name: null,
    method: 'TRANSFER',
    amount: '30.00',
  }),
]
const q = { from: '2026-11-01', to: '2026-11-30' }

describe('summariseTakings', () => {
  it('sums in cents by day, operator and method; a checkout is one visit; tips apart', () => {
    const t = summariseTakings(rows, q, 'Europe/Rome')
    expect(takingsResponse.parse(t)).toEqual(t)
    expect(t.totals).toEqual({
      total: 84.8,
      tips: 5.01,
      visits: 3,
      byMethod: { CASH: 14.6, CARD: 40.2, TRANSFER: 30, OTHER: 0 },
    })
    expect(t.days.map((d) => d.date)).toEqual(['2026-11-03', '2026-11-04'])
    expect(t.days[0]).toEqual({
      date: '2026-11-03',
      total: 54.8,
      tips: 5.01,
      visits: 2,
      byMethod: { CASH: 14.6, CARD: 40.2, TRANSFER: 0, OTHER: 0 },
      byOperator: [
        { operator: { id: 1, name: 'Giulia' }, total: 54.5, tips: 5, visits: 1 },
        { operator: { id: 2, name: 'Marco' }, total: 0.3, tips: 0.01, visits: 1 },
      ],
    })
    expect(t.days[1]!.byOperator).toEqual([{ operator: null, total: 30, tips: 0, visits: 1 }])
  })

  it('nothing taken: zeros and no days', () => {
    expect(summariseTakings([], q, 'Europe/Rome')).toEqual({
      ...q,
      timezone: 'Europe/Rome',
      totals: { total: 0, tips: 0, visits: 0, byMethod: { CASH: 0, CARD: 0, TRANSFER: 0, OTHER: 0 } },
      days: [],
    })
  })
})

describe('takingsCsvText', () => {
  it('is Excel-Italian: BOM, semicolons, CRLF, decimal comma, one row per payment with its tip share', () => {
    const csv = takingsCsvText(rows)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const lines = csv.slice(1).split('\r\n')
    expect(lines.pop()).toBe('')
    expect(lines).toEqual([
      'data;ora;appuntamento;cliente;operatore;metodo;importo;di cui mancia',
      '03/11/2026;10:30;1;Rosa Bianchi;Giulia;Carta;40,00;3,66',
      '03/11/2026;10:30;1;Rosa Bianchi;Giulia;Contanti;14,50;1,34',
      '03/11/2026;10:30;2;Rosa Bianchi;Marco;Contanti;0,10;0,00',
      '03/11/2026;10:30;2;Rosa Bianchi;Marco;Carta;0,20;0,01',
      '04/11/2026;00:15;3;;;Bonifico;30,00;0,00',
    ])
  })

  it('quotes what holds a separator or a quote, and defuses spreadsheet formulas', () => {
    const csv = takingsCsvText([
      row({ client_name: 'Rossi; "Anna"', operator_name: '=HYPERLINK("x")' }),
      row({ reservation_id: 2, client_name: '-1+2', operator_name: '@SUM' }),
    ])
    const [, first, second] = csv.slice(1).split('\r\n')
    expect(first).toBe(`03/11/2026;10:30;1;"Rossi; ""Anna""";"'=HYPERLINK(""x"")";Contanti;10,00;0,00`)
    expect(second).toBe(`03/11/2026;10:30;2;'-1+2;'@SUM;Contanti;10,00;0,00`)
  })
})
