import type { Endpoint } from 'payload'
import { pool, requireAdmin } from '../../platform'
import { backupStatus } from '../status'

/**
 * GET /api/backups/status — the last good backup, WAL archiving's health and the warnings of the
 * Settings page (docs/api.md "Backups"). Admins only: it names folders of the server's machine.
 */
export const backupStatusEndpoint: Endpoint = {
  path: '/backups/status',
  method: 'get',
  handler: async (req) => {
    requireAdmin(req)
    return Response.json({ data: await backupStatus(pool(req.payload)) }, { headers: { 'Cache-Control': 'no-store' } })
  },
}
