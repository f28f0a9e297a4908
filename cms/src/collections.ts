/**
 * Every Payload collection, gathered from the modules that own them. Where a collection of a lower
 * module carries an endpoint of a higher one (an operator's calendar feed lists their bookings),
 * the two are put together here, so the modules keep importing one way.
 */
import { PasswordRecovery, Users } from './accounts'
import { BusinessClosures, BusinessHours, Config, Holidays, OperatingIntervals } from './calendar'
import { Category, Operators, Services, Stations } from './catalogue'
import { Clients } from './clients'
import { Banner, Upload } from './content'
import { clientPrivacyEndpoints } from './privacy'
import { clientHistoryEndpoints, operatorFeedEndpoints, Reservations } from './reservations'
import { OperatorLeave, operatorRotaEndpoints } from './rota'

/**
 * Payload's document locking is off everywhere (issue 22 §5.1): neither the Refine dashboard nor
 * anything else here takes locks (Payload's own admin UI is not built), and its lock collection
 * let any signed-in account make an admin's next change of a record answer 423. Without a lockable
 * collection Payload creates no `payload-locked-documents` collection at all; its two tables of the
 * initial migration stay, empty and unread.
 */
const unlocked = <C extends { slug: string }>(c: C): C & { lockDocuments: false } => ({ ...c, lockDocuments: false })

export const collections = [
  Users,
  {
    ...Clients,
    endpoints: [...(Clients.endpoints || []), ...clientHistoryEndpoints, ...clientPrivacyEndpoints],
  },
  Reservations,
  { ...Operators, endpoints: [...(Operators.endpoints || []), ...operatorFeedEndpoints, ...operatorRotaEndpoints] },
  OperatorLeave,
  Services,
  Stations,
  Category,
  Banner,
  BusinessHours,
  OperatingIntervals,
  BusinessClosures,
  Config,
  Upload,
  Holidays,
  PasswordRecovery,
].map(unlocked)
