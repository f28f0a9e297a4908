import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'

/** `/reserved-area/settings`: what can be shown today; password and 2FA come with the account screens. */
export function SettingsPage() {
  useDocumentTitle(t.account.settingsTitle)
  const { user } = useAuth()
  if (!user) return null
  return (
    <>
      <header className="page-heading">
        <h1>{t.account.settingsTitle}</h1>
      </header>
      <section className="card">
        <dl className="details">
          <div className="details__row">
            <dt>{t.auth.email}</dt>
            <dd>{user.email}</dd>
          </div>
          <div className="details__row">
            <dt>{t.account.role}</dt>
            <dd>{t.account.roles[user.user_role] ?? user.user_role}</dd>
          </div>
        </dl>
        <p className="notice">{t.account.settingsNote}</p>
      </section>
    </>
  )
}
