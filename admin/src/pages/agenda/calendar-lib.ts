/**
 * The calendar library and its stylesheets: their own lazy chunk (`calendar-lib-*.js/.css`),
 * fetched by `event-calendar.tsx` when the agenda's calendar mounts — never with the dashboard's
 * first load nor with the booking list.
 */
export { createCalendar, destroyCalendar, Interaction, ResourceTimeGrid, TimeGrid } from '@event-calendar/core'
import '@event-calendar/core/index.css'
import './agenda.css'
