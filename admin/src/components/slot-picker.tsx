import { Spinner } from './page-loader'
import { Chip, Text } from '@mantine/core'
import { useT } from '../i18n/use-t'
import { formatClock } from '../lib/format'

export interface FreeSlot {
  start: string
  end: string
  operators: number[]
}

/**
 * The free starts of a day as chips (one choice, keyboard-operable): the same building block for
 * booking a customer in and for moving a booking. The times come from the server's engine and are
 * written on the salon's clock (`timeZone`), whatever the browser's zone.
 */
export function SlotPicker({
  slots,
  loading,
  value,
  onChange,
  empty,
  timeZone,
}: {
  timeZone: string
  slots: FreeSlot[]
  loading?: boolean
  value: string | null
  onChange: (start: string) => void
  empty?: string
}) {
  const t = useT()
  if (loading) return <Spinner size="sm" label={t('slots.loading')} />
  if (!slots.length) return <Text size="sm">{empty ?? t('slots.none')}</Text>
  return (
    <div role="group" aria-label={t('slots.group')}>
      <Chip.Group value={value ?? ''} onChange={(v) => onChange(String(v))} spacing="xs">
        {slots.map((s) => (
          <Chip key={s.start} value={s.start} radius="sm">
            {formatClock(s.start, t.intl, timeZone)}
          </Chip>
        ))}
      </Chip.Group>
    </div>
  )
}
