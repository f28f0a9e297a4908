import type { Endpoint } from 'payload'
import { idPathParams, operatorBlockBody, operatorBlockPatch } from '@salon/shared'
import { parseOr400, readJsonObject, requireAdmin, pool } from '../../platform'
import { createBlock, deleteBlock, updateBlock } from '../operatorBlocks'

/**
 * Blocked time of one operator (docs/api.md "Operator blocks"), written from the dashboard's
 * agenda; read with the agenda (`GET /api/reservations/agenda` → `blocks`). Admins only.
 */

const noStore = { 'Cache-Control': 'no-store' }

/** POST /api/operator-blocks — 201 with the block; 409 SLOT_TAKEN / BLOCK_OVERLAP. */
export const createBlockEndpoint: Endpoint = {
  path: '/operator-blocks',
  method: 'post',
  handler: async (req) => {
    const user = requireAdmin(req)
    const body = parseOr400(operatorBlockBody, await readJsonObject(req))
    const data = await createBlock(pool(req.payload), user.id as number, body)
    return Response.json({ message: 'Tempo bloccato', data }, { status: 201, headers: noStore })
  },
}

/** PATCH /api/operator-blocks/:id — moved, resized, another operator, a new reason. */
export const updateBlockEndpoint: Endpoint = {
  path: '/operator-blocks/:id',
  method: 'patch',
  handler: async (req) => {
    requireAdmin(req)
    const { id } = parseOr400(idPathParams, { id: req.routeParams?.id })
    const patch = parseOr400(operatorBlockPatch, await readJsonObject(req))
    const data = await updateBlock(pool(req.payload), id, patch)
    return Response.json({ message: 'Blocco aggiornato', data }, { headers: noStore })
  },
}

/** DELETE /api/operator-blocks/:id — the time is bookable again. */
export const deleteBlockEndpoint: Endpoint = {
  path: '/operator-blocks/:id',
  method: 'delete',
  handler: async (req) => {
    requireAdmin(req)
    const { id } = parseOr400(idPathParams, { id: req.routeParams?.id })
    await deleteBlock(pool(req.payload), id)
    return Response.json({ message: 'Blocco rimosso', id }, { headers: noStore })
  },
}

export const operatorBlockEndpoints = [createBlockEndpoint, updateBlockEndpoint, deleteBlockEndpoint]
