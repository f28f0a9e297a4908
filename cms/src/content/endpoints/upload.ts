import type { Endpoint } from 'payload'
import { addDataAndFileToRequest, NotFound, ValidationError } from 'payload'
import { carouselOrderBody, uploadUpsertFields } from '@salon/shared'
import { parseOr400, readJsonObject, requireAdmin, markHomeDirty, pool } from '../../platform'
import { deleteUploadByName as deleteByName, salonLibrary, saveCarouselOrder, upsertUpload as upsert } from '../uploads'

/**
 * PATCH /api/upload/upsert (multipart: file + name, label?, alt?, position?) — replaces the
 * upload called `name` or creates it. Admin only.
 */
export const upsertUpload: Endpoint = {
  path: '/upsert',
  method: 'patch',
  handler: async (req) => {
    requireAdmin(req)
    try {
      await addDataAndFileToRequest(req)
    } catch {
      throw new ValidationError({ errors: [{ path: 'body', message: 'Corpo della richiesta non valido' }] })
    }
    const data = parseOr400(uploadUpsertFields, req.data ?? {})
    const { created, doc } = await upsert(req, data, req.file)
    if (created) return Response.json({ message: 'Immagine caricata', created, doc }, { status: 201 })
    return Response.json({ message: 'Immagine aggiornata', created, doc })
  },
}

/** DELETE /api/upload/by-name/:name — deletes the (first) upload with that name. Admin only. */
export const deleteUploadByName: Endpoint = {
  path: '/by-name/:name',
  method: 'delete',
  handler: async (req) => {
    requireAdmin(req)
    const doc = await deleteByName(req, String(req.routeParams?.name ?? ''))
    if (!doc) throw new NotFound(req.t)
    return Response.json({ message: 'Immagine eliminata', doc })
  },
}

/** PUT /api/upload/carousel-order { ids: [...] } — the home carousel's order, in one transaction. Admin only. */
export const putCarouselOrder: Endpoint = {
  path: '/carousel-order',
  method: 'put',
  handler: async (req) => {
    requireAdmin(req)
    const { ids } = parseOr400(carouselOrderBody, await readJsonObject(req))
    await saveCarouselOrder(pool(req.payload), ids)
    markHomeDirty()
    return Response.json({ message: 'Ordine del carosello salvato', ids })
  },
}

/** GET /api/upload/library — the salon's images (no customers' profile photos) with where each is used. Admin only. */
export const getLibrary: Endpoint = {
  path: '/library',
  method: 'get',
  handler: async (req) => {
    requireAdmin(req)
    const docs = await salonLibrary(req)
    return Response.json({ docs, totalDocs: docs.length }, { headers: { 'Cache-Control': 'no-store' } })
  },
}
