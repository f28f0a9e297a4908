import { ApiError } from '../api'
import { t } from '../i18n'

/** "We could not load …" with the reason a person can act on (no connection) and "Riprova". */
export function LoadError({
  message,
  error,
  onRetry,
  className,
}: {
  message: string
  error?: unknown
  onRetry: () => void
  className?: string
}) {
  const offline = error instanceof ApiError && error.isNetworkError
  return (
    <div className={['load-error', className].filter(Boolean).join(' ')} role="alert">
      <p>
        {message}
        {offline ? ` ${t.common.networkError}` : ''}
      </p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
        {t.common.retry}
      </button>
    </div>
  )
}
