/**
 * Bookings and the agenda: the booking session, staff bookings, moves, statuses, operator blocks, lists, reports and calendar files.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 * The write path: writes/ (one use case a file), placement.ts (the lock protocol), repository.ts
 * (all SQL on reservations, their services and events), reads.ts (docs/architecture.md "Reservations").
 */
export * from './booking'
export * from './collections/Reservations'
export * from './endpoints/availability'
export { takingsEndpoints } from './endpoints/checkout'
export * from './endpoints/fastWrites'
export * from './endpoints/operatorBlocks'
export * from './endpoints/operatorFeed'
export * from './endpoints/rotaConflicts'
export * from './endpoints/clientHistory'
export * from './ics'
export * from './operatorBlocks'
export * from './reservationCalendar'
export { DECISION_MESSAGES } from './refusals'
export { finalChanges, readEvents, recordImportedReservations, removeExpiredHolds } from './repository'
export { bookSlots, loadActor, moveSlots, reservationEvents } from './reads'
export { operatorDayLock } from './placement'
export { createSession } from './writes/openDraft'
export { confirmSession, warmConfirmReads } from './writes/confirm'
export { bookForCustomer } from './writes/bookForCustomer'
export { editReservation } from './writes/editReservation'
export { cancelAsCustomer, changeStatus, freeRest, undoStatus } from './writes/changeStatus'
export { completePastBookings } from './writes/completePast'
export { checkout } from './writes/checkout'
export { paidOf } from './checkoutRepository'
export { holdOffer, type OfferHold } from './writes/holdOffer'
