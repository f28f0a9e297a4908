/**
 * Who works when (issue 23): each operator's working pattern, one-day exceptions and leave; the
 * team's week (docs/api.md "Rota"). The engine reads the rota with the salon's calendar
 * (calendar/salonCalendar.ts); bookings outside someone's hours are the reservations module's
 * business (`GET /api/rota/conflicts`).
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './collections/OperatorLeave'
export { operatorRotaEndpoints, rotaEndpoints } from './endpoints'
export { leaveOfOperator } from './repo'
