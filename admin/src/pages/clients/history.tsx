import { useState } from 'react'
import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { StatusBadge } from '../../components/status-badge'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT, type T } from '../../i18n/use-t'
import { EMPTY, formatMoney, formatNumber } from '../../lib/format'
import { formatListWhen } from '../booking/when'
import type { ClientHistoryResponse } from './api'
import { Section, PlainList } from './sections'
import { dayText } from './words'

type Visit = ClientHistoryResponse['past'][number]

/** The figures of the card: visits, money, last visit, what is coming, cancellations and no-shows. */
export function Stats({ stats }: { stats: ClientHistoryResponse['stats'] }) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const items: [string, string][] = [
    [t('clients.stat.visits'), formatNumber(stats.visits, t.locale)],
    [t('clients.stat.totalSpent'), formatMoney(stats.totalSpent, t.locale)],
    [t('clients.stat.averageTicket'), formatMoney(stats.averageTicket, t.locale)],
    [t('clients.stat.lastVisit'), stats.lastVisit ? dayText(stats.lastVisit, t, timeZone) : EMPTY],
    [t('clients.stat.upcoming'), formatNumber(stats.upcoming, t.locale)],
    [t('clients.stat.cancellations'), formatNumber(stats.cancellations, t.locale)],
    [t('clients.stat.noShows'), formatNumber(stats.noShows, t.locale)],
  ]
  return (
    <Section title={t('clients.section.stats')} headingId="client-stats" testId="client-stats">
      <Box
        component="dl"
        sx={(theme) => ({
          margin: 0,
          display: 'grid',
          gap: theme.spacing.sm,
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          [theme.fn.largerThan('xs')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
          [theme.fn.largerThan('lg')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
        })}
      >
        {items.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" sx={(theme) => ({ color: theme.colors.gray[7] })}>
              {label}
            </Text>
            <Text component="dd" weight={700} size="lg" sx={{ margin: 0 }}>
              {value}
            </Text>
          </div>
        ))}
      </Box>
    </Section>
  )
}

/** What was paid: "Paid €54.50: Card €40.00, Cash €14.50 (discount €5.50, tip €5.00 included)". */
export function paidText(t: T, paid: NonNullable<Visit['paid']>): string {
  const methods = paid.payments
    .map((p) => `${t.glossary.paymentMethod[p.method]} ${formatMoney(p.amount, t.locale)}`)
    .join(', ')
  const extras = [
    paid.discount > 0 ? t('clients.paid.discount', { amount: formatMoney(paid.discount, t.locale) }) : null,
    paid.tip > 0 ? t('clients.paid.tip', { amount: formatMoney(paid.tip, t.locale) }) : null,
  ].filter(Boolean)
  // What the client handed over: the visit's total and the tip (in cents: no float slips).
  const handed = (Math.round(paid.total * 100) + Math.round(paid.tip * 100)) / 100
  return (
    t('clients.paid.total', { amount: formatMoney(handed, t.locale), methods }) +
    (extras.length ? ` (${extras.join(', ')})` : '')
  )
}

function VisitRow({ visit }: { visit: Visit }) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const when = visit.date_start ? formatListWhen(visit.date_start, t.locale, timeZone) : t('booking.noTime')
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid={`visit-${visit.id}`}>
      <Stack spacing={4}>
        <Group position="apart" spacing="xs" align="flex-start">
          <Anchor component={Link} to={`/booking/${visit.id}`} weight={700}>
            {when}
          </Anchor>
          <StatusBadge status={visit.status} />
        </Group>
        <Text size="sm">{visit.services.map((s) => s.title).join(', ') || EMPTY}</Text>
        <Text size="sm">
          {t('clients.withOperator', { name: visit.operator?.name ?? t('booking.unassigned') })} ·{' '}
          {formatMoney(visit.total_price, t.locale)}
        </Text>
        {visit.paid ? (
          <Text size="sm" weight={600}>
            {paidText(t, visit.paid)}
          </Text>
        ) : visit.status === 'COMPLETED' ? (
          <Text size="sm" sx={(theme) => ({ color: theme.colors.gray[7] })}>
            {t('clients.paid.none')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** How many visits of each list show before "Show all". */
export const VISITS_SHOWN = 5

function VisitList({ title, visits, empty }: { title: string; visits: Visit[]; empty: string }) {
  const t = useT()
  const [all, setAll] = useState(false)
  const shown = all ? visits : visits.slice(0, VISITS_SHOWN)
  return (
    <Stack spacing="xs">
      <Title order={5}>{title}</Title>
      {visits.length ? (
        <PlainList gap="xs">
          {shown.map((v) => (
            <VisitRow key={v.id} visit={v} />
          ))}
        </PlainList>
      ) : (
        <Text size="sm">{empty}</Text>
      )}
      {visits.length > VISITS_SHOWN && (
        <Group>
          <Button variant="subtle" size="sm" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? t('clients.showFewer') : t('clients.showAll', { n: visits.length })}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** Upcoming and past visits: when, status (glossary words), services, operator, price and what was paid. */
export function Visits({ history }: { history: ClientHistoryResponse }) {
  const t = useT()
  return (
    <Section title={t('clients.section.visits')} headingId="client-visits" testId="client-visits">
      <Stack spacing="md">
        <VisitList title={t('clients.upcoming')} visits={history.upcoming} empty={t('clients.noUpcoming')} />
        <VisitList title={t('clients.past')} visits={history.past} empty={t('clients.noPast')} />
      </Stack>
    </Section>
  )
}
