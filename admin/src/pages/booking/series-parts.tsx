import { Badge, Radio, Text } from '@mantine/core'
import type { ReservationSeriesRef, SeriesScope } from '@salon/shared/schemas/series'
import { IconRepeat } from '@tabler/icons-react'
import type { T } from '../../i18n/use-t'
import { useT } from '../../i18n/use-t'

/** "Repeating booking · every 4 weeks (2 of 6)" — the glossary's words, the occurrence counted from 1. */
export const seriesText = (series: ReservationSeriesRef, t: T) =>
  t('series.badge', {
    repeating: t.glossary.waitlist.repeating,
    every: t.glossary.waitlist.everyWeeks(series.every_weeks),
    index: series.index + 1,
    count: series.count,
  })

/** The booking page's mark of an occurrence of a series. */
export function SeriesBadge({ series }: { series: ReservationSeriesRef }) {
  const t = useT()
  return (
    <Badge
      color="violet"
      variant="light"
      radius="sm"
      leftSection={<IconRepeat size={12} aria-hidden style={{ marginTop: 4 }} />}
      data-testid="series-badge"
      sx={(theme) => ({ textTransform: 'none', color: theme.colors.violet[9] })}
    >
      {seriesText(series, t)}
    </Badge>
  )
}

/**
 * Which occurrences a cancel or a move touches (issue 27 §4): "This appointment" or "This and
 * following" — a radio group with its legend, in the confirmation or the move form. `help` says
 * what "following" does there.
 */
export function ScopeChoice({
  value,
  onChange,
  help,
  followingDisabled,
}: {
  value: SeriesScope
  onChange: (scope: SeriesScope) => void
  help: string
  followingDisabled?: boolean
}) {
  const t = useT()
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" weight={600} p={0} mb={4}>
        {t('series.scope.label')}
      </Text>
      <Radio.Group orientation="vertical" spacing={8} value={value} onChange={(v) => onChange(v as SeriesScope)}>
        <Radio value="one" label={t('series.scope.one')} />
        <Radio value="following" label={t('series.scope.following')} disabled={followingDisabled} />
      </Radio.Group>
      <Text size="xs" mt={4} sx={(theme) => ({ color: theme.colors.gray[7] })}>
        {help}
      </Text>
    </fieldset>
  )
}
