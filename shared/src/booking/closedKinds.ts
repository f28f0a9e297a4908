/**
 * Why the salon is closed at a time, as the agenda shades it (`closedTime`; a file of its own so
 * the schemas and the dashboard read it without the recurrence engine):
 * - `HOURS`: outside the weekly opening hours of an open day (before opening, the lunch break, after closing);
 * - `CLOSED_DAY`: a weekday the salon never opens (`business_hours.is_closed`, or no interval);
 * - `CLOSURE`: a business closure (any type, recurring ones included);
 * - `HOLIDAY`: a holiday.
 */
export const CLOSED_KINDS = ['HOURS', 'CLOSED_DAY', 'CLOSURE', 'HOLIDAY'] as const
export type ClosedKind = (typeof CLOSED_KINDS)[number]
