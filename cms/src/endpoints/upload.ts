import type { Endpoint } from 'payload'
import { addDataAndFileToRequest, NotFound, ValidationError } from 'payload'
import { uploadUpsertFields } from '@salon/shared'
import { parseOr400, requireAdmin } from '../lib/http'

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
    const existing = await req.payload.find({
      collection: 'upload',
      where: { name: { equals: data.name } },
      limit: 1,
      depth: 0,
      req,
      overrideAccess: false,
    })
    const current = existing.docs[0]
    if (current) {
      const doc = await req.payload.update({
        collection: 'upload',
        id: current.id,
        data,
        file: req.file,
        depth: 0,
        req,
        overrideAccess: false,
      })
      return Response.json({ message: 'Immagine aggiornata', created: false, doc })
    }
    if (!req.file) throw new ValidationError({ errors: [{ path: 'file', message: 'Il file è obbligatorio' }] })
    const doc = await req.payload.create({ collection: 'upload', data: { label: 'IMAGES', ...data }, file: req.file, depth: 0, req, overrideAccess: false })
    return Response.json({ message: 'Immagine caricata', created: true, doc }, { status: 201 })
  },
}

/** DELETE /api/upload/by-name/:name — deletes the (first) upload with that name. Admin only. */
export const deleteUploadByName: Endpoint = {
  path: '/by-name/:name',
  method: 'delete',
  handler: async (req) => {
    requireAdmin(req)
    const name = String(req.routeParams?.name ?? '')
    const found = await req.payload.find({
      collection: 'upload',
      where: { name: { equals: name } },
      sort: 'id',
      limit: 1,
      depth: 0,
      req,
      overrideAccess: false,
    })
    const doc = found.docs[0]
    if (!doc) throw new NotFound(req.t)
    await req.payload.delete({ collection: 'upload', id: doc.id, req, overrideAccess: false })
    return Response.json({ message: 'Immagine eliminata', doc })
  },
}
