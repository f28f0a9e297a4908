/** What useSeries checks with, loaded on demand (zod is not in the wizard's first load). */
export { seriesBody, seriesOccurrence } from '@salon/shared/schemas/series'
export { fieldErrors } from '../../lib/validation'
