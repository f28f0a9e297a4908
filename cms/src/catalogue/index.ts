/**
 * What the salon sells and who does it: categories, services, operators and which services each performs.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './collections/Category'
export * from './collections/Operators'
export * from './collections/Services'
export * from './collections/Stations'
