import { Group } from '@mantine/core'
import { DASHBOARD_MAX_DAYS } from '@salon/shared/booking/dashboardKinds'
import { DateRangeFields } from '../../components/form/date-fields'
import { useT } from '../../i18n/use-t'
import { customProblem, type Selection } from './period'

/** The first and last day of a custom period (at most 366 days); what is wrong shows next to the field. */
export default function CustomRange({
  selection,
  onChange,
}: {
  selection: Selection
  onChange: (s: Selection) => void
}) {
  const t = useT()
  const problem = customProblem(selection.from, selection.to)
  return (
    <Group spacing="sm" align="flex-start" data-testid="custom-range">
      <DateRangeFields
        fromLabel={t('index.from')}
        toLabel={t('index.to')}
        from={selection.from}
        to={selection.to}
        fromRequired
        toRequired
        min="2000-01-01"
        fromError={problem === 'from' ? t('index.range.from') : undefined}
        toError={
          problem === 'to'
            ? t('index.range.to')
            : problem === 'order'
              ? t('index.range.order')
              : problem === 'tooLong'
                ? t('index.range.tooLong', { max: DASHBOARD_MAX_DAYS })
                : undefined
        }
        onChange={({ from, to }) => onChange({ period: 'custom', from, to })}
      />
    </Group>
  )
}
