import { Link } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'
import { CalendarIcon } from '../../lib/ui/icons'

/** `/reserved-area`: the customer's home. Bookings arrive with the booking issue. */
export function ReservedAreaPage() {
  useDocumentTitle(t.account.title)
  const { user } = useAuth()
  if (!user) return null

  return (
    <>
      <header className="page-heading">
        <h1>{t.account.hello(user.name || user.email)}</h1>
        <p className="muted">
          {t.account.signedInAs} <strong className="user-email">{user.email}</strong>
        </p>
      </header>

      <section className="card" aria-labelledby="bookings-title">
        <h2 id="bookings-title" className="card__title">
          {t.account.bookingsTitle}
        </h2>
        <p>{t.account.bookingsSoon}</p>
        <Link to={ROUTE_NAMES.reserve} className="btn btn--primary">
          <CalendarIcon size={18} />
          {t.account.bookNow}
        </Link>
      </section>
    </>
  )
}
