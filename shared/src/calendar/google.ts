import { calendarEvent, type CalendarReservation, type CalendarSalon } from './event'

/** `20270328T080000Z`: Google's UTC form of an instant (no separators, no milliseconds). */
export const googleDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')

/**
 * "Aggiungi a Google Calendar": a link that opens Google Calendar's new-event form filled with
 * the same title, times, description and place as the `.ics` file. Times travel in UTC (`Z`);
 * `ctz` only tells Google which zone to display them in.
 */
export function googleCalendarUrl(reservation: CalendarReservation, salon: CalendarSalon): string {
  const event = calendarEvent(reservation, salon)
  const params: [string, string][] = [
    ['action', 'TEMPLATE'],
    ['text', event.summary],
    ['dates', `${googleDate(event.start)}/${googleDate(event.end)}`],
    ['details', event.description],
    ['location', event.location],
    ['ctz', event.timeZone],
  ]
  // encodeURIComponent rather than URLSearchParams: spaces as %20 and the `/` of `dates` kept
  // readable, the form Google documents.
  const query = params.map(([k, v]) => `${k}=${k === 'dates' ? v : encodeURIComponent(v)}`).join('&')
  return `https://calendar.google.com/calendar/render?${query}`
}
