/**
 * Mails that follow bookings: the durable queue, reminders, automatic completion.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './jobs'
// For the privacy module's erasure: a cancellation's mails decided at once, before the address is gone.
export { handleReservationEvent } from './notifications'
