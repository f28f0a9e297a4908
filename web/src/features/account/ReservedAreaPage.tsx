import { ROUTE_NAMES } from '@salon/shared/routes'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18nPersonal'
import { useDocumentTitle } from '../../lib/title'
import { Agenda } from './Agenda'
import { MyBookings } from './MyBookings'

/**
 * `/reserved-area`: a customer's "I miei appuntamenti"; for an operator, their agenda first, then
 * any booking they made for themselves as a customer; an admin sees "Vai alla dashboard" above
 * their own bookings (signing in on the site takes them to the dashboard: `landingFor`).
 */
export function ReservedAreaPage() {
  const { user } = useAuth()
  useDocumentTitle(user?.user_role === 'OPERATOR' ? t.agenda.today : t.bookings.title)
  if (!user) return null
  if (user.user_role === 'OPERATOR') {
    return (
      <>
        <Agenda name={user.name || user.email} />
        {/* An operator may book for themselves too: those bookings are theirs as a customer. */}
        <MyBookings onlyIfAny />
      </>
    )
  }

  return (
    <>
      <header className="page-heading">
        <h1>{t.account.hello(user.name || user.email)}</h1>
        <p className="muted">
          {t.account.signedInAs} <strong className="user-email">{user.email}</strong>
        </p>
      </header>
      {user.user_role === 'ADMIN' ? (
        // The owner's place is the dashboard (another app on this site: a full page load).
        <div className="notice staff-link">
          <p>{t.account.staffIntro}</p>
          <a className="btn btn--primary" href={ROUTE_NAMES.dashboard}>
            {t.account.goToDashboard}
          </a>
        </div>
      ) : null}
      <MyBookings />
    </>
  )
}
