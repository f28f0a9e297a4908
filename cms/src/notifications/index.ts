/**
 * Mails that follow bookings: the durable queue, reminders, automatic completion.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './jobs'
