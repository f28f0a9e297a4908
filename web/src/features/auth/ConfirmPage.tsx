import { Link } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'

/** `/confirm`: landing for confirmation links; nothing is confirmed here yet. */
export function ConfirmPage() {
  useDocumentTitle(t.auth.confirmTitle)
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.confirmTitle}</h1>
      <p className="auth-card__intro">{t.auth.confirmText}</p>
      <Link to={ROUTE_NAMES.login} className="btn btn--primary btn--block">
        {t.auth.backToLogin}
      </Link>
    </div>
  )
}
