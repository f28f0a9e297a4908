import { Box, Stack, Text } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { LeaveBadge } from '../../components/leave-badge'
import { SrOnly } from '../../components/sr-only'
import type { T } from '../../i18n/use-t'
import { useT } from '../../i18n/use-t'
import type { DayLeave, RotaCell } from './model'

/** A leave's times within the day: none for the whole day, "from 14:00", "until 12:00", "10:00–12:00". */
export function leaveDetail(l: DayLeave, t: T): string {
  if (l.whole) return ''
  if (l.from && l.to) return `${l.from}–${l.to}`
  if (l.from) return t('rota.leaveFrom', { time: l.from })
  if (l.to) return t('rota.leaveUntil', { time: l.to })
  return ''
}

/** The colour that marks a day changed on its own (an exception): a left edge and its label. */
export const EXCEPTION_COLOUR = 'violet'

/**
 * What a person's day says, in the grid and on the phone's cards alike: leave (its kind's label
 * and colour), the shift's times one interval a line — or "Off shift" —, and "Changed" when the
 * day is an exception (with its note). A closed day says why, greyed.
 */
export function CellContent({ cell, closedText }: { cell: RotaCell; closedText?: string }) {
  const t = useT()
  if (cell.closed)
    return (
      <Text size="sm" color="dimmed" weight={600}>
        {closedText ?? t('rota.closure')}
      </Text>
    )
  const away = cell.leave.some((l) => l.whole)
  return (
    <Stack spacing={4} align="flex-start" sx={{ minWidth: 0 }}>
      {cell.leave.map((l) => (
        <LeaveBadge key={l.item.id} kind={l.kind} detail={leaveDetail(l, t)} />
      ))}
      {cell.shift.length > 0 ? (
        <Box
          component="span"
          sx={(theme) => ({
            fontSize: theme.fontSizes.sm,
            fontWeight: 600,
            color: away ? theme.colors.gray[7] : theme.colors.dark[7],
            textDecoration: away ? 'line-through' : undefined,
            fontVariantNumeric: 'tabular-nums',
          })}
        >
          {cell.shift.map((i, n) => (
            <span key={n} style={{ display: 'block', whiteSpace: 'nowrap' }}>
              {n > 0 && <SrOnly> · </SrOnly>}
              {i.opening_time}–{i.closing_time}
            </span>
          ))}
        </Box>
      ) : (
        <Text component="span" size="sm" color="dimmed" sx={{ fontStyle: 'italic' }}>
          {t.glossary.rota.offShift}
        </Text>
      )}
      {cell.exception && (
        <Text
          component="span"
          size="xs"
          weight={700}
          title={t('rota.exceptionHelp')}
          sx={(theme) => ({
            color: theme.colors[EXCEPTION_COLOUR][9],
            display: 'inline-flex',
            alignItems: 'center',
            gap: 4,
          })}
        >
          <IconPencil size={14} aria-hidden />
          {t('rota.exception')}
        </Text>
      )}
      {cell.exception?.note && (
        <Text component="span" size="xs" color="dimmed" lineClamp={2} sx={{ wordBreak: 'break-word' }}>
          {cell.exception.note}
        </Text>
      )}
    </Stack>
  )
}
