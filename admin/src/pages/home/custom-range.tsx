import { Group } from '@mantine/core'
import { DateRangeFields } from '../../components/form/date-fields'
import { useT } from '../../i18n/use-t'
import { customErrors } from './custom-check'
import type { Selection } from './period'

/**
 * The first and last day of a custom period; what is wrong (the API's own check, `dashboardQuery`:
 * a day that does not exist, an end before the start, more than 366 days) shows next to the field.
 */
export default function CustomRange({
  selection,
  onChange,
}: {
  selection: Selection
  onChange: (s: Selection) => void
}) {
  const t = useT()
  const errors = customErrors(selection.from, selection.to)
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
        fromError={errors.from}
        toError={errors.to}
        onChange={({ from, to }) => onChange({ period: 'custom', from, to })}
      />
    </Group>
  )
}
