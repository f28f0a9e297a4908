import { Spinner } from '../../components/page-loader'
import { useState } from 'react'
import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useCustom, useCustomMutation, useInvalidate, useResourceParams, type HttpError } from '@refinedev/core'
import { type ReservationDetail, type ReservationEventItem, type ReservationStatus } from '@salon/shared'
import { IconAlertCircle, IconArrowLeft, IconCashRegister } from '@tabler/icons-react'
import { CheckoutModal } from './checkout-modal'
import { AllergyAlert, ClientSummary, NoContactNote, PaidSummary } from './desk-parts'
import { BookingPhases } from './phases'
import { Link } from 'react-router'
import { SlotPicker, type FreeSlot } from '../../components/slot-picker'
import { SrOnly } from '../../components/sr-only'
import { StatusBadge } from '../../components/status-badge'
import { CustomerConfirmed } from '../../components/customer-confirmed'
import { dateFormat, formatMoney } from '../../lib/format'
import { useActiveOperators, useSalonConfig } from '../../hooks/use-salon'
import { ANY_OPERATOR, useShiftOverride, withOverride } from '../../hooks/use-shift-override'
import { reasonOf } from '../../providers/payload-errors'
import { describeEvent } from './events'
import { useSetStatus } from './use-set-status'
import { DateField } from '../../components/form/date-fields'
import { RelationMultiSelect } from '../../components/form/fields'
import { dayOf, formatWhen, staffBookingDays, timeOf } from './when'
import { useT } from '../../i18n/use-t'
import type { SeriesScope } from '@salon/shared/schemas/series'
import { ScopeChoice, SeriesBadge } from './series-parts'

const detailUrl = (id: string | number) => `/api/reservations/${id}/detail`

/** Re-reads the booking page and the lists after a change. */
function useRefresh(id: string | number) {
  const invalidate = useInvalidate()
  return () => invalidate({ resource: 'booking', id, invalidates: ['list', 'detail'] })
}

export function Details({ booking, onChanged }: { booking: ReservationDetail; onChanged: () => unknown }) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const [checkout, setCheckout] = useState(false)
  const who =
    (booking.client
      ? [booking.client.name, booking.client.surname]
      : [booking.customer?.name, booking.customer?.surname]
    )
      .filter(Boolean)
      .join(' ') || t.glossary.desk.walkIn
  return (
    <Card withBorder radius="md" p="lg">
      <Stack spacing="sm">
        <Title order={4}>{formatWhen(booking.date_start, booking.date_end, t.locale, timeZone)}</Title>
        {booking.series && (
          <div>
            <SeriesBadge series={booking.series} />
          </div>
        )}
        {booking.client?.allergies && <AllergyAlert allergies={booking.client.allergies} />}
        {booking.client?.contact === 'NONE' && <NoContactNote />}
        <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'sm', cols: 1 }]} spacing="md">
          <div>
            <Text size="sm" weight={600}>
              {t('booking.customer')}
            </Text>
            <ClientSummary booking={booking} />
          </div>
          <div>
            <Text size="sm" weight={600}>
              {t('booking.operator')}
            </Text>
            <Text>{booking.operator?.name ?? t('booking.unassigned')}</Text>
          </div>
        </SimpleGrid>
        <div>
          <Text size="sm" weight={600}>
            {t('booking.services')}
          </Text>
          {booking.services.map((s) => (
            <Group key={s.id} position="apart" noWrap>
              <Text>
                {s.title} · {s.duration} min
              </Text>
              <Text>{formatMoney(s.price, t.locale)}</Text>
            </Group>
          ))}
          <Group position="apart" mt={4}>
            <Text weight={700}>{t('booking.agreedTotal', { minutes: booking.duration })}</Text>
            <Text weight={700}>{formatMoney(booking.total_price, t.locale)}</Text>
          </Group>
        </div>
        <BookingPhases phases={booking.phases} />
        {booking.paid && <PaidSummary paid={booking.paid} />}
        {booking.actions.checkout?.allowed && !booking.paid && (
          <Group>
            <Button leftIcon={<IconCashRegister size={18} />} onClick={() => setCheckout(true)}>
              {t.glossary.desk.checkout}
            </Button>
          </Group>
        )}
      </Stack>
      {checkout && (
        <CheckoutModal
          booking={booking}
          who={who}
          opened={checkout}
          onClose={() => setCheckout(false)}
          onDone={() => {
            setCheckout(false)
            void onChanged()
          }}
        />
      )}
    </Card>
  )
}

/** One button per status the engine allows this admin to set now; each asks for confirmation. */
export function StatusActions({ booking, onChanged }: { booking: ReservationDetail; onChanged: () => unknown }) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const [to, setTo] = useState<ReservationStatus | null>(null)
  const [scope, setScope] = useState<SeriesScope>('one')
  const { setStatus, busy, error, clearError } = useSetStatus(onChanged)
  // An occurrence of a series being cancelled: this one, or this and the following (issue 27).
  const asksScope = !!booking.series && to === 'CANCELLED'
  const apply = () => to && setStatus(booking.id, to, () => setTo(null), asksScope ? scope : undefined)
  return (
    <Card withBorder radius="md" p="lg">
      <Stack spacing="sm">
        <Group position="apart">
          <Title order={4}>{t('booking.status')}</Title>
          <StatusBadge status={booking.status} />
        </Group>
        {booking.status !== 'CANCELLED' && booking.status !== 'REJECTED' && (
          <CustomerConfirmed at={booking.customer_confirmed_at} timeZone={timeZone} withTime />
        )}
        {booking.transitions.length ? (
          // Each button says what it does, in words under it (read by keyboard and screen readers
          // as the button's description, not a hover-only tooltip).
          <SimpleGrid cols={2} spacing="sm" breakpoints={[{ maxWidth: 'xs', cols: 1 }]}>
            {booking.transitions.map((status) => (
              <Stack key={status} spacing={4}>
                <Button
                  variant={status === 'CANCELLED' || status === 'REJECTED' ? 'outline' : 'light'}
                  color={status === 'CANCELLED' || status === 'REJECTED' || status === 'NO_SHOW' ? 'red' : 'salon'}
                  aria-describedby={`status-help-${status}`}
                  onClick={() => {
                    clearError()
                    setScope('one')
                    setTo(status)
                  }}
                >
                  {t.glossary.statusAction[status]}
                </Button>
                <Text id={`status-help-${status}`} size="xs" sx={(theme) => ({ color: theme.colors.gray[7] })}>
                  {t(`statusHelp.${status}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        ) : booking.actions.undo.allowed || booking.actions.freeRest.allowed ? null : (
          <Text size="sm">{t('booking.closed')}</Text>
        )}
        <AfterFinal booking={booking} onChanged={onChanged} />
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={to !== null}
        title={t('booking.changeStatusQuestion')}
        confirmLabel={to ? t.glossary.statusAction[to] : ''}
        cancelLabel={t('booking.back')}
        loading={busy !== null}
        onConfirm={apply}
        onCancel={() => setTo(null)}
      >
        {to ? (
          <Stack spacing="xs">
            <Text size="sm">
              {t('booking.fromTo', { from: t.glossary.status(booking.status), to: t.glossary.status(to) })}
            </Text>
            <Text size="sm">{t(`statusHelp.${to}`)}</Text>
            {asksScope && <ScopeChoice value={scope} onChange={setScope} help={t('series.scope.cancelHelp')} />}
          </Stack>
        ) : (
          ''
        )}
      </ConfirmDialog>
    </Card>
  )
}

/**
 * After a final status: "Libera il tempo restante" while an appointment over early still holds its
 * time, and "Ripristina" for 15 minutes after a final status set by staff — each with its time,
 * from the engine's flags (`actions.freeRest`, `actions.undo`).
 */
function AfterFinal({ booking, onChanged }: { booking: ReservationDetail; onChanged: () => unknown }) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const { mutate, mutation } = useCustomMutation()
  const [error, setError] = useState<string | null>(null)
  const { undo, freeRest } = booking.actions
  const run = (path: 'undo' | 'free-rest', notice: string) => {
    setError(null)
    mutate(
      {
        url: `/api/reservations/${booking.id}/${path}`,
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: notice }),
        errorNotification: false,
      },
      { onSuccess: () => void onChanged(), onError: (e) => setError(e.message) },
    )
  }
  const rows = [
    freeRest.allowed && freeRest.until
      ? {
          key: 'free',
          hint: t('booking.freeRestHint', { until: timeOf(freeRest.until, t.locale, timeZone) }),
          label: t('booking.freeRest'),
          go: () => run('free-rest', t('booking.freed')),
        }
      : null,
    undo.allowed && undo.until
      ? {
          key: 'undo',
          hint: t('booking.undoHint', { until: timeOf(undo.until, t.locale, timeZone) }),
          label: t('booking.undo'),
          go: () => run('undo', t('booking.undone')),
        }
      : null,
  ].filter((r) => r !== null)
  if (!rows.length) return null
  return (
    <Stack spacing="xs">
      {rows.map((r) => (
        <Stack key={r.key} spacing={4}>
          <Text id={`after-${r.key}`} size="sm">
            {r.hint}
          </Text>
          <Button variant="default" aria-describedby={`after-${r.key}`} loading={mutation.isPending} onClick={r.go}>
            {r.label}
          </Button>
        </Stack>
      ))}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  )
}

/**
 * Another time, operator or services: the free starts of the chosen day for this booking (its
 * services at the agreed duration — or the new services at the catalogue's —, itself not counted
 * as busy), then one PATCH. A time taken meanwhile is a 409 shown here; the booking keeps its time.
 */
export function MoveForm({
  booking,
  operators,
  onChanged,
}: {
  booking: ReservationDetail
  operators: { value: string; label: string }[]
  onChanged: () => unknown
}) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const [day, setDay] = useState(() => dayOf(booking.date_start, timeZone))
  const [operator, setOperator] = useState<string>(booking.operator ? String(booking.operator.id) : 'any')
  const [services, setServices] = useState<number[]>(booking.services.map((s) => s.id))
  const [chosen, setChosen] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const servicesChanged = services.join() !== booking.services.map((s) => s.id).join()
  // An occurrence of a series (issue 27): move this one, or this and the following by the same
  // change (POST /move with scope; new services are for this one only).
  const [scope, setScope] = useState<SeriesScope>('one')
  const following = !!booking.series && scope === 'following' && !servicesChanged
  const slots = useCustom<{ slots: FreeSlot[]; duration: number; total_price: number }>({
    url: `/api/reservations/${booking.id}/move-slots`,
    method: 'get',
    config: { query: { date: day, operator, ...(servicesChanged ? { services: services.join(',') } : {}) } },
    queryOptions: { enabled: !!day && services.length > 0 },
  })
  const { mutateAsync, mutation } = useCustomMutation()
  const shift = useShiftOverride()
  // The operator asked about when the time is outside their shift: the one chosen here ("any
  // operator" is never placed off shift: no question, the refusal says to choose the person).
  const who =
    operator === 'any'
      ? ANY_OPERATOR
      : (operators.find((o) => o.value === operator)?.label ?? booking.operator?.name ?? null)
  const move = () =>
    chosen &&
    void shift
      .attempt(
        (override) =>
          mutateAsync({
            url: following ? `/api/reservations/${booking.id}/move` : `/api/reservations/${booking.id}/edit`,
            method: following ? 'post' : 'patch',
            values: withOverride(
              {
                date_start: chosen,
                operator: operator === 'any' ? 'any' : Number(operator),
                ...(following ? { scope } : servicesChanged ? { services } : {}),
              },
              override,
            ),
            successNotification: () => ({ type: 'success', message: t('booking.moved') }),
            errorNotification: false,
          }),
        who,
      )
      .then((outcome) => {
        if (outcome.status === 'done') {
          setChosen(null)
          setError(null)
          void onChanged()
          return
        }
        if (outcome.status === 'declined') return
        const e = outcome.error as HttpError
        setError(e.message)
        if (reasonOf(e) === 'SLOT_TAKEN' || reasonOf(e) === 'OPERATOR_BUSY' || reasonOf(e) === 'OFF_SHIFT')
          void slots.query.refetch()
      })
  const free = slots.result.data?.slots ?? []
  return (
    <Card withBorder radius="md" p="lg">
      <Stack spacing="sm">
        <Title order={4}>{t('booking.moveTitle')}</Title>
        <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'xs', cols: 1 }]}>
          <DateField
            label={t('booking.day')}
            required
            {...staffBookingDays(timeZone)}
            value={day}
            onChange={(d) => {
              setDay(d)
              setChosen(null)
            }}
          />
          <Select
            label={t('booking.operator')}
            data={[{ value: 'any', label: t('booking.anyOperator') }, ...operators]}
            value={operator}
            onChange={(v) => {
              setOperator(v ?? 'any')
              setChosen(null)
            }}
          />
        </SimpleGrid>
        <RelationMultiSelect
          label={t('booking.services')}
          description={
            servicesChanged && slots.result.data
              ? t('booking.newServices', {
                  minutes: slots.result.data.duration,
                  price: formatMoney(slots.result.data.total_price, t.locale),
                })
              : t('booking.servicesHelp')
          }
          resource="service"
          optionLabel="title"
          value={services}
          onChange={(v) => {
            setServices(v ?? [])
            setChosen(null)
          }}
          error={services.length === 0 ? t('booking.chooseService') : undefined}
        />
        <SlotPicker
          slots={free}
          loading={slots.query.isLoading}
          value={chosen}
          onChange={setChosen}
          timeZone={timeZone}
        />
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        {booking.series && (
          <ScopeChoice
            value={servicesChanged ? 'one' : scope}
            onChange={setScope}
            help={t('series.scope.moveHelp')}
            followingDisabled={servicesChanged}
          />
        )}
        <Group>
          <Button onClick={move} disabled={!chosen} loading={mutation.isPending}>
            {chosen ? t('booking.moveTo', { time: timeOf(chosen, t.locale, timeZone) }) : t('booking.chooseTime')}
          </Button>
        </Group>
      </Stack>
      {shift.dialog}
    </Card>
  )
}

/** The salon's note on the booking (staff only; the customer's note at booking time is the same field). */
function NoteForm({ booking, onChanged }: { booking: ReservationDetail; onChanged: () => unknown }) {
  const t = useT()
  const [note, setNote] = useState(booking.note ?? '')
  const [error, setError] = useState<string | null>(null)
  const { mutateAsync, mutation } = useCustomMutation()
  // A note does not move the booking; should the server still answer OFF_SHIFT (a booking the rota
  // left outside the shift), it asks like every other change of a booking.
  const shift = useShiftOverride()
  const save = () =>
    void shift
      .attempt(
        (override) =>
          mutateAsync({
            url: `/api/reservations/${booking.id}/edit`,
            method: 'patch',
            values: withOverride({ note: note.trim() || null }, override),
            successNotification: () => ({ type: 'success', message: t('booking.noteSaved') }),
            errorNotification: false,
          }),
        booking.operator?.name,
      )
      .then((outcome) => {
        if (outcome.status === 'done') return void onChanged()
        if (outcome.status === 'refused') {
          const e = outcome.error as HttpError
          setError(e.errors?.note?.toString() ?? e.message)
        }
      })
  return (
    <Card withBorder radius="md" p="lg">
      <Stack spacing="sm">
        <Title order={4}>{t('booking.noteTitle')}</Title>
        <Textarea
          label={t('booking.noteLabel')}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={error}
        />
        <Group>
          <Button variant="light" onClick={save} loading={mutation.isPending} disabled={note === (booking.note ?? '')}>
            {t('booking.noteSave')}
          </Button>
        </Group>
      </Stack>
      {shift.dialog}
    </Card>
  )
}

function History({ events }: { events: ReservationEventItem[] }) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={4} mb="md">
        {t('booking.history')}
      </Title>
      <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
        {events.map((e) => {
          const { title, detail } = describeEvent(e, t.locale, timeZone)
          return (
            <Timeline.Item key={e.id} title={title}>
              {detail && <Text size="sm">{detail}</Text>}
              <Text size="xs" sx={(theme) => ({ color: theme.colors.gray[7] })}>
                {dateFormat(t.intl, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(e.at))}
                {e.actor ? ` · ${e.actor.name ?? `#${e.actor.id}`}` : ''}
              </Text>
            </Timeline.Item>
          )
        })}
      </Timeline>
    </Card>
  )
}

/** /dashboard/booking/{id}: the booking, what can be done with it now, and its history. */
export default function BookingPage() {
  const t = useT()
  const { id } = useResourceParams()
  const detail = useCustom<ReservationDetail>({
    url: detailUrl(id ?? ''),
    method: 'get',
    queryOptions: { enabled: id !== undefined },
  })
  const { operators } = useActiveOperators()
  const refresh = useRefresh(id ?? '')
  // (`result.data` is `{}` until the answer arrives: read the query itself.)
  const booking = detail.query.data?.data
  const onChanged = () => Promise.all([detail.query.refetch(), refresh()])
  const operatorOptions = operators.map((o) => ({ value: String(o.id), label: o.name }))

  return (
    <Stack spacing="md">
      <Group spacing="sm">
        <Anchor component={Link} to="/booking">
          <IconArrowLeft aria-hidden size={20} />
          <SrOnly>{t('booking.backToList')}</SrOnly>
        </Anchor>
        <Title order={3}>{t('booking.title', { id: id ? `#${id}` : '' })}</Title>
      </Group>
      {detail.query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('booking.unavailable')}>
          {detail.query.error?.message}
        </Alert>
      ) : !booking ? (
        <Spinner label={t('loader.label')} />
      ) : (
        <Grid gutter="md">
          <Grid.Col md={7}>
            <Stack spacing="md">
              <Details booking={booking} onChanged={onChanged} />
              <StatusActions key={`${booking.status}`} booking={booking} onChanged={onChanged} />
              {booking.actions.move.allowed && (
                <MoveForm
                  key={`${booking.date_start}-${booking.operator?.id}`}
                  booking={booking}
                  operators={operatorOptions}
                  onChanged={onChanged}
                />
              )}
              <NoteForm key={booking.note ?? ''} booking={booking} onChanged={onChanged} />
            </Stack>
          </Grid.Col>
          <Grid.Col md={5}>
            <History events={booking.events} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  )
}
