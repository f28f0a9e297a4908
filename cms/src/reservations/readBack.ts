import type { PayloadRequest } from 'payload'

/**
 * The reservation as its reader may see it (access rules applied), or — `authorised`, after a
 * service has decided this caller may act on it — as it is.
 */
export const readBack = (req: PayloadRequest, id: number, authorised = false) =>
  req.payload.findByID({ collection: 'reservations', id, depth: 0, req, overrideAccess: authorised })
