/**
 * Bookings and the agenda: the booking session, staff bookings, moves, statuses, operator blocks, lists, reports and calendar files.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './booking'
export * from './collections/Reservations'
export * from './endpoints/availability'
export * from './endpoints/fastWrites'
export * from './endpoints/operatorBlocks'
export * from './endpoints/operatorFeed'
export * from './ics'
export * from './operatorBlocks'
export * from './reservationCalendar'
export * from './reservationWrites'
