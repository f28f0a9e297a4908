import { learnZoneOffsets, type ZoneOffsets } from '@salon/shared/booking/zone'
import { api } from './api'

/**
 * Who the public site speaks for before the salon's data is in: build-time values
 * (VITE_BRAND_NAME, VITE_SALON_PHONE). The home shows the `config` document's name, address and
 * phone from `/api/pages/home`.
 */
export const BRAND: string = import.meta.env.VITE_BRAND_NAME || 'Salone Demo'

const DEMO_PHONE = '+39 02 1234 5678'
export const SALON_PHONE: string = import.meta.env.VITE_SALON_PHONE?.trim() || DEMO_PHONE

/** `tel:` href for a human-written phone number. */
export const telHref = (phone: string) => 'tel:' + phone.replace(/[^\d+]/g, '')

/** The salon's public settings (`config` of `/api/pages/home`): what screens need to speak for it. */
export interface SalonSettings {
  businessName: string | null
  address: string | null
  phone: string | null
  email: string | null
  timezone: string
  cancellationEnabled: boolean
  cancellationTimeLimit: number
  bookingHorizonDays: number
  holdMinutes: number
  autoConfirm: boolean
  /** Customers may book a repeating appointment ("Ripeti" on the summary; issue 27). Absent = no. */
  seriesForCustomers?: boolean
  /** The zone's offsets for the coming year (cms/src/content/pages.ts): times written without Intl. */
  zoneOffsets?: ZoneOffsets
}

let learned: unknown = null
/**
 * Lets this page write the salon's times without Intl (shared/src/booking/zone.ts): the zone's
 * offsets come with the settings. A page's first Intl call costs a phone 60–200 ms of blocked main
 * thread while it hydrates (docs/benchmarks.md, issue 28). Idempotent; a settings object without
 * a table (an old cached answer) leaves Intl in charge, which gives the same times.
 */
export function learnSalonZone<T extends { zoneOffsets?: unknown } | null | undefined>(config: T): T {
  if (config?.zoneOffsets && config.zoneOffsets !== learned) {
    learned = config.zoneOffsets
    learnZoneOffsets(config.zoneOffsets)
  }
  return config
}

/** Reads the salon's public settings (one cacheable call shared with the home page). */
export async function fetchSalonSettings(signal: AbortSignal): Promise<SalonSettings> {
  const page = await api.get<{ config: SalonSettings }>('/api/pages/home', { signal })
  return learnSalonZone(page.config)
}

/** The settings and the title of each bookable service by id: for screens outside the wizard that name a choice. */
export async function fetchServiceTitles(
  signal: AbortSignal,
): Promise<{ config: SalonSettings; titles: Map<number, string> }> {
  const page = await api.get<{ config: SalonSettings; categories: { services: { id: number; title: string }[] }[] }>(
    '/api/pages/home',
    { signal },
  )
  return {
    config: learnSalonZone(page.config),
    titles: new Map(page.categories.flatMap((c) => c.services.map((s) => [s.id, s.title]))),
  }
}
