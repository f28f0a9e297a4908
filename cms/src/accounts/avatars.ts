import crypto from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

type UploadFile = PayloadRequest['file']

const extension = (filename: string) => /\.[a-z0-9]{1,5}$/i.exec(filename)?.[0]?.toLowerCase() ?? ''

/**
 * Avatars are uploads named `avatar-<user>-<random>` with `owner` = the user (issue 22 §5): only
 * those are ever deleted with a profile photo, and only those may a profile point at.
 */
const ownAvatar = (userId: number, doc: { name?: unknown; owner?: unknown } | null | undefined) =>
  !!doc && Number(doc.owner) === userId && typeof doc.name === 'string' && doc.name.startsWith(`avatar-${userId}-`)

const uploadIdOf = (value: unknown): number | null =>
  typeof value === 'number' ? value : value && typeof value === 'object' && 'id' in value ? Number(value.id) : null

/** The same-origin URL of the user's photo (1x webp), or null. */
export async function avatarUrl(payload: Payload, upload: unknown): Promise<string | null> {
  const id = uploadIdOf(upload)
  if (!id) return null
  const doc = await payload.findByID({ collection: 'upload', id, depth: 0, overrideAccess: true, disableErrors: true })
  return ((doc as { imageUrl?: string | null } | null)?.imageUrl ?? null) || null
}

/** Removes the user's previous photo when it was theirs (never a salon image they pointed at). */
async function dropAvatar(payload: Payload, userId: number, upload: unknown) {
  const id = uploadIdOf(upload)
  if (!id) return
  const doc = await payload.findByID({ collection: 'upload', id, depth: 0, overrideAccess: true, disableErrors: true })
  if (ownAvatar(userId, doc)) await payload.delete({ collection: 'upload', id, overrideAccess: true })
}

/**
 * The customer's profile photo: stored as an upload (images only, checked by content, 10 MB at
 * most, webp sizes made by sharp), linked from `users.upload`; the previous photo is deleted.
 */
export async function setAvatar(payload: Payload, userId: number, file: UploadFile) {
  if (!file) throw new ValidationError({ errors: [{ path: 'file', message: 'Scegli un’immagine' }] })
  const before = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true })
  const name = `avatar-${userId}-${crypto.randomBytes(6).toString('hex')}`
  const doc = await payload.create({
    collection: 'upload',
    data: { name, label: 'IMAGES', alt: 'Foto profilo', owner: userId },
    // The stored file is named after the upload, not the phone's "IMG_1234.jpg": no clash between
    // customers, and a URL nobody can guess from a name.
    file: { ...file, name: `${name}${extension(file.name)}` },
    depth: 0,
    overrideAccess: true,
  })
  try {
    await payload.update({ collection: 'users', id: userId, data: { upload: doc.id }, depth: 0, overrideAccess: true })
  } catch (err) {
    await payload.delete({ collection: 'upload', id: doc.id, overrideAccess: true })
    throw err
  }
  await dropAvatar(payload, userId, before.upload)
  return { avatarUrl: (doc as { imageUrl?: string | null }).imageUrl ?? null }
}

/** Removes the profile photo. */
export async function removeAvatar(payload: Payload, userId: number) {
  const before = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true })
  await payload.update({ collection: 'users', id: userId, data: { upload: null }, depth: 0, overrideAccess: true })
  await dropAvatar(payload, userId, before.upload)
}
