import { Link } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'

/** `/reserve/thankyou`: where a confirmed booking lands. */
export function ThankYouPage() {
  useDocumentTitle(t.booking.thankYouTitle)
  return (
    <article className="prose-page">
      <h1>{t.booking.thankYouTitle}</h1>
      <p>{t.booking.thankYouText}</p>
      <Link to={ROUTE_NAMES.reservedArea} className="btn btn--primary">
        {t.booking.seeReservedArea}
      </Link>
    </article>
  )
}
