export * from './periods'
