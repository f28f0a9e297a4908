import type { Pool } from 'pg'
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS_IT,
  type PaymentMethod,
  type TakingsQuery,
  type TakingsResponse,
  fromCents,
  tipShares,
  toCents,
} from '@salon/shared'
import { sql, statement } from '../platform'
import { localDays, salonCalendar } from '../calendar'

/**
 * GET /api/reports/takings and /api/reports/takings.csv (issue 24, docs/api.md "Takings"): what
 * the salon took, by the local day of the payment (`reservation_checkouts.at` in the salon's zone),
 * operator and method. Sums are made in whole cents from the numeric(10,2) columns read as text.
 * `total` is everything taken (tips included), `tips` the part that is tips; a checkout is one
 * visit. The CSV has one row per payment, its tip share apportioned by `tipShares`. Tested by
 * takings.test.ts (the sums, the CSV) and cms/tests/int/checkout.test.ts (over HTTP).
 */

/** One payment of a checkout, as read (money as text: numeric(10,2)). */
export interface TakingsRow {
  reservation_id: number
  /** The payment's local day and time in the salon's zone. */
  day: string
  time: string
  tip: string
  operator_id: number | null
  operator_name: string | null
  client_name: string | null
  method: PaymentMethod
  amount: string
}

type ByMethod = Record<PaymentMethod, number>
const noMethods = (): ByMethod => Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as ByMethod
const euroOf = (m: ByMethod): ByMethod =>
  Object.fromEntries(PAYMENT_METHODS.map((k) => [k, fromCents(m[k])])) as ByMethod

interface Sums {
  total: number
  tips: number
  visits: number
}
const noSums = (): Sums => ({ total: 0, tips: 0, visits: 0 })

/** Rows grouped by checkout, in the order read (by payment time, then booking, then position). */
function checkoutsOf(rows: readonly TakingsRow[]) {
  const out = new Map<number, TakingsRow[]>()
  for (const r of rows) {
    const list = out.get(r.reservation_id) ?? []
    list.push(r)
    out.set(r.reservation_id, list)
  }
  return [...out.values()]
}

/** The takings answer from the payments of the period (sorted as `readTakings` reads them). */
export function summariseTakings(rows: readonly TakingsRow[], q: TakingsQuery, timezone: string): TakingsResponse {
  const totals = { ...noSums(), byMethod: noMethods() }
  const days = new Map<
    string,
    Sums & {
      byMethod: ByMethod
      byOperator: Map<string, Sums & { operator: TakingsResponse['days'][number]['byOperator'][number]['operator'] }>
    }
  >()
  for (const payments of checkoutsOf(rows)) {
    const first = payments[0]!
    const taken = payments.reduce((sum, p) => sum + toCents(Number(p.amount)), 0)
    const tip = toCents(Number(first.tip))
    const day =
      days.get(first.day) ??
      days.set(first.day, { ...noSums(), byMethod: noMethods(), byOperator: new Map() }).get(first.day)!
    const key = String(first.operator_id ?? '')
    const op =
      day.byOperator.get(key) ??
      day.byOperator
        .set(key, {
          ...noSums(),
          operator: first.operator_id === null ? null : { id: first.operator_id, name: first.operator_name ?? '' },
        })
        .get(key)!
    for (const s of [totals, day, op]) {
      s.total += taken
      s.tips += tip
      s.visits += 1
    }
    for (const p of payments) {
      const cents = toCents(Number(p.amount))
      totals.byMethod[p.method] += cents
      day.byMethod[p.method] += cents
    }
  }
  const euro = (s: Sums) => ({ total: fromCents(s.total), tips: fromCents(s.tips), visits: s.visits })
  return {
    from: q.from,
    to: q.to,
    timezone,
    totals: { ...euro(totals), byMethod: euroOf(totals.byMethod) },
    days: [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, d]) => ({
        date,
        ...euro(d),
        byMethod: euroOf(d.byMethod),
        byOperator: [...d.byOperator.values()]
          .sort(
            (a, b) =>
              Number(a.operator === null) - Number(b.operator === null) ||
              (a.operator?.name ?? '').localeCompare(b.operator?.name ?? '', 'it') ||
              (a.operator?.id ?? 0) - (b.operator?.id ?? 0),
          )
          .map((o) => ({ operator: o.operator, ...euro(o) })),
      })),
  }
}

/** The payments whose checkout was made in the local days from..to, oldest first. */
export async function readTakings(pool: Pool, q: TakingsQuery) {
  const { settings } = await salonCalendar(pool, { consistency: 'cached' })
  const tz = settings.timezone
  const { from, to } = localDays(tz, q.from, q.to)
  const { rows } = await pool.query<TakingsRow>(
    statement(sql`select c.reservation_id, to_char(c.at at time zone ${tz}, 'YYYY-MM-DD') as day,
              to_char(c.at at time zone ${tz}, 'HH24:MI') as time, c.tip::text as tip,
              r.operator_id, o.name as operator_name,
              nullif(trim(concat_ws(' ', cl.name, cl.surname)), '') as client_name,
              p.method, p.amount::text as amount
         from reservation_checkouts c
         join reservations r on r.id = c.reservation_id
         join reservation_payments p on p.reservation_id = c.reservation_id
         left join operators o on o.id = r.operator_id
         left join clients cl on cl.id = r.client_id
        where c.at >= ${from} and c.at < ${to}
        order by c.at, c.reservation_id, p.position, p.id`),
  )
  return { rows, timezone: tz }
}

export async function takings(pool: Pool, q: TakingsQuery): Promise<TakingsResponse> {
  const { rows, timezone } = await readTakings(pool, q)
  return summariseTakings(rows, q, timezone)
}

/** Euro with the Italian decimal comma and no thousands separator: 1234.5 → "1234,50". */
const decimalComma = (cents: number) => {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`
}

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break; text a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
function field(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const TAKINGS_CSV_HEADER = [
  'data',
  'ora',
  'appuntamento',
  'cliente',
  'operatore',
  'metodo',
  'importo',
  'di cui mancia',
]

/**
 * The CSV for Excel in Italian: UTF-8 with a BOM, `;` between fields, CRLF line ends, decimal
 * comma, dates dd/mm/yyyy. One row per payment; each checkout's tip is shared among its payments
 * in proportion to their amounts (`tipShares`), so a column's sum is the takings' `tips`.
 */
export function takingsCsvText(rows: readonly TakingsRow[]): string {
  const lines = [TAKINGS_CSV_HEADER.join(';')]
  for (const payments of checkoutsOf(rows)) {
    const cents = payments.map((p) => toCents(Number(p.amount)))
    const tips = tipShares(cents, toCents(Number(payments[0]!.tip)))
    payments.forEach((p, i) => {
      const [y, m, d] = p.day.split('-')
      lines.push(
        [
          `${d}/${m}/${y}`,
          p.time,
          String(p.reservation_id),
          field(p.client_name ?? ''),
          field(p.operator_name ?? ''),
          PAYMENT_METHOD_LABELS_IT[p.method],
          decimalComma(cents[i]!),
          decimalComma(tips[i]!),
        ].join(';'),
      )
    })
  }
  return '\uFEFF' + lines.join('\r\n') + '\r\n'
}

export async function takingsCsv(pool: Pool, q: TakingsQuery) {
  const { rows } = await readTakings(pool, q)
  return { filename: `incassi-${q.from}-${q.to}.csv`, body: takingsCsvText(rows) }
}
