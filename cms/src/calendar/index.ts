/**
 * The salon's calendar: opening hours, closures, holidays, settings (Config), the calendar loader the engine reads, and counts by the salon's periods.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './calendar'
export * from './salonCalendar'
export * from './collections/BusinessClosures'
export * from './collections/BusinessHours'
export * from './collections/Config'
export * from './collections/Holidays'
export * from './collections/OperatingIntervals'
export * from './counts'
export * from './endpoints/counts'
export * from './hooks'
