import { Chip, Loader, Text } from '@mantine/core'

export interface FreeSlot {
  start: string
  end: string
  operators: number[]
}

const timeFmt = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' })

/**
 * The free starts of a day as chips (one choice, keyboard-operable): the same building block for
 * booking a customer in and for moving a booking. The times come from the server's engine.
 */
export function SlotPicker({
  slots,
  loading,
  value,
  onChange,
  empty = 'Nessun orario libero in questo giorno.',
}: {
  slots: FreeSlot[]
  loading?: boolean
  value: string | null
  onChange: (start: string) => void
  empty?: string
}) {
  if (loading) return <Loader size="sm" aria-label="Carico gli orari" />
  if (!slots.length) return <Text size="sm">{empty}</Text>
  return (
    <div role="group" aria-label="Orari liberi">
      <Chip.Group value={value ?? ''} onChange={(v) => onChange(String(v))} spacing="xs">
        {slots.map((s) => (
          <Chip key={s.start} value={s.start} radius="sm">
            {timeFmt.format(new Date(s.start))}
          </Chip>
        ))}
      </Chip.Group>
    </div>
  )
}
