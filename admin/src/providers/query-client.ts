import { HTTP_RETRIES_SAFE_METHODS, HTTP_RETRY_STATUSES } from '@salon/shared/constants'
import { NETWORK_ERROR_STATUS, statusOf } from './http-error'

const RETRY_STATUSES: ReadonlySet<number> = new Set([...HTTP_RETRY_STATUSES, NETWORK_ERROR_STATUS])

/**
 * Spec §9 retry rule for reads (react-query queries are GETs): once, only on transient statuses
 * or a dropped connection. Never on 4xx answers such as 401/403/404, which would only delay the
 * redirect or the error. Mutations (bodies) are never retried: react-query's default of 0 stays.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error)
  return failureCount < HTTP_RETRIES_SAFE_METHODS && status !== undefined && RETRY_STATUSES.has(status)
}

export const queryClientConfig = {
  defaultOptions: {
    queries: { retry: shouldRetryQuery },
  },
}
