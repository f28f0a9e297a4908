import { useCustom, useList } from '@refinedev/core'
import { useMemo } from 'react'
import { CONFIG_DEFAULTS } from '@salon/shared/constants'

/**
 * The salon facts every staff screen needs, asked for in one place (React Query shares the
 * answer between the screens that use it): the salon's time zone and slot step from `config`,
 * and the active operators in their display order.
 */

export interface SalonConfigRow {
  id?: number
  timezone?: string | null
  slotStepMinutes?: number | null
}

/** The salon's time zone and slot step; defaults (the engine's) until the config arrives. */
export function useSalonConfig() {
  const config = useList<SalonConfigRow>({ resource: 'config', pagination: { pageSize: 1 } })
  const row = config.result.data[0]
  return {
    timeZone: row?.timezone || CONFIG_DEFAULTS.timezone,
    slotStepMinutes: row?.slotStepMinutes ?? CONFIG_DEFAULTS.slotStepMinutes,
    loaded: row !== undefined,
  }
}

export interface ActiveOperator {
  id: number
  name: string
  surname?: string | null
}

/** The active operators, by their position: who can take bookings and who has an agenda column. */
export function useActiveOperators() {
  const query = useCustom<{ docs: ActiveOperator[] }>({
    url: '/api/operators',
    method: 'get',
    config: { query: { depth: 0, limit: 100, sort: 'position', where: { active: { equals: true } } } },
  })
  const operators = useMemo(() => query.result.data?.docs ?? [], [query.result.data])
  return { operators, loaded: query.query.data !== undefined }
}
