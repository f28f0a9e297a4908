import type { ColumnDef, ColumnKind } from '../resources'
import { getLocale, INTL_LOCALE, type Locale } from '../i18n/locale'
import { tr } from '../i18n/translate'

/**
 * How the dashboard writes values in tables, in the dashboard's language (`locale` defaults to
 * the current one): money and numbers through `Intl` (`en-GB` €55.00, `it-IT` 55,00 €); date-times
 * as spec §3 writes them in both languages.
 */

export const EMPTY = '—'

const euros = new Map<Locale, Intl.NumberFormat>()
const numbers = new Map<Locale, Intl.NumberFormat>()
const euroFormat = (locale: Locale) => {
  let f = euros.get(locale)
  if (!f) euros.set(locale, (f = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' })))
  return f
}

/** A plain number in the language's way (`1,234` / `1.234`). */
export function formatNumber(value: number, locale: Locale = getLocale()): string {
  let f = numbers.get(locale)
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(INTL_LOCALE[locale])))
  return f.format(value)
}

/** Prices are euros (not cents), as stored by the services and reservations collections. */
export function formatMoney(value: unknown, locale: Locale = getLocale()): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? euroFormat(locale).format(n) : EMPTY
}

export function formatMinutes(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value} min` : EMPTY
}

/** Spec §3: date-times are shown as `yyyy-MM-dd HH:mm:ss` (the browser's time zone: the salon's own). */
/**
 * A date-time as dayjs read it (this module used dayjs for two formats and brought it into the
 * first load, issue 28): a Date as is; a string without a zone ("2026-05-01", "2026-05-01
 * 09:30:05") on the browser's clock; anything else (an ISO instant with Z or an offset) through
 * `Date`. Invalid → null.
 */
const LOCAL_DATE_TIME = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/
function readDate(value: string | Date): Date | null {
  let d: Date
  const m = typeof value === 'string' && !/z$/i.test(value) ? LOCAL_DATE_TIME.exec(value) : null
  if (m) {
    const n = (i: number) => Number(m[i] || 0)
    d = new Date(n(1), (n(2) || 1) - 1, n(3) || 1, n(4), n(5), n(6), Number((m[7] || '0').slice(0, 3)))
  } else d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

const pad = (n: number) => String(n).padStart(2, '0')
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return EMPTY
  const d = readDate(value)
  return d ? `${ymd(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : String(value)
}

export function formatDate(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return EMPTY
  const d = readDate(value)
  return d ? ymd(d) : String(value)
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()
/** One `Intl.DateTimeFormat` per language and options, made once (they are costly to build). */
export function dateFormat(intl: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intl}|${JSON.stringify(options)}`
  let f = dateFormats.get(key)
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(intl, options)))
  return f
}

/** A calendar day `YYYY-MM-DD` in words (`23 nov 2026`, `lunedì 23 novembre`): the day as written, in no zone. */
export const formatCalendarDay = (day: string, intl: string, options: Intl.DateTimeFormatOptions) =>
  dateFormat(intl, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))

/** An instant's time of day (`10:30`) on the salon's clock (`timeZone`). */
export const formatClock = (instant: string | Date, intl: string, timeZone: string) =>
  dateFormat(intl, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(instant))

export const formatBoolean = (value: unknown, locale: Locale = getLocale()) =>
  value === true ? tr('common.yes', undefined, locale) : value === false ? tr('common.no', undefined, locale) : EMPTY

/** A relationship: an id at depth 0, an object when populated. */
export function formatRelation(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY
  if (Array.isArray(value)) return value.length ? value.map(formatRelation).join(', ') : EMPTY
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>
    const named = [o.name, o.surname].filter((s) => typeof s === 'string' && s).join(' ')
    if (named) return named
    for (const key of ['title', 'email', 'filename']) if (typeof o[key] === 'string' && o[key]) return o[key] as string
    return o.id !== undefined ? `#${String(o.id)}` : EMPTY
  }
  return `#${String(value)}`
}

export function formatValue(value: unknown, kind: ColumnKind = 'text'): string {
  switch (kind) {
    case 'money':
      return formatMoney(value)
    case 'minutes':
      return formatMinutes(value)
    case 'datetime':
      return formatDateTime(value)
    case 'date':
      return formatDate(value)
    case 'boolean':
      return formatBoolean(value)
    case 'relation':
      return formatRelation(value)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? formatNumber(value) : EMPTY
    case 'image':
    case 'text':
      if (value === null || value === undefined || value === '') return EMPTY
      if (typeof value === 'boolean') return formatBoolean(value)
      if (typeof value === 'object') return formatRelation(value)
      return String(value)
  }
}

/** `phone_number` → `Phone number`, `createdAt` → `Created at`. */
export function humanize(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words ? words[0]!.toUpperCase() + words.slice(1) : field
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
/** Bookkeeping and secret-looking fields are never picked as columns. */
const SKIPPED = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'created_at',
  'updated_at',
  'password',
  'hash',
  'salt',
  'sessions',
])

/**
 * Columns for a resource without configured ones: `id`, then the first `max` fields of the first
 * record holding a scalar (text, number, yes/no, date).
 */
export function inferColumns(record: Record<string, unknown> | undefined, max = 4): ColumnDef[] {
  const columns: ColumnDef[] = [{ field: 'id', label: 'ID', kind: 'number' }]
  if (!record) return columns
  for (const [field, value] of Object.entries(record)) {
    if (columns.length > max) break
    if (SKIPPED.has(field) || /token|secret|password/i.test(field)) continue
    let kind: ColumnKind | undefined
    if (typeof value === 'boolean') kind = 'boolean'
    else if (typeof value === 'number') kind = 'number'
    else if (typeof value === 'string') kind = ISO_DATE_TIME.test(value) ? 'datetime' : 'text'
    if (kind) columns.push({ field, label: humanize(field), kind })
  }
  return columns
}
