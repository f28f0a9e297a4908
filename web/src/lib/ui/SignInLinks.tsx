import { Link } from 'react-router'
import { t } from '../i18n'

/**
 * "Accedi" and "Registrati" side by side, for a step that needs an account (the booking summary,
 * the waitlist's form): each link carries the way back to where the visitor was.
 */
export function SignInLinks({ loginHref, registerHref }: { loginHref: string; registerHref: string }) {
  return (
    <div className="summary__signin-actions">
      <Link className="btn btn--secondary" to={loginHref}>
        {t.common.login}
      </Link>
      <Link className="btn btn--ghost" to={registerHref}>
        {t.common.register}
      </Link>
    </div>
  )
}
