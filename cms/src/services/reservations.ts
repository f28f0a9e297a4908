import type { PayloadRequest } from 'payload'

/** The reservation as its reader may see it (access rules applied). */
export const readBack = (req: PayloadRequest, id: number) =>
  req.payload.findByID({ collection: 'reservations', id, depth: 0, req, overrideAccess: false })
