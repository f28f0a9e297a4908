import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'
import { UserDetails } from './UserDetails'

/** `/reserved-area/profile`: read-only until the account screens add editing (PUT /api/auth/me). */
export function ProfilePage() {
  useDocumentTitle(t.account.profileTitle)
  const { user } = useAuth()
  if (!user) return null
  return (
    <>
      <header className="page-heading">
        <h1>{t.account.profileTitle}</h1>
      </header>
      <section className="card">
        <UserDetails user={user} />
        <p className="notice">{t.account.profileNote}</p>
      </section>
    </>
  )
}
