/**
 * The waitlist (issue 27): entries, offers held as timed drafts, the queue that makes them.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export { waitlistEndpoints } from './endpoints'
export { WAITLIST_CRONTAB, waitlistTasks } from './jobs'
export { scanWaitlist } from './scan'
