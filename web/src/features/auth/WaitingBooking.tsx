import { localDayOf } from '@salon/shared/booking/periods'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { guardPath } from '@salon/shared/routing/guard'
import { wizardSearch, type WizardSearch } from '@salon/shared/schemas/booking'
import { formatDay, formatTime } from '../../lib/format'
import { t } from '../../lib/i18n'
import { fetchServiceTitles } from '../../lib/salon'
import { useResource } from '../../lib/useResource'

/**
 * The booking a visitor chose in the wizard before being sent to sign in or register. The wizard
 * keeps its choice in the URL (`/reserve?services=…&time=…&step=summary`), which the login and
 * registration pages carry in `redirectTo`; read with the wizard's own schema. Null unless it is a
 * new booking with services and a time (moving a booking needs no account: it has one).
 */
export function waitingChoice(redirectTo: string | null): WizardSearch | null {
  if (!redirectTo || guardPath(redirectTo) !== ROUTE_NAMES.reserve) return null
  const query = new URLSearchParams(redirectTo.split('?')[1]?.split('#')[0] ?? '')
  const choice = wizardSearch.parse(Object.fromEntries(query))
  if (choice.move || choice.services.length === 0 || !choice.time) return null
  return choice
}

/**
 * "Ti aspetta: Taglio donna, sabato 28 novembre alle 10:30 — dopo la registrazione confermi la
 * prenotazione." Names and the salon's time zone come from `/api/pages/home` (the wizard's own
 * cacheable call); until it answers, or if it fails, or the services are gone, nothing is shown.
 */
export function WaitingBooking({ redirectTo, after }: { redirectTo: string | null; after: string }) {
  const choice = waitingChoice(redirectTo)
  if (!choice) return null
  return <WaitingSummary services={choice.services} time={choice.time!} after={after} />
}

function WaitingSummary({ services, time, after }: { services: number[]; time: string; after: string }) {
  const salon = useResource(fetchServiceTitles)
  if (salon.status !== 'success') return null
  // In the order chosen; a service no longer offered is left out.
  const chosen = services.map((id) => salon.data.titles.get(id)).filter((title): title is string => !!title)
  if (chosen.length === 0) return null
  const zone = salon.data.config.timezone
  const when = t.auth.waitingWhen(formatDay(localDayOf(new Date(time), zone)), formatTime(time, zone))
  return (
    <div className="notice notice--success waiting-booking" role="status">
      <p className="waiting-booking__what">
        <strong>{t.auth.waitingTitle}</strong> {chosen.join(', ')}, {when}
      </p>
      <p className="waiting-booking__after">{after}</p>
    </div>
  )
}
