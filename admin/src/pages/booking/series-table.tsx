import { Badge, Radio, Stack, Table, Text } from '@mantine/core'
import type { SeriesOccurrence } from '@salon/shared/schemas/series'
import { useT } from '../../i18n/use-t'
import { codeText } from '../../i18n/messages'
import { formatListWhen } from './when'
import type { Choice, Choices } from './series-model'

/**
 * The checked dates of a series: each one "Free", or why not with its alternatives (radios, the
 * nearest free starts with who) and "Skip this date". Keyboard: one radio group per conflict.
 */
export function SeriesTable({
  occurrences,
  choices,
  onChoose,
  operatorName,
  timeZone,
}: {
  occurrences: SeriesOccurrence[]
  choices: Choices
  onChoose: (index: number, choice: Choice) => void
  operatorName: (id: number) => string
  timeZone: string
}) {
  const t = useT()
  return (
    <Table verticalSpacing="xs" aria-label={t('series.dates')} data-testid="series-table">
      <thead>
        <tr>
          <th scope="col">{t('series.col.number')}</th>
          <th scope="col">{t('series.col.when')}</th>
          <th scope="col">{t('series.col.outcome')}</th>
        </tr>
      </thead>
      <tbody>
        {occurrences.map((o) => {
          const when = formatListWhen(o.date_start, t.locale, timeZone)
          return (
            <tr key={o.index} data-testid={`series-row-${o.index}`}>
              <td>{o.index + 1}</td>
              <td>{when}</td>
              <td>
                {o.available ? (
                  <Badge
                    color="green"
                    variant="dot"
                    radius="sm"
                    sx={(theme) => ({ textTransform: 'none', color: theme.colors.gray[9] })}
                  >
                    {t('series.free')}
                  </Badge>
                ) : o.skipped ? (
                  <Badge
                    color="gray"
                    variant="dot"
                    radius="sm"
                    sx={(theme) => ({ textTransform: 'none', color: theme.colors.gray[9] })}
                  >
                    {t('series.skipped')}
                  </Badge>
                ) : (
                  <Stack spacing={4}>
                    <Text size="sm" weight={600} sx={(theme) => ({ color: theme.colors.red[8] })}>
                      {o.reason
                        ? codeText(o.reason, undefined, '', t.locale) || t('series.notFree')
                        : t('series.notFree')}
                    </Text>
                    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                      <Text component="legend" size="sm" weight={500} mb={4} p={0}>
                        {t('series.alternativesFor', { when })}
                      </Text>
                      <Radio.Group
                        orientation="vertical"
                        spacing={8}
                        value={choices[o.index] ?? ''}
                        onChange={(v) => onChoose(o.index, v as Choice)}
                        size="sm"
                      >
                        {o.alternatives.map((a, i) => (
                          <Radio
                            key={a.date_start + a.operator}
                            value={`alt:${i}`}
                            label={`${formatListWhen(a.date_start, t.locale, timeZone)} · ${operatorName(a.operator)}`}
                          />
                        ))}
                        <Radio value="skip" label={t('series.skip')} />
                      </Radio.Group>
                    </fieldset>
                    {o.alternatives.length === 0 && (
                      <Text size="xs" color="dimmed">
                        {t('series.noAlternative')}
                      </Text>
                    )}
                  </Stack>
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </Table>
  )
}
