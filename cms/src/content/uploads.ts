import type {
  Access,
  AccessResult,
  Where,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionBeforeOperationHook,
  PayloadRequest,
} from 'payload'
import { ValidationError } from 'payload'
import type { Pool } from 'pg'
import sharp from 'sharp'
import type { z } from 'zod'
import { fieldMessage } from '@salon/shared/messages'
import {
  IMAGE_MAX_MEGAPIXELS,
  IMAGE_MAX_PIXELS,
  PERSONAL_PHOTO_NAME,
  describeUploadUses,
  isPersonalPhotoName,
  type UploadUse,
  type uploadUpsertFields,
} from '@salon/shared'
import { fieldError, HttpError, pool, inTransaction, hasRole, userOf } from '../platform'

type Queryable = Pick<Pool, 'query'>

type UpsertFields = z.infer<typeof uploadUpsertFields>
type UploadFile = PayloadRequest['file']

/**
 * Who reads which upload (issue 22 §5): the salon's images (no `owner`) are public; a customer's
 * profile photo only its owner and the staff (operators' agenda, admins). Payload applies the same
 * rule to the file itself (`/api/upload/file/<name>` checks read access on the file's document).
 */
export const uploadReadAccess: Access = ({ req }): AccessResult => {
  const user = userOf(req)
  if (hasRole(user, 'ADMIN', 'OPERATOR')) return true
  const salonImages: Where = { owner: { exists: false } }
  if (user) return { or: [salonImages, { owner: { equals: user.id } }] }
  return salonImages
}

/** 400 naming `file`: the image has more pixels than anything here may decode. */
export const tooManyPixels = () => {
  const params = { n: IMAGE_MAX_MEGAPIXELS }
  const message = fieldMessage('IMAGE_TOO_MANY_PIXELS', params)
  return new HttpError(400, 'IMAGE_TOO_MANY_PIXELS', message, {
    field: 'file',
    params,
    errors: [{ path: 'file', message, code: 'IMAGE_TOO_MANY_PIXELS', params }],
  })
}

/**
 * The pixels an image file declares (width × height × frames), from its header only: nothing is
 * decoded. Null when sharp cannot read a header (not an image: Payload's own type check answers).
 */
export async function declaredPixels(file: NonNullable<UploadFile>): Promise<number | null> {
  try {
    // Payload's parser leaves `tempFilePath` empty ('') when the file is in memory.
    const meta = await sharp(file.data?.length ? file.data : file.tempFilePath).metadata()
    if (!meta.width || !meta.height) return null
    // An animated image's every frame is decoded (Payload reads GIF/WebP with `animated`).
    return meta.width * (meta.pageHeight ?? meta.height) * Math.max(1, meta.pages ?? 1)
  } catch {
    return null
  }
}

/**
 * Upload collection, before operation — before Payload's file handling runs sharp on the file: an
 * image over IMAGE_MAX_PIXELS is refused (400 IMAGE_TOO_MANY_PIXELS naming `file`), whichever
 * path brought it (the dashboard's upload, upsert, the avatar endpoint). A salon image whose file
 * is called like a profile photo (`avatar-<n>-…`) is stored under another name, so that file
 * names alone tell the two apart (`/api/img` serves no profile photo).
 */
export const refuseTooManyPixels: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const file = req.file
  if (!file) return args
  const pixels = await declaredPixels(file)
  if (pixels !== null && pixels > IMAGE_MAX_PIXELS) throw tooManyPixels()
  const owned = (args as { data?: { owner?: unknown } }).data?.owner
  if ((owned === undefined || owned === null) && isPersonalPhotoName(file.name)) file.name = `foto-${file.name}`
  return args
}

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

/** Where each of `ids` is used: services, operators, banners, users' profile photos. */
export async function uploadUses(db: Queryable, ids: readonly number[]): Promise<Map<number, UploadUse[]>> {
  const byUpload = new Map<number, UploadUse[]>()
  if (ids.length === 0) return byUpload
  const { rows } = await db.query<{ kind: UploadUse['kind']; id: number; name: string; upload_id: number }>(
    `select 'service' as kind, id, title as name, image_id as upload_id from services where image_id = any($1::int[])
     union all
     select 'operator', id, trim(name || ' ' || coalesce(surname, '')), image_id from operators where image_id = any($1::int[])
     union all
     select 'banner', id, title, image_id from banner where image_id = any($1::int[])
     union all
     select 'user', id, trim(name || ' ' || coalesce(surname, '')), upload_id from users where upload_id = any($1::int[])
     order by 1, 3`,
    [ids],
  )
  for (const r of rows) {
    const list = byUpload.get(r.upload_id) ?? []
    list.push({ kind: r.kind, id: r.id, name: r.name })
    byUpload.set(r.upload_id, list)
  }
  return byUpload
}

/**
 * Upload collection, before delete: an image that a service, an operator, a banner or a user's
 * profile uses stays (the foreign keys RESTRICT too, migration upload_in_use). 409 IMAGE_IN_USE
 * naming where, in the owner's words, so the dashboard can say what to change first.
 */
export const refuseDeletingUsedUpload: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const uses = (await uploadUses(pool(req.payload), [Number(id)])).get(Number(id)) ?? []
  if (uses.length > 0) {
    throw new HttpError(
      409,
      'IMAGE_IN_USE',
      `Questa immagine è in uso, non si può eliminare. Usata da: ${describeUploadUses(uses)}. ` +
        'Scegli prima un’altra immagine lì.',
      { reason: 'IMAGE_IN_USE', uses },
    )
  }
}

/**
 * Upload collection, before change: an image that joins the carousel (new, or relabelled) without
 * an explicit position goes last.
 */
export const carouselImageGoesLast: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  const joins = data.label === 'HOME_CAROUSEL' && (operation === 'create' || originalDoc?.label !== 'HOME_CAROUSEL')
  const explicit = (req.data as Record<string, unknown> | undefined)?.position
  if (!joins || (explicit !== undefined && explicit !== null && explicit !== '')) return data
  const last = await req.payload.find({
    collection: 'upload',
    where: { label: { equals: 'HOME_CAROUSEL' } },
    sort: '-position',
    limit: 1,
    depth: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  const max = Number(last.docs[0]?.position ?? -1)
  return { ...data, position: Number.isFinite(max) ? max + 1 : 0 }
}

/**
 * PUT /api/upload/carousel-order: positions 0..n-1 in the given order, in one transaction with the
 * carousel's rows locked (two tabs saving at once end in one order or the other, never a mix).
 * Every id must be a carousel image (else 400 naming `ids.<i>`); carousel images not listed
 * (added meanwhile in another tab) keep their order after the listed ones.
 */
export async function saveCarouselOrder(db: Pool, ids: readonly number[]) {
  await inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `select id from upload where label = 'HOME_CAROUSEL' order by position nulls last, id for update`,
    )
    const carousel = new Set(rows.map((r) => r.id))
    const bad = ids.findIndex((id) => !carousel.has(id))
    if (bad >= 0) throw fieldError(`ids.${bad}`, 'NOT_IN_CAROUSEL', 'Questa immagine non è nel carosello')
    const listed = new Set(ids)
    const order = [...ids, ...rows.map((r) => r.id).filter((id) => !listed.has(id))]
    await tx.query(
      `update upload set position = t.pos - 1, updated_at = now()
       from unnest($1::int[]) with ordinality as t(id, pos) where upload.id = t.id`,
      [order],
    )
  })
}

/**
 * GET /api/upload/library: the salon's images, newest first, each with where it is used. Customers'
 * profile photos (PERSONAL_PHOTO_NAME) are not the salon's and are left out.
 */
export async function salonLibrary(req: PayloadRequest) {
  const db = pool(req.payload)
  const { rows } = await db.query<{ id: number }>(
    `select id from upload where name !~ $1 order by created_at desc, id desc`,
    [PERSONAL_PHOTO_NAME.source],
  )
  const ids = rows.map((r) => r.id)
  if (ids.length === 0) return []
  const [found, uses] = await Promise.all([
    req.payload.find({
      collection: 'upload',
      where: { id: { in: ids } },
      pagination: false,
      depth: 0,
      req,
      overrideAccess: false,
    }),
    uploadUses(db, ids),
  ])
  const byId = new Map(found.docs.map((d) => [d.id, d]))
  return ids.flatMap((id) => {
    const d = byId.get(id) as (Record<string, unknown> & { id: number }) | undefined
    return d ? [{ ...d, uses: uses.get(id) ?? [] }] : []
  })
}

/** `wanted`, or `wanted` with "-2", "-3"… before its extension: the first name no upload has. */
export async function freeUploadName(req: PayloadRequest, wanted: string) {
  const trimmed = wanted.trim().slice(0, 180) || 'immagine'
  // Never a profile photo's reserved name, even from a file called so.
  const base = isPersonalPhotoName(trimmed) ? `foto-${trimmed}` : trimmed
  const dot = base.lastIndexOf('.')
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, '']
  const { rows } = await pool(req.payload).query<{ name: string }>(
    `select name from upload where name = $1 or (name like $2 and name like $3)`,
    [base, `${stem.replace(/[\\%_]/g, '\\$&')}-%`, `%${ext.replace(/[\\%_]/g, '\\$&')}`],
  )
  const taken = new Set(rows.map((r) => r.name))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}${ext}`)) return `${stem}-${n}${ext}`
}
