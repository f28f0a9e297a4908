/**
 * The part of `platform` that `cms/server.ts` (and the edge entries of the other modules) use
 * outside Payload: nothing here imports Payload, Next or a collection, so the server's own module
 * graph stays small — Next bundles Payload apart, and loading it a second time through tsx would
 * cost every process ~2 s of start-up and its memory. `edge.test.ts` walks the graph from
 * cms/server.ts and fails when it reaches Payload (docs/architecture.md "The server's modules").
 */
export * from './background'
export * from './bodyLimit'
export * from './databaseHealth'
export * from './delivery'
export * from './errorBody'
export * from './errorResponse'
export * from './errors'
export * from './homeDirty'
export * from './jobRunner'
export * from './jsonBody'
export * from './nativeDate'
export * from './pgErrors'
export * from './readPool'
export * from './retry'
export * from './runtime'
export * from './sql'
export * from './sqlBuilder'
export * from './unhandled'
