import { useState } from 'react'
import { Alert, Anchor, Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useLink } from '@refinedev/core'
import { canTransition } from '@salon/shared/booking/status'
import type { ReservationStatus } from '@salon/shared/enums/index'
import { IconAlertCircle, IconCheck, IconX } from '@tabler/icons-react'
import type { DashboardBooking, DashboardIndex } from '@salon/shared/booking/dashboardKinds'
import { StatusBadge } from '../../components/status-badge'
import { SrOnly } from '../../components/sr-only'
import { EMPTY, dateFormat, formatClock, formatMoney, formatNumber } from '../../lib/format'
import { useT } from '../../i18n/use-t'
import { useSetStatus } from '../booking/use-set-status'

/** `Tue 24 Nov, 10:30` in the salon's time zone. */
const dayTimeOf = (iso: string, intl: string, timeZone: string) =>
  dateFormat(intl, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: new Date(iso).getFullYear() === new Date().getFullYear() ? undefined : 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso))

function BookingLine({ b, when, children }: { b: DashboardBooking; when: string; children?: React.ReactNode }) {
  const t = useT()
  const Link = useLink()
  return (
    <Card withBorder radius="sm" p="sm" component="li" data-testid={`booking-${b.id}`}>
      <Group position="apart" align="flex-start" spacing="xs">
        <Stack spacing={2} sx={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group spacing="xs">
            <Text weight={700}>{when}</Text>
            <StatusBadge status={b.status} />
          </Group>
          <Text size="sm" weight={600}>
            {b.customer ?? t('index.noCustomer')}
          </Text>
          <Text size="sm">{b.services.join(', ')}</Text>
          <Text size="sm" color="dimmed">
            {b.operator ?? t('index.noOperator')} · {formatMoney(b.total_price, t.locale)}
          </Text>
        </Stack>
        <Stack spacing="xs" align="flex-end">
          {children}
          <Anchor component={Link} to={`/booking/${b.id}`} size="sm">
            {t('index.agenda.open')} <SrOnly>#{b.id}</SrOnly>
          </Anchor>
        </Stack>
      </Group>
    </Card>
  )
}

/** The answers a pending booking gets with one click (each only when the status flow allows it). */
const ONE_CLICK = ['CONFIRMED', 'REJECTED'] as const satisfies readonly ReservationStatus[]
type OneClick = (typeof ONE_CLICK)[number]

/** Pending bookings listed at first (the answer carries up to 50; "Show more" lists them all). */
const PENDING_FIRST = 5

const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 } as const

/** Today's appointments in time order (no cancelled or refused ones, no drafts). */
export function TodayAgenda({ data }: { data: DashboardIndex }) {
  const t = useT()
  const items = data.today.agenda
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="index-agenda-title">
      <Title order={3} size="h4" id="index-agenda-title" mb="xs">
        {t('index.agenda.title')}
      </Title>
      {items.length === 0 ? (
        <Text size="sm">{t('index.agenda.empty')}</Text>
      ) : (
        <ul style={listStyle} data-testid="agenda">
          {items.map((b) => (
            <BookingLine key={b.id} b={b} when={formatClock(b.date_start, t.intl, data.timezone)} />
          ))}
        </ul>
      )}
    </Card>
  )
}

/**
 * Bookings waiting for the salon's answer, each confirmed or refused with one click
 * (`PUT /api/reservations/:id/status`, PENDING → CONFIRMED | REJECTED). A refusal of the server
 * (a clash, a change made meanwhile) is shown as it comes; after any answer the index is reloaded.
 */
export function PendingBookings({ data, onChanged }: { data: DashboardIndex; onChanged: () => unknown }) {
  const t = useT()
  const { setStatus, busy, error } = useSetStatus(onChanged)
  const [all, setAll] = useState(false)
  const { items, total } = data.pending
  const shown = all ? items : items.slice(0, PENDING_FIRST)
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="index-pending-title">
      <Group position="apart" mb="xs">
        <Title order={3} size="h4" id="index-pending-title">
          {t('index.pending.title')}
        </Title>
        <Text weight={700} data-testid="pending-total" aria-hidden>
          {formatNumber(total, t.locale)}
        </Text>
      </Group>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('index.pending.failed')} role="alert" mb="xs">
          {error}
        </Alert>
      )}
      {items.length === 0 ? (
        <Text size="sm">{t('index.pending.empty')}</Text>
      ) : (
        <>
          {total > shown.length && (
            <Text size="sm" mb="xs">
              {t('index.pending.more', { shown: shown.length, total })}
            </Text>
          )}
          <ul style={listStyle} data-testid="pending">
            {shown.map((b) => {
              const when = dayTimeOf(b.date_start, t.intl, data.timezone)
              const who = b.customer ?? t('index.noCustomer')
              const name = (status: OneClick) =>
                t('index.pending.actionFor', { action: t.glossary.statusAction[status], who, when })
              // The engine's status flow decides which answers a booking can get now.
              const answers = ONE_CLICK.filter((s) => canTransition(b.status as ReservationStatus, s))
              return (
                <BookingLine key={b.id} b={b} when={when}>
                  {answers.length > 0 && (
                    <Group spacing="xs" noWrap>
                      {answers.map((status) => (
                        <Button
                          key={status}
                          size="xs"
                          variant={status === 'REJECTED' ? 'outline' : 'filled'}
                          color={status === 'REJECTED' ? 'red' : undefined}
                          leftIcon={
                            status === 'REJECTED' ? (
                              <IconX size={16} aria-hidden />
                            ) : (
                              <IconCheck size={16} aria-hidden />
                            )
                          }
                          loading={busy === b.id && status === 'CONFIRMED'}
                          disabled={busy !== null && !(busy === b.id && status === 'CONFIRMED')}
                          onClick={() => setStatus(b.id, status)}
                          aria-label={name(status)}
                        >
                          {t.glossary.statusAction[status]}
                        </Button>
                      ))}
                    </Group>
                  )}
                </BookingLine>
              )
            })}
          </ul>
          {items.length > shown.length && (
            <Button variant="subtle" size="xs" mt="xs" onClick={() => setAll(true)}>
              {t('index.pending.showMore', { count: items.length - shown.length })}
            </Button>
          )}
        </>
      )}
    </Card>
  )
}

/** Top services or operators of the period: bookings and revenue (and occupancy for operators). */
export function TopTable({ data, kind }: { data: DashboardIndex; kind: 'services' | 'operators' }) {
  const t = useT()
  const id = `index-top-${kind}`
  const rows =
    kind === 'services'
      ? data.topServices.map((s) => ({ id: s.id, name: s.title, count: s.count, revenue: s.revenue, occupancy: null }))
      : data.topOperators.map((o) => ({ ...o, occupancy: o.occupancy }))
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="xs">
        {t(kind === 'services' ? 'index.topServices' : 'index.topOperators')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{t('index.none')}</Text>
      ) : (
        // Scrolls sideways on a narrow phone rather than spilling out of the card (focusable: keyboard scrolling).
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-labelledby={id}>
          <Table
            fontSize="sm"
            verticalSpacing={6}
            horizontalSpacing={6}
            aria-labelledby={id}
            data-testid={id}
            sx={(theme) => ({
              [theme.fn.smallerThan('xs')]: { '& thead tr th, & tbody tr td': { fontSize: 12, padding: '6px 4px' } },
            })}
          >
            <thead>
              <tr>
                <th scope="col">{t(kind === 'services' ? 'index.col.service' : 'index.col.operator')}</th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('index.col.count')}
                </th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('index.col.revenue')}
                </th>
                {kind === 'operators' && (
                  <th scope="col" style={{ textAlign: 'right' }}>
                    {t('index.col.occupancy')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <td style={{ textAlign: 'right' }}>{formatNumber(r.count, t.locale)}</td>
                  <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(r.revenue, t.locale)}</td>
                  {kind === 'operators' && (
                    <td style={{ textAlign: 'right' }}>
                      {r.occupancy === null ? EMPTY : `${formatNumber(r.occupancy, t.locale)}%`}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </Box>
      )}
    </Card>
  )
}
