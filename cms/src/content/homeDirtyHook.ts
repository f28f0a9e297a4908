import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig } from 'payload'
import { markHomeDirty } from '../platform'

/** The collections `GET /api/pages/home` reads (content/pages.ts homePage). */
export const HOME_SOURCES = [
  'upload',
  'banner',
  'category',
  'services',
  'operators',
  'business_hours',
  'operating_intervals',
  'business-closures',
  'holidays',
  'config',
] as const

const changed: CollectionAfterChangeHook = ({ doc }) => (markHomeDirty(), doc)
const deleted: CollectionAfterDeleteHook = ({ doc }) => (markHomeDirty(), doc)

/**
 * Adds the "home changed" hooks to the collections the home reads, so the server-rendered `/`
 * shows an owner's edit on the next load (content/homeHtml.ts). Writes that bypass Payload (raw SQL:
 * the carousel order, the week's opening hours) call markHomeDirty themselves.
 */
export function withHomeDirtyHooks(collections: CollectionConfig[]): CollectionConfig[] {
  return collections.map((c) =>
    (HOME_SOURCES as readonly string[]).includes(c.slug)
      ? {
          ...c,
          hooks: {
            ...c.hooks,
            afterChange: [...(c.hooks?.afterChange ?? []), changed],
            afterDelete: [...(c.hooks?.afterDelete ?? []), deleted],
          },
        }
      : c,
  )
}
