import { t } from '../i18n'

export function Spinner({ label = t.common.loading }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

/** Placeholder while a screen waits for the session or its data. */
export function PageLoader() {
  return (
    <div className="page-loader">
      <Spinner />
    </div>
  )
}
