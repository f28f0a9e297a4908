/**
 * Every Payload collection, gathered from the modules that own them. Where a collection of a lower
 * module carries an endpoint of a higher one (an operator's calendar feed lists their bookings),
 * the two are put together here, so the modules keep importing one way.
 */
import { PasswordRecovery, Users } from './accounts'
import { BusinessClosures, BusinessHours, Config, Holidays, OperatingIntervals } from './calendar'
import { Category, Operators, Services } from './catalogue'
import { Banner, Upload } from './content'
import { operatorFeedEndpoints, Reservations } from './reservations'

export const collections = [
  Users,
  Reservations,
  { ...Operators, endpoints: [...(Operators.endpoints || []), ...operatorFeedEndpoints] },
  Services,
  Category,
  Banner,
  BusinessHours,
  OperatingIntervals,
  BusinessClosures,
  Config,
  Upload,
  Holidays,
  PasswordRecovery,
]
