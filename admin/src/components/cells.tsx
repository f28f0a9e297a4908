import type { ReactNode } from 'react'
import { Badge, Image } from '@mantine/core'
import type { ColumnKind } from '../resources'
import { EMPTY, formatValue } from '../lib/format'
import { useT } from '../i18n/use-t'

export function BooleanBadge({ value, yes, no }: { value: unknown; yes?: string; no?: string }) {
  const t = useT()
  if (typeof value !== 'boolean') return <>{EMPTY}</>
  return (
    <Badge color={value ? 'salon' : 'gray'} variant="light" sx={{ textTransform: 'none' }}>
      {value ? (yes ?? t('common.yes')) : (no ?? t('common.no'))}
    </Badge>
  )
}

/** One value as the generic list shows it (text for everything but yes/no and images). */
export function renderValue(value: unknown, kind: ColumnKind = 'text'): ReactNode {
  if (kind === 'boolean') return <BooleanBadge value={value} />
  if (kind === 'image') {
    return typeof value === 'string' && value ? (
      <Image src={value} alt="" width={48} height={48} fit="cover" radius="sm" withPlaceholder />
    ) : (
      EMPTY
    )
  }
  return formatValue(value, kind)
}
