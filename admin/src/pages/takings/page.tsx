import { Fragment } from 'react'
import { Alert, Anchor, Box, Card, Chip, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import { PAYMENT_METHODS } from '@salon/shared/enums/index'
import { takingsQuery, type TakingsResponse } from '@salon/shared/schemas/clients'
import { IconDownload, IconInfoCircle } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'
import { DateRangeFields } from '../../components/form/date-fields'
import { zodValidate } from '../../components/form/zod-validate'
import { Spinner } from '../../components/page-loader'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { formatCalendarDay, formatMoney, formatNumber } from '../../lib/format'
import { salonToday } from '../agenda/mapping'
import { daysOf, readTakings, TAKINGS_PERIODS, writeTakings, type TakingsSelection } from './period'

/**
 * /dashboard/takings — "Incassi" (issue 24): what was taken in a period, counted by the day of the
 * payment — totals, tips, visits and the split by method; a row per day and, under it, one per
 * operator. "Esporta CSV" downloads `/api/reports/takings.csv` (one row per payment, for the
 * accountant). Not a fiscal receipt: the electronic receipt stays with the till.
 */
export default function TakingsPage() {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const today = salonToday(timeZone)
  const [params, setParams] = useSearchParams()
  const selection = readTakings(params, today)
  const set = (s: TakingsSelection) => setParams(writeTakings(s), { replace: false })
  const errors = zodValidate(takingsQuery)({ from: selection.from, to: selection.to })
  const valid = Object.keys(errors).length === 0
  const query = { from: selection.from, to: selection.to }
  const takings = useCustom<TakingsResponse>({
    url: '/api/reports/takings',
    method: 'get',
    config: { query },
    queryOptions: { enabled: valid },
    // Said in the page (below), not in a toast as well.
    errorNotification: false,
  })
  const data = takings.query.data?.data
  const money = (n: number) => formatMoney(n, t.locale)
  const day = (d: string) => formatCalendarDay(d, t.intl, { weekday: 'short', day: 'numeric', month: 'short' })
  const csv = `/api/reports/takings.csv?${new URLSearchParams(query).toString()}`

  return (
    <Stack spacing="md">
      <Group position="apart" align="flex-end">
        <Title order={2} size="h3">
          {t.glossary.desk.takings}
        </Title>
        {valid && (
          <Anchor href={csv} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <IconDownload size={18} aria-hidden />
            {t('takings.export')}
          </Anchor>
        )}
      </Group>
      <Group spacing="sm" align="flex-end">
        {/* Chips, not a segmented control: on a phone they wrap instead of running off the screen. */}
        <div role="radiogroup" aria-label={t('takings.period')}>
          <Chip.Group
            multiple={false}
            spacing="xs"
            value={selection.period}
            onChange={(v) => {
              const period = TAKINGS_PERIODS.find((p) => p === v) ?? 'today'
              set(
                period === 'custom'
                  ? { period, from: selection.from, to: selection.to }
                  : { period, ...daysOf(period, today) },
              )
            }}
          >
            {TAKINGS_PERIODS.map((p) => (
              <Chip key={p} value={p}>
                {t(`takings.${p}`)}
              </Chip>
            ))}
          </Chip.Group>
        </div>
        {selection.period === 'custom' && (
          <DateRangeFields
            fromLabel={t('takings.from')}
            toLabel={t('takings.to')}
            from={selection.from}
            to={selection.to}
            fromRequired
            toRequired
            min="2000-01-01"
            fromError={errors.from}
            toError={errors.to}
            onChange={({ from, to }) => set({ period: 'custom', from, to })}
          />
        )}
      </Group>
      <Text size="sm" aria-live="polite">
        {selection.from === selection.to
          ? day(selection.from)
          : t('takings.range', { from: day(selection.from), to: day(selection.to) })}
      </Text>
      <Alert color="gray" icon={<IconInfoCircle size={18} />}>
        {t('takings.notFiscal')}
      </Alert>
      {takings.query.isError ? (
        <Alert color="red" role="alert">
          {takings.query.error?.message}
        </Alert>
      ) : !data ? (
        valid ? (
          <Spinner label={t('loading')} />
        ) : null
      ) : (
        <>
          <SimpleGrid cols={4} breakpoints={[{ maxWidth: 'sm', cols: 2 }]} spacing="sm">
            <Card withBorder p="sm" radius="md">
              <Text size="sm">{t('takings.total')}</Text>
              <Text size="xl" weight={700} data-testid="takings-total">
                {money(data.totals.total)}
              </Text>
            </Card>
            <Card withBorder p="sm" radius="md">
              <Text size="sm">{t('takings.tips')}</Text>
              <Text size="xl" weight={700}>
                {money(data.totals.tips)}
              </Text>
            </Card>
            <Card withBorder p="sm" radius="md">
              <Text size="sm">{t('takings.visits')}</Text>
              <Text size="xl" weight={700}>
                {formatNumber(data.totals.visits, t.locale)}
              </Text>
            </Card>
            <Card withBorder p="sm" radius="md" component="section" aria-labelledby="takings-by-method">
              <Text size="sm" id="takings-by-method">
                {t('takings.byMethod')}
              </Text>
              <Stack spacing={0}>
                {PAYMENT_METHODS.map((m) => (
                  <Group key={m} position="apart" spacing={4} noWrap>
                    <Text size="sm">{t.glossary.paymentMethod[m]}</Text>
                    <Text size="sm" weight={600}>
                      {money(data.totals.byMethod[m])}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          </SimpleGrid>
          {data.days.length === 0 ? (
            <Text>{t('takings.empty')}</Text>
          ) : (
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-labelledby="takings-days">
              <Title order={3} size="h4" id="takings-days" mb="xs">
                {t('takings.perDay')}
              </Title>
              <Table fontSize="sm" verticalSpacing={6} horizontalSpacing={8} data-testid="takings-days">
                <thead>
                  <tr>
                    <th scope="col">{t('takings.day')}</th>
                    <th scope="col" style={{ textAlign: 'right' }}>
                      {t('takings.visits')}
                    </th>
                    <th scope="col" style={{ textAlign: 'right' }}>
                      {t('takings.total')}
                    </th>
                    <th scope="col" style={{ textAlign: 'right' }}>
                      {t('takings.tips')}
                    </th>
                    {PAYMENT_METHODS.map((m) => (
                      <th key={m} scope="col" style={{ textAlign: 'right' }}>
                        {t.glossary.paymentMethod[m]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <Fragment key={d.date}>
                      <tr style={{ fontWeight: 700 }}>
                        <th scope="row" style={{ whiteSpace: 'nowrap' }}>
                          {day(d.date)}
                        </th>
                        <td style={{ textAlign: 'right' }}>{formatNumber(d.visits, t.locale)}</td>
                        <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(d.total)}</td>
                        <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(d.tips)}</td>
                        {PAYMENT_METHODS.map((m) => (
                          <td key={m} style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                            {money(d.byMethod[m])}
                          </td>
                        ))}
                      </tr>
                      {d.byOperator.map((o, i) => (
                        <tr key={`${d.date}-${o.operator?.id ?? `none-${i}`}`}>
                          <th scope="row" style={{ fontWeight: 400, paddingLeft: 24 }}>
                            {o.operator?.name ?? t('takings.noOperator')}
                          </th>
                          <td style={{ textAlign: 'right' }}>{formatNumber(o.visits, t.locale)}</td>
                          <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(o.total)}</td>
                          <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(o.tips)}</td>
                          <td colSpan={PAYMENT_METHODS.length} />
                        </tr>
                      ))}
                    </Fragment>
                  ))}
                </tbody>
              </Table>
            </Box>
          )}
        </>
      )}
    </Stack>
  )
}
