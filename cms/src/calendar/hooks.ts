import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidateCalendar } from './salonCalendar'

/** Opening hours, closures, holidays, operators and settings feed the availability cache. */
export const calendarChanged: { afterChange: CollectionAfterChangeHook[]; afterDelete: CollectionAfterDeleteHook[] } = {
  afterChange: [({ doc }) => (invalidateCalendar(), doc)],
  afterDelete: [({ doc }) => (invalidateCalendar(), doc)],
}
