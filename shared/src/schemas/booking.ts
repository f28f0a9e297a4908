import { z } from 'zod'
import { RESERVATION_STATUSES } from '../enums/index'
import { BOOKING_NOTE_MAX } from '../constants'
import { dateOrDateTime } from './index'

/** Years a salon books in; beyond them date maths would leave the 4-digit calendar. */
const sensibleYear = (v: string) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2999

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Usa il formato YYYY-MM-DD')
  .refine(
    (v) => !Number.isNaN(Date.parse(v + 'T00:00:00Z')) && new Date(v + 'T00:00:00Z').toISOString().startsWith(v),
    'Data inesistente',
  )
  .refine(sensibleYear, 'Anno fuori dal calendario delle prenotazioni')

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Usa il formato YYYY-MM')
  .refine(sensibleYear, 'Anno fuori dal calendario delle prenotazioni')

const instant = z.iso
  .datetime({ offset: true, message: 'Usa un istante ISO-8601 con fuso (es. 2026-05-01T09:00:00Z)' })
  .refine(sensibleYear, 'Anno fuori dal calendario delle prenotazioni')

const id = z.coerce.number({ message: 'Id non valido' }).int('Id non valido').positive('Id non valido')

/** `services=1,2,3` (query) or `[1, 2, 3]` (body): 1 to 10 distinct ids, order kept. */
const serviceIds = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : v),
    z.array(z.coerce.number({ message: 'Id non valido' }).int('Id non valido').positive('Id non valido')),
  )
  .refine((xs) => xs.length >= 1, 'Scegli almeno un servizio')
  .refine((xs) => xs.length <= 10, 'Al massimo 10 servizi')
  .refine((xs) => new Set(xs).size === xs.length, 'Servizio ripetuto')

/** `operator=any` (default) or an operator id. */
const operatorChoice = z
  .union([z.literal('any'), id])
  .optional()
  .transform((v) => v ?? 'any')

export const dayAvailabilityQuery = z.object({ date: day, services: serviceIds, operator: operatorChoice })
export type DayAvailabilityQuery = z.infer<typeof dayAvailabilityQuery>

export const checkAvailabilityQuery = z.object({ date_start: instant, services: serviceIds, operator: operatorChoice })
export type CheckAvailabilityQuery = z.infer<typeof checkAvailabilityQuery>

export const monthAvailabilityQuery = z.object({ month, services: serviceIds, operator: operatorChoice })
export type MonthAvailabilityQuery = z.infer<typeof monthAvailabilityQuery>

/** What a customer may send to confirm: never price, duration, end or status. */
export const confirmBody = z
  .object({
    id,
    services: serviceIds,
    operator: z
      .union([z.literal('any'), id])
      .nullable()
      .optional()
      .transform((v) => v ?? 'any'),
    date_start: instant,
    note: z.string().trim().max(BOOKING_NOTE_MAX, `Al massimo ${BOOKING_NOTE_MAX} caratteri`).optional(),
  })
  .strict()
export type ConfirmBody = z.infer<typeof confirmBody>

export const statusBody = z.object({ status: z.enum(RESERVATION_STATUSES, { message: 'Stato sconosciuto' }) }).strict()

const statusList = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',') : v),
    z.array(z.enum(RESERVATION_STATUSES, { message: 'Stato sconosciuto' })),
  )
  .optional()

export const reservationReportQuery = z
  .object({
    from: dateOrDateTime.optional(),
    to: dateOrDateTime.optional(),
    status: statusList,
    operator: id.optional(),
    groupBy: z.enum(['day', 'week', 'month'], { message: 'Usa day, week o month' }).optional(),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), {
    message: '`to` non può precedere `from`',
    path: ['to'],
  })
export type ReservationReportQuery = z.infer<typeof reservationReportQuery>

export const reservationCompareQuery = z
  .object({
    from: dateOrDateTime,
    to: dateOrDateTime,
    status: statusList,
    operator: id.optional(),
    groupBy: z.enum(['day', 'week', 'month'], { message: 'Usa day, week o month' }).optional(),
  })
  .refine((q) => new Date(q.from) <= new Date(q.to), { message: '`to` non può precedere `from`', path: ['to'] })

export const DASHBOARD_PERIODS = ['day', 'week', 'month', 'year'] as const
export const dashboardQuery = z.object({
  period: z
    .enum(DASHBOARD_PERIODS, { message: 'Usa day, week, month o year' })
    .optional()
    .transform((v) => v ?? 'month'),
})

/**
 * The booking wizard's choice as it travels in the URL
 * (`/reserve?services=3,7&operator=any&day=2026-12-15&time=2026-12-15T08:00:00.000Z&step=when`).
 * Lenient field by field: a link with one bad value keeps the rest of the choice.
 */
export const wizardSearch = z.object({
  services: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(id).max(10))
    .transform((xs) => [...new Set(xs)])
    .catch([]),
  operator: z.union([z.literal('any'), id]).catch('any'),
  day: day.optional().catch(undefined),
  time: instant.optional().catch(undefined),
  step: z.enum(['services', 'operator', 'when', 'summary']).optional().catch(undefined),
  /** Set when the wizard moves an existing booking instead of making a new one. */
  move: id.optional().catch(undefined),
})
export type WizardSearch = z.infer<typeof wizardSearch>

/** The note field of the booking summary (the same bound as `confirmBody.note`). */
export const bookingNote = z.string().trim().max(BOOKING_NOTE_MAX, `Al massimo ${BOOKING_NOTE_MAX} caratteri`)
