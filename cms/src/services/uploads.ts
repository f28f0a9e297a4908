import type { PayloadRequest } from 'payload'
import { ValidationError } from 'payload'
import type { z } from 'zod'
import type { uploadUpsertFields } from '@salon/shared'

type UpsertFields = z.infer<typeof uploadUpsertFields>
type UploadFile = PayloadRequest['file']

/** The first upload called `name`, as the caller may see it. */
async function findByName(req: PayloadRequest, name: string) {
  const found = await req.payload.find({
    collection: 'upload',
    where: { name: { equals: name } },
    sort: 'id',
    limit: 1,
    depth: 0,
    req,
    overrideAccess: false,
  })
  return found.docs[0] ?? null
}

/** Replaces the upload called `data.name`, or creates it (a new one needs a file). */
export async function upsertUpload(req: PayloadRequest, data: UpsertFields, file: UploadFile) {
  const current = await findByName(req, data.name)
  if (current) {
    const doc = await req.payload.update({
      collection: 'upload',
      id: current.id,
      data,
      file,
      depth: 0,
      req,
      overrideAccess: false,
    })
    return { created: false, doc }
  }
  if (!file) throw new ValidationError({ errors: [{ path: 'file', message: 'Il file è obbligatorio' }] })
  const doc = await req.payload.create({
    collection: 'upload',
    data: { label: 'IMAGES', ...data },
    file,
    depth: 0,
    req,
    overrideAccess: false,
  })
  return { created: true, doc }
}

/** Deletes the (first) upload called `name`; null when there is none. */
export async function deleteUploadByName(req: PayloadRequest, name: string) {
  const doc = await findByName(req, name)
  if (!doc) return null
  await req.payload.delete({ collection: 'upload', id: doc.id, req, overrideAccess: false })
  return doc
}
