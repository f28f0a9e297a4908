/** What a customer reads, formatted once for the site and the e-mails: shared/src/format.ts. */
export * from '@salon/shared/format'
