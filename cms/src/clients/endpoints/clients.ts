import type { Endpoint } from 'payload'

/** The client cards' endpoints (docs/api.md "Clients"): filled in next. */
export const clientEndpoints: Endpoint[] = []
