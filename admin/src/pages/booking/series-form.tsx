import { useState } from 'react'
import { Alert, Anchor, Button, Group, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core'
import { useCustomMutation, type HttpError } from '@refinedev/core'
import { Link } from 'react-router'
import {
  SERIES_EVERY_WEEKS_MAX,
  SERIES_OCCURRENCES_MAX,
  seriesBody,
  type SeriesCheckResponse,
  type SeriesCreatedResponse,
  type SeriesOccurrence,
} from '@salon/shared/schemas/series'
import { IconAlertCircle, IconCheck } from '@tabler/icons-react'
import { DateField } from '../../components/form/date-fields'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'
import { codeOf, paramsOf } from '../../providers/payload-errors'
import { decisions, mergeConflicts, toBook, undecided, type Choices } from './series-model'
import { SeriesTable } from './series-table'
import { formatListWhen, staffBookingDays } from './when'

/** The booking the series repeats: what the new-booking form holds. */
export interface SeriesBase {
  client?: number
  services: number[]
  operator: 'any' | number
  date_start?: string
  note?: string
}

const BASE_FIELDS = ['client', 'user', 'services', 'operator', 'date_start', 'note']

/**
 * "Repeat" in the staff booking form (issue 27 §4): every N weeks, N times or until a day →
 * `POST /api/reservations/series/check` (nothing written) → the dates, free or not, each conflict
 * with its alternatives or "Skip" → "Book N appointments" → `POST /api/reservations/series` with
 * `replace`/`skip`, written whole or not at all (a date taken meanwhile comes back as 409
 * SERIES_CONFLICTS: those rows ask again). Then the booked appointments, each a link.
 */
export function SeriesForm({
  base,
  timeZone,
  operatorName,
  repeat,
  onRepeat,
  onBaseErrors,
}: {
  base: SeriesBase
  timeZone: string
  operatorName: (id: number) => string
  repeat: boolean
  onRepeat: (on: boolean) => void
  /** Messages for the booking form's own fields (client, services, time). */
  onBaseErrors: (errors: Record<string, string>) => void
}) {
  const t = useT()
  const [everyWeeks, setEveryWeeks] = useState<number | undefined>(4)
  const [end, setEnd] = useState<'count' | 'until'>('count')
  const [count, setCount] = useState<number | undefined>(6)
  const [until, setUntil] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const [checked, setChecked] = useState<{ key: string; occurrences: SeriesOccurrence[] } | null>(null)
  const [choices, setChoices] = useState<Choices>({})
  const [created, setCreated] = useState<SeriesCreatedResponse | null>(null)
  const check = useCustomMutation<SeriesCheckResponse>()
  const create = useCustomMutation<SeriesCreatedResponse>()

  const body = {
    ...base,
    every_weeks: everyWeeks,
    ...(end === 'count' ? { count } : { until: until || undefined }),
  }
  const key = JSON.stringify(body)
  // The table is for the booking as it was checked: any change asks for a new check.
  const occurrences = checked?.key === key ? checked.occurrences : null

  const validate = () => {
    const found = zodValidate(seriesBody)(body)
    if (!base.date_start) delete found.date_start
    const own = Object.fromEntries(Object.entries(found).filter(([k]) => !BASE_FIELDS.includes(k)))
    onBaseErrors(Object.fromEntries(Object.entries(found).filter(([k]) => BASE_FIELDS.includes(k))))
    setErrors(own)
    return Object.keys(found).length === 0
  }
  const refused = (e: HttpError) => {
    const fields = Object.fromEntries(Object.entries(e.errors ?? {}).map(([k, v]) => [k, String(v)]))
    setErrors(fields)
    setRefusal(e.message)
  }
  const runCheck = () => {
    setRefusal(null)
    if (!base.date_start || !validate()) return
    check.mutate(
      { url: '/api/reservations/series/check', method: 'post', values: body, errorNotification: false },
      {
        onSuccess: (answer) => {
          setChecked({ key, occurrences: answer.data.occurrences })
          setChoices({})
        },
        onError: refused,
      },
    )
  }
  const book = () => {
    if (!occurrences) return
    setRefusal(null)
    create.mutate(
      {
        url: '/api/reservations/series',
        method: 'post',
        values: { ...body, ...decisions(occurrences, choices) },
        successNotification: (answer) => ({
          type: 'success',
          message: t('series.booked', { count: answer?.data.reservations.length ?? 0 }),
        }),
        errorNotification: false,
      },
      {
        onSuccess: (answer) => setCreated(answer.data),
        onError: (e) => {
          const conflicts = paramsOf(e)?.conflicts
          if (codeOf(e) === 'SERIES_CONFLICTS' && Array.isArray(conflicts)) {
            const next = mergeConflicts(occurrences, choices, conflicts as SeriesOccurrence[])
            setChecked({ key, occurrences: next.occurrences })
            setChoices(next.choices)
          }
          refused(e)
        },
      },
    )
  }

  if (created)
    return (
      <Alert color="green" icon={<IconCheck size={18} />} title={t('series.bookedTitle')} role="status">
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          {created.reservations.map((r) => (
            <li key={r.id}>
              <Anchor component={Link} to={`/booking/${r.id}`}>
                {formatListWhen(r.date_start, t.locale, timeZone)} · {operatorName(r.operator)}
              </Anchor>
            </li>
          ))}
        </ol>
      </Alert>
    )

  const waiting = occurrences ? undecided(occurrences, choices).length : 0
  const n = occurrences ? toBook(occurrences, choices) : 0
  return (
    <Stack spacing="sm">
      <Switch
        role="switch"
        label={t('series.repeat')}
        description={t('series.repeatHelp')}
        checked={repeat}
        onChange={(e) => onRepeat(e.currentTarget.checked)}
      />
      {repeat && (
        <>
          <Group align="flex-start" spacing="md">
            <NumberInput
              label={t('series.everyWeeks')}
              min={1}
              max={SERIES_EVERY_WEEKS_MAX}
              value={everyWeeks}
              onChange={setEveryWeeks}
              error={errors.every_weeks}
              sx={{ width: 190 }}
            />
            <div>
              <Text size="sm" weight={500} id="series-end-label" mb={4}>
                {t('series.end')}
              </Text>
              <SegmentedControl
                aria-labelledby="series-end-label"
                value={end}
                onChange={(v) => setEnd(v as 'count' | 'until')}
                data={[
                  { value: 'count', label: t('series.endCount') },
                  { value: 'until', label: t('series.endUntil') },
                ]}
              />
            </div>
            {end === 'count' ? (
              <NumberInput
                label={t('series.count')}
                min={2}
                max={SERIES_OCCURRENCES_MAX}
                value={count}
                onChange={setCount}
                error={errors.count}
                sx={{ width: 190 }}
              />
            ) : (
              <DateField
                label={t('series.until')}
                {...staffBookingDays(timeZone)}
                value={until}
                onChange={setUntil}
                error={errors.until ?? errors.count}
              />
            )}
          </Group>
          {!base.date_start && (
            <Text size="sm" color="dimmed">
              {t('series.chooseFirstTime')}
            </Text>
          )}
          <Group>
            <Button variant="light" onClick={runCheck} loading={check.mutation.isPending} disabled={!base.date_start}>
              {t('series.check')}
            </Button>
          </Group>
          {occurrences && (
            <SeriesTable
              occurrences={occurrences}
              choices={choices}
              onChoose={(index, choice) => setChoices({ ...choices, [index]: choice })}
              operatorName={operatorName}
              timeZone={timeZone}
            />
          )}
          {refusal && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('bookingNew.refused')} role="alert">
              {refusal}
            </Alert>
          )}
          {occurrences && (
            <Group position="right" spacing="sm">
              {waiting > 0 && (
                <Text size="sm" color="dimmed" id="series-waiting">
                  {t('series.chooseEach')}
                </Text>
              )}
              <Button
                onClick={book}
                loading={create.mutation.isPending}
                disabled={waiting > 0 || n === 0}
                aria-describedby={waiting > 0 ? 'series-waiting' : undefined}
              >
                {t('series.book', { count: n })}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  )
}
