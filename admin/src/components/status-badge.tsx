import { Badge, type MantineColor } from '@mantine/core'
import { RESERVATION_STATUS_LABELS } from '@salon/shared/glossary'
import type { ReservationStatus } from '@salon/shared'
import { useT } from '../i18n/use-t'

/** GLOSSARY.md colour names → Mantine palettes (the dot carries the colour, the text stays dark: AA). */
const MANTINE: Record<string, MantineColor> = {
  grey: 'gray',
  yellow: 'yellow',
  teal: 'teal',
  green: 'green',
  orange: 'orange',
  blue: 'blue',
  red: 'red',
  'red-muted': 'pink',
  'dark-green': 'salon',
  'dark-red': 'red',
}

export const statusColour = (status: string): MantineColor =>
  MANTINE[RESERVATION_STATUS_LABELS[status as ReservationStatus]?.colour ?? 'grey'] ?? 'gray'

/** A reservation status as people read it: the glossary's label and colour, never the enum value. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT()
  return (
    <Badge
      variant="dot"
      color={statusColour(status)}
      size="lg"
      sx={(t) => ({ textTransform: 'none', color: t.colors.gray[9], fontWeight: 600 })}
    >
      {t.glossary.status(status)}
    </Badge>
  )
}
