import { t } from '../../lib/i18n'
import { SALON_PHONE, telHref } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'
import { PhoneIcon } from '../../lib/ui/icons'

/** `/reserve`: placeholder until the booking wizard lands (booking issue replaces this file). */
export function ReservePage() {
  useDocumentTitle(t.booking.title)
  return (
    <article className="prose-page">
      <h1>{t.booking.heading}</h1>
      <p>{t.booking.soon}</p>
      <a className="btn btn--primary btn--large" href={telHref(SALON_PHONE)}>
        <PhoneIcon size={20} />
        {t.booking.callUs}: {SALON_PHONE}
      </a>
    </article>
  )
}
