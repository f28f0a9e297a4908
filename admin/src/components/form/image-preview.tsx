import type { ReactNode } from 'react'
import { Image } from '@mantine/core'
import { useOne, type CrudFilter } from '@refinedev/core'
import { Dropzone } from '../dropzone'
import { useImageUpload } from '../image-upload'
import { RelationSelect } from './fields'

/** Customers' profile photos are theirs: never offered for the salon's pages (`avatar-<id>-…`). */
export const SALON_IMAGES_ONLY: CrudFilter[] = [{ field: 'name', operator: 'ncontains', value: 'avatar-' }]

/** The chosen picture, small, so the owner sees what the public site will show. */
export function ImagePreview({ id }: { id: number | null }) {
  const { result } = useOne<{ imageUrl?: string; alt?: string }>({
    resource: 'file',
    id: id ?? '',
    queryOptions: { enabled: id !== null },
  })
  if (id === null || !result?.imageUrl) return null
  return <Image src={result.imageUrl} alt={result.alt ?? ''} width={160} height={100} fit="cover" radius="sm" />
}

/**
 * An image chosen among the uploaded files, with its preview — or a new one dropped (or chosen)
 * right here, which is uploaded to the files and chosen: the one image field of every form.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
  placeholder = 'Nessuna immagine',
  uploads = true,
}: {
  /** Off where a new file would not be the salon's (a person's profile photo). */
  uploads?: boolean
  label: string
  value: number | null | undefined
  onChange: (value: number | null) => void
  error?: ReactNode
  placeholder?: string
}) {
  const { upload, busy } = useImageUpload('IMAGES')
  return (
    <>
      <RelationSelect
        label={label}
        resource="file"
        optionLabel="name"
        placeholder={placeholder}
        filters={SALON_IMAGES_ONLY}
        value={value}
        onChange={(v) => onChange(v ?? null)}
        error={error}
      />
      <ImagePreview id={value ?? null} />
      {uploads && (
        <Dropzone
          compact
          multiple={false}
          busy={busy}
          title="Oppure trascina qui una nuova immagine"
          buttonLabel="Carica un’immagine"
          onFiles={async (files) => {
            const [done] = await upload(files)
            if (done) onChange(done.id)
          }}
        />
      )}
    </>
  )
}
