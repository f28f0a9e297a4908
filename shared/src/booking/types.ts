import type { BusinessClosureType, DayOfWeek, ReservationStatus } from '../enums/index'
import type { PlanSegment, ServicePhase } from './phases'
import type { Rota } from './rota'

/** Epoch milliseconds, half-open [start, end). */
export interface Range {
  start: number
  end: number
}

/** The booking part of the config document (PRODUCT.md "Data"). */
export interface BookingSettings {
  timezone: string
  slotStepMinutes: number
  minNoticeMinutes: number
  bookingHorizonDays: number
  holdMinutes: number
  autoConfirm: boolean
  cancellationEnabled: boolean
  /** Hours before the start until which a customer may cancel. */
  cancellationTimeLimit: number
  /** Open future bookings one customer may hold (0 = no cap); absent = the default (3). */
  maxOpenBookings?: number
  /** Minutes after the start before NO_SHOW may be set; absent = the default (10). */
  noShowGraceMinutes?: number
  /** The two-step flow (Approva, then Conferma); absent = off. */
  twoStepConfirmation?: boolean
}

/** One `business_hours` row with its `operating_intervals` (`HH:mm`, local time). */
export interface OpeningDay {
  day_of_week: DayOfWeek
  is_closed: boolean
  intervals: { opening_time: string; closing_time: string }[]
}

export interface ClosureRule {
  closure_type: BusinessClosureType
  /** ISO instants. FULL_DAY: the calendar days of start..end (date part in UTC, stored at 12:00Z). */
  start_date: string
  end_date: string
  recurring_rule?: string | null
  is_active?: boolean | null
}

export interface HolidayRule {
  /** ISO; its UTC date part is the calendar day. */
  date: string
  recurring_yearly?: boolean | null
  is_active?: boolean | null
}

export interface ServiceInfo {
  id: number
  /** Minutes. */
  time: number
  /** Euro. */
  price: number
  /** Who can perform it; empty = every operator. */
  operators: number[]
  active?: boolean | null
  /** Its phases (phases.ts); absent or empty: one busy phase of `time` minutes. */
  phases?: ServicePhase[] | null
  /** Minutes after it with the operator busy and its last station held, the customer gone. */
  cleanup_minutes?: number | null
}

/** A kind of station (postazione) and how many the salon has of it. */
export interface StationInfo {
  id: number
  count: number
}

/** One booking's hold on one station of a kind during [start, end) (ISO instants, or epoch ms). */
export interface StationUse {
  /** The reservation (a move excludes its own). */
  id?: number
  station: number
  start: string | number
  end: string | number
  status: ReservationStatus
  /** ISO instant; decides whether a PENDING_CONFIRMATION hold has expired. */
  createdAt: string
}

export interface OperatorInfo {
  id: number
  active?: boolean | null
  position?: number | null
}

/** A reservation that may hold an operator's time. */
export interface ExistingReservation {
  id?: number
  operator: number
  /** ISO instants. */
  date_start: string
  date_end: string
  status: ReservationStatus
  /** ISO instant; decides whether a PENDING_CONFIRMATION hold has expired. */
  createdAt: string
  /**
   * The stretches the operator is busy (ISO instants), when not the whole [date_start, date_end):
   * a booking with phases is free during its *tempo di posa* and busy during its clean-up.
   */
  busy?: { start: string; end: string }[] | null
  /**
   * Its stored plan (issue 25; `reservations.plan`), placed at [date_start, date_end) with
   * `placePlan` when `busy` is not given: its busy segments hold the operator, its station
   * segments the stations (`stationUsesOf`). Absent or null: one busy block.
   */
  plan?: PlanSegment[] | null
}

/** Everything the engine needs to answer for one salon; no clock, no env, no database. */
export interface SalonCalendar {
  settings: BookingSettings
  opening: OpeningDay[]
  closures: ClosureRule[]
  holidays: HolidayRule[]
  operators: OperatorInfo[]
  /** Who works when (rota.ts). Absent: every active operator works whenever the salon is open. */
  rota?: Rota
  /** The salon's station kinds with their counts (issue 25). Absent: none. */
  stations?: StationInfo[]
}

export interface Slot {
  /** ISO instants (UTC, `Z`). */
  start: string
  end: string
  /** Operators free for the whole slot, in preference order. */
  operators: number[]
}

export type UnavailableReason =
  | 'INVALID_SERVICES'
  | 'NO_ELIGIBLE_OPERATOR'
  | 'IN_THE_PAST'
  | 'TOO_SOON'
  | 'BEYOND_HORIZON'
  | 'CLOSED'
  | 'OUTSIDE_OPENING_HOURS'
  | 'NOT_ON_SLOT_GRID'
  | 'OPERATOR_BUSY'
  /** Nobody who could do it is on shift then (not working, or on leave). */
  | 'OFF_SHIFT'
  /** Every station of a kind a phase needs is taken then (issue 25). */
  | 'STATION_BUSY'
