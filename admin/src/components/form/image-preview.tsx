import type { ReactNode } from 'react'
import { Image } from '@mantine/core'
import { useOne } from '@refinedev/core'
import { RelationSelect } from './fields'

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

/** An image chosen among the uploaded files, with its preview: the one image field of every form. */
export function ImageField({
  label,
  value,
  onChange,
  error,
  placeholder = 'Nessuna immagine',
}: {
  label: string
  value: number | null | undefined
  onChange: (value: number | null) => void
  error?: ReactNode
  placeholder?: string
}) {
  return (
    <>
      <RelationSelect
        label={label}
        resource="file"
        optionLabel="name"
        placeholder={placeholder}
        value={value}
        onChange={(v) => onChange(v ?? null)}
        error={error}
      />
      <ImagePreview id={value ?? null} />
    </>
  )
}
