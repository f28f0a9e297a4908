/** The calendar loader and its SQL pieces without Payload, for the server's fast path (see platform/edge.ts). */
export * from './calendar'
export * from './salonCalendar'
