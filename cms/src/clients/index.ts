/**
 * Client cards (issue 24): the salon's record of a person, apart from any login account — search,
 * creation at the desk, history, staff notes, technical record, duplicates and merge.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './collections/Clients'
export * from './access'
export { readCard, cardOf, type Card } from './repo'
