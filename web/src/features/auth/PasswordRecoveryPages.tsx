import { Link, useParams } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { t } from '../../lib/i18n'
import { SALON_PHONE, telHref } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'
import { PhoneIcon } from '../../lib/ui/icons'

/*
 * Password recovery screens (spec §2). The recovery flow itself (mail with a single-use code,
 * new password form) belongs to the accounts issue; until then these pages say so plainly.
 */

function CallTheSalon() {
  return (
    <a className="btn btn--secondary btn--block" href={telHref(SALON_PHONE)}>
      <PhoneIcon size={18} />
      {SALON_PHONE}
    </a>
  )
}

function BackToLogin() {
  return (
    <div className="auth-card__links">
      <Link to={ROUTE_NAMES.login}>{t.auth.backToLogin}</Link>
    </div>
  )
}

export function PasswordRecoveryPage() {
  useDocumentTitle(t.auth.recoveryTitle)
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoveryTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoveryText}</p>
      <CallTheSalon />
      <BackToLogin />
    </div>
  )
}

export function PasswordRecoveryOkPage() {
  useDocumentTitle(t.auth.recoveryOkTitle)
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoveryOkTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoveryOkText}</p>
      <BackToLogin />
    </div>
  )
}

export function PasswordRecoverySuccessPage() {
  useDocumentTitle(t.auth.recoverySuccessTitle)
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoverySuccessTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoverySuccessText}</p>
      <Link to={ROUTE_NAMES.login} className="btn btn--primary btn--block">
        {t.auth.backToLogin}
      </Link>
    </div>
  )
}

export function PasswordRecoveryCodePage() {
  useDocumentTitle(t.auth.recoveryCodeTitle)
  const { email = '' } = useParams()
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.auth.recoveryCodeTitle}</h1>
      <p className="auth-card__intro">{t.auth.recoveryCodeText(email)}</p>
      <CallTheSalon />
      <BackToLogin />
    </div>
  )
}
