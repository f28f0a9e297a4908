import { Anchor, Box, Stack, Text } from '@mantine/core'
import { blockingBookingItem, type BlockingBookingItem } from '@salon/shared/schemas/booking'
import { localDayOf } from '@salon/shared/booking/periods'
import { z } from '@salon/shared/schemas/zod'
import { Link } from 'react-router'
import { formatCalendarDay, formatClock } from '../../lib/format'
import { detailsOf, reasonOf } from '../../providers/payload-errors'
import { useT } from '../../i18n/use-t'

/** The bookings in the way of a block, as the 409 BLOCK_OVERLAPS_BOOKING names them (docs/api.md). */
export interface OverlapRefusal {
  bookings: BlockingBookingItem[]
  /** All the bookings in the way (the answer names the first five). */
  total: number
}

const overlapData = z.object({ bookings: z.array(blockingBookingItem), total: z.number().int() })

/** The bookings a refused block names, read from the error (undefined for any other refusal). */
export function overlapsOf(error: unknown): OverlapRefusal | undefined {
  if (reasonOf(error) !== 'BLOCK_OVERLAPS_BOOKING') return undefined
  const parsed = overlapData.safeParse(detailsOf(error))
  return parsed.success && parsed.data.bookings.length ? parsed.data : undefined
}

/** A placeholder no translation contains: where the booking's link goes in the sentence. */
const SLOT = '\u0001'

/**
 * "Si sovrappone all'appuntamento di Chiara Bianchi, 14:45–17:00." — the refusal of a block in
 * words, each booking a link to its page; with the day when the block spans several days.
 */
export function BlockRefusal({
  overlaps,
  timeZone,
  withDay,
}: {
  overlaps: OverlapRefusal
  timeZone: string
  withDay: boolean
}) {
  const t = useT()
  const when = (b: BlockingBookingItem) => {
    const time = `${formatClock(b.start, t.intl, timeZone)}–${formatClock(b.end, t.intl, timeZone)}`
    if (!withDay) return time
    const day = formatCalendarDay(localDayOf(new Date(b.start), timeZone), t.intl, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    })
    return `${day}, ${time}`
  }
  const link = (b: BlockingBookingItem) => (
    <Anchor component={Link} to={`/booking/${b.id}`} weight={600} sx={{ overflowWrap: 'anywhere' }}>
      {b.customer ? `${b.customer}, ${when(b)}` : when(b)}
    </Anchor>
  )
  const { bookings, total } = overlaps
  if (bookings.length === 1) {
    const b = bookings[0]!
    const [before, after] = t(b.customer ? 'agenda.block.overlapsOne' : 'agenda.block.overlapsOneNoCustomer', {
      booking: SLOT,
    }).split(SLOT)
    return (
      <Stack spacing={6}>
        <Text size="sm">
          {before}
          {link(b)}
          {after}
        </Text>
        <Text size="sm">{t('agenda.block.overlapsHint')}</Text>
      </Stack>
    )
  }
  return (
    <Stack spacing={6}>
      <Text size="sm">{t('agenda.block.overlapsMany')}</Text>
      <Box component="ul" m={0} pl="md" sx={{ fontSize: 14 }}>
        {bookings.map((b) => (
          <li key={b.id}>{link(b)}</li>
        ))}
      </Box>
      {total > bookings.length && (
        <Text size="sm">{t('agenda.block.overlapsMore', { count: total - bookings.length })}</Text>
      )}
      <Text size="sm">{t('agenda.block.overlapsHintMany')}</Text>
    </Stack>
  )
}
