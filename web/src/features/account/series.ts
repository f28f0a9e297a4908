import type { MyReservationItem } from '@salon/shared/schemas/booking'

/** The series an occurrence belongs to (issue 27): `series` on "mine" items, null for a single booking. */
export interface SeriesInfo {
  id: number
  /** 0 = the first. */
  index: number
  count: number
  every_weeks: number
}

/** An item's series (the field the series change adds to the shared item; optional, so read safely). */
export const seriesOf = (item: MyReservationItem): SeriesInfo | null =>
  (item as MyReservationItem & { series?: SeriesInfo | null }).series ?? null
