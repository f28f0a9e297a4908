/**
 * The attendance link of the SMS reminders (issue 26 §5): a short signed link that lets a customer
 * confirm they will come, or cancel within the policy, without signing in; and the account's own
 * consent to SMS. Other modules use this module only through this file (lint: salon/cms-modules).
 */
export { attendanceEndpoints } from './endpoints'
export { attendanceLink } from './link'
