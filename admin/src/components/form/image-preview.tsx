import { Image } from '@mantine/core'
import { useOne } from '@refinedev/core'

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
