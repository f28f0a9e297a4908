import { dashboardQuery } from '@salon/shared/schemas/booking'
import { zodValidate } from '../../components/form/zod-validate'

/**
 * What is wrong with a custom range, by field (`from`, `to`), in the dashboard's language: the
 * API's own check (`dashboardQuery` of @salon/shared: real days, in order, at most
 * DASHBOARD_MAX_DAYS). Empty when the range can be asked for. In the custom range's chunk: the
 * schemas and zod stay out of the index's first load.
 */
export const customErrors = (from: string, to: string): Record<string, string> =>
  zodValidate(dashboardQuery)({ period: 'custom', from, to })
