import type { CollectionConfig } from 'payload'
import { RESERVATION_DEFAULTS, RESERVATION_STATUSES } from '@salon/shared'
import { reservationReadAccess } from '../access'
import { reservationEndpoints } from '../endpoints/reservations'
import { restEndpoints } from '../endpoints/rest'

/** Payload's own generic writes are closed for everyone: see below. */
const closed = () => false

/**
 * Reservations. Read through REST by whoever may see them (admins all, an operator their agenda,
 * a customer their own). Written only through the reservation use cases (reservations/writes/, one a file) behind
 * the booking endpoints — create-session, confirm, book, edit, move, status — and, for admins, spec §7's
 * generic POST /api/reservations, PUT/PATCH and DELETE /api/reservations/:id (endpoints/rest.ts,
 * matched before Payload's own handlers), so that every change obeys the engine, takes the
 * exclusion guard and records one event. Payload's own writes (bulk PATCH/DELETE with `where`,
 * duplicate) answer 403 for everyone; a DELETE cancels, never removes the row (drafts expire on
 * their own).
 */
export const Reservations: CollectionConfig = {
  slug: 'reservations',
  defaultSort: '-date_start',
  endpoints: [...reservationEndpoints, ...restEndpoints],
  access: { read: reservationReadAccess, create: closed, update: closed, delete: closed },
  fields: [
    { name: 'note', type: 'textarea', maxLength: 1000 },
    { name: 'user', type: 'relationship', relationTo: 'users', index: true },
    /** The salon's card for the person (issue 24); set from `user` by the database when absent. */
    { name: 'client', type: 'relationship', relationTo: 'clients', index: true },
    { name: 'operator', type: 'relationship', relationTo: 'operators', index: true },
    /** Booked with "Qualsiasi operatore": the server chose the operator (a customer's move may change it). */
    { name: 'any_operator', type: 'checkbox', defaultValue: false },
    { name: 'services', type: 'relationship', relationTo: 'services', hasMany: true, defaultValue: [] },
    { name: 'date_start', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'date_end',
      type: 'date',
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
      validate: (value, { siblingData }) => {
        const start = (siblingData as { date_start?: string }).date_start
        if (value && start && new Date(value as unknown as string) <= new Date(start))
          return 'La fine deve seguire l’inizio'
        return true
      },
    },
    /** Minutes. */
    { name: 'duration', type: 'number', defaultValue: RESERVATION_DEFAULTS.duration, min: 0 },
    /** Euro. */
    { name: 'total_price', type: 'number', defaultValue: RESERVATION_DEFAULTS.total_price, min: 0 },
    {
      name: 'status',
      type: 'select',
      options: [...RESERVATION_STATUSES],
      defaultValue: RESERVATION_DEFAULTS.status,
      required: true,
      index: true,
    },
    /** The customer confirmed they will come, through their SMS link (cms/src/attendance); cleared by a move. */
    {
      name: 'customer_confirmed_at',
      type: 'date',
      admin: { readOnly: true },
      access: { create: () => false, update: () => false },
    },
  ],
}
