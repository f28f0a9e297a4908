import { Banner } from './Banner'
import { BusinessClosures } from './BusinessClosures'
import { BusinessHours } from './BusinessHours'
import { Category } from './Category'
import { Config } from './Config'
import { Holidays } from './Holidays'
import { OperatingIntervals } from './OperatingIntervals'
import { Operators } from './Operators'
import { PasswordRecovery } from './PasswordRecovery'
import { Reservations } from './Reservations'
import { Services } from './Services'
import { Upload } from './Upload'
import { Users } from './Users'

export const collections = [
  Users,
  Reservations,
  Operators,
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
