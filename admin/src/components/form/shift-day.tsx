import { ActionIcon, Box, Button, Stack, Switch, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useT } from '../../i18n/use-t'
import { SrOnly } from '../sr-only'

export interface TimeInterval {
  opening_time: string
  closing_time: string
}

/** A day's hours as one value: off (no intervals), or one or more intervals `HH:mm`–`HH:mm`. */
export interface ShiftDayValue {
  off: boolean
  intervals: TimeInterval[]
}

/** Touch-sized controls (44 px: a finger on a phone; the same on a computer, one look). */
const TOUCH = 44
/**
 * The time inputs: touch-sized, with little padding so that a 12-hour browser's "09:00 AM" and the
 * clock button fit in half a phone's row (an Italian browser writes "09:00").
 */
const TIME_STYLES = { input: { minHeight: TOUCH, paddingLeft: 8, paddingRight: 4 } }

/** The next interval to add: an hour after the last one closes, four hours long (or `start` when there is none). */
export function nextInterval(intervals: readonly TimeInterval[], start?: TimeInterval): TimeInterval {
  const last = intervals.at(-1)
  if (!last) return start ? { ...start } : { opening_time: '09:00', closing_time: '13:00' }
  const [h, m] = last.closing_time.split(':').map(Number) as [number, number]
  const from = Math.min(h * 60 + m + 60, 22 * 60)
  const to = Math.min(from + 4 * 60, 23 * 60 + 59)
  const hhmm = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`
  return { opening_time: hhmm(from), closing_time: hhmm(to) }
}

/**
 * One day's hours in a form (an operator's shift on the rota or in the working-pattern editor): a
 * switch for "not working" and the intervals, each with From/To time inputs (the browser's own:
 * keyboard and screen readers work) and a named remove button, and "Add hours". A fieldset named
 * by the day. Errors come by path relative to the day (`intervals.0.closing_time`), as the shared
 * zod schemas name them, and show next to the field.
 */
export function ShiftDayFields({
  legend,
  hideLegend = false,
  value,
  onChange,
  errorOf,
  offLabel,
  offHelp,
  fallback,
}: {
  /** The day's name: the fieldset's name and title ("Tuesday"). */
  legend: string
  /** The title is already on screen (a dialog's): the legend is for screen readers only. */
  hideLegend?: boolean
  value: ShiftDayValue
  onChange: (value: ShiftDayValue) => void
  errorOf?: (path: string) => string | undefined
  /** The switch's words: "Day off", "Not working". */
  offLabel: string
  offHelp?: string
  /** The intervals a day starts with when it is switched on (the salon's hours of that weekday). */
  fallback?: readonly TimeInterval[]
}) {
  const t = useT()
  const { off, intervals } = value
  const set = (i: number, patch: Partial<TimeInterval>) =>
    onChange({ off, intervals: intervals.map((it, j) => (j === i ? { ...it, ...patch } : it)) })
  const listError = errorOf?.('intervals')
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      data-testid={`shift-day-${legend}`}
    >
      {hideLegend ? (
        <legend>
          <SrOnly>{legend}</SrOnly>
        </legend>
      ) : (
        <Text component="legend" weight={700} sx={{ padding: 0, marginBottom: 4 }}>
          {legend}
        </Text>
      )}
      <Stack spacing="xs">
        <Switch
          label={offLabel}
          description={offHelp}
          checked={off}
          size="md"
          styles={{ body: { minHeight: TOUCH, alignItems: 'center' } }}
          onChange={(e) => {
            const nowOff = e.currentTarget.checked
            onChange({
              off: nowOff,
              intervals:
                !nowOff && intervals.length === 0
                  ? fallback?.length
                    ? fallback.map((i) => ({ ...i }))
                    : [nextInterval([])]
                  : intervals,
            })
          }}
        />
        {!off && (
          <>
            {intervals.map((interval, i) => (
              <Box key={i} sx={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                <TextInput
                  type="time"
                  label={t('shift.opens')}
                  value={interval.opening_time}
                  onChange={(e) => set(i, { opening_time: e.currentTarget.value })}
                  error={errorOf?.(`intervals.${i}.opening_time`)}
                  styles={TIME_STYLES}
                  sx={{ flex: '1 1 0', minWidth: 0 }}
                />
                <TextInput
                  type="time"
                  label={t('shift.closes')}
                  value={interval.closing_time}
                  onChange={(e) => set(i, { closing_time: e.currentTarget.value })}
                  error={errorOf?.(`intervals.${i}.closing_time`)}
                  styles={TIME_STYLES}
                  sx={{ flex: '1 1 0', minWidth: 0 }}
                />
                <ActionIcon
                  size={TOUCH}
                  mt={25}
                  color="red"
                  variant="subtle"
                  onClick={() => {
                    const rest = intervals.filter((_, j) => j !== i)
                    onChange({ off: rest.length === 0, intervals: rest })
                  }}
                >
                  <IconTrash size={20} aria-hidden />
                  <SrOnly>{t('shift.remove', { n: i + 1, day: legend })}</SrOnly>
                </ActionIcon>
              </Box>
            ))}
            {listError && (
              <Text size="sm" color="red" role="alert">
                {listError}
              </Text>
            )}
            <Button
              variant="subtle"
              leftIcon={<IconPlus size={16} aria-hidden />}
              onClick={() => onChange({ off, intervals: [...intervals, nextInterval(intervals, fallback?.[0])] })}
              sx={{ alignSelf: 'flex-start', minHeight: TOUCH }}
            >
              {t('shift.add')}
              <SrOnly> ({legend})</SrOnly>
            </Button>
          </>
        )}
      </Stack>
    </Box>
  )
}
