import { useEffect, useState } from 'react'
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Textarea, Title } from '@mantine/core'
import { useCustom, useCustomMutation, useGo, type HttpError } from '@refinedev/core'
import { bookBody, daySchema } from '@salon/shared'
import { localDayOf } from '@salon/shared/booking/periods'
import { formatTime } from '@salon/shared/format'
import { IconAlertCircle } from '@tabler/icons-react'
import { RelationMultiSelect } from '../../components/form/fields'
import { ClientPicker, pickedFromDoc, type PickedClient } from '../../components/client-picker'
import { WalkInButton } from '../agenda/walk-in-button'
import { zodValidate } from '../../components/form/zod-validate'
import { SlotPicker, type FreeSlot } from '../../components/slot-picker'
import { reasonOf } from '../../providers/payload-errors'
import { DateField } from '../../components/form/date-fields'
import { dayOf, staffBookingDays } from './when'
import { useActiveOperators, useSalonConfig } from '../../hooks/use-salon'
import { ANY_OPERATOR, useShiftOverride, withOverride } from '../../hooks/use-shift-override'
import { useT } from '../../i18n/use-t'
import { SeriesForm } from './series-form'
import { useSearchParams } from 'react-router'

/** An instant from the URL (`?start=`, the agenda's clicked time), normalised like the server's slots. */
const instantParam = (value: string | null) => {
  const ms = value ? Date.parse(value) : Number.NaN
  return Number.isFinite(ms) && /T/.test(value!) ? new Date(ms).toISOString() : null
}

/** A positive id from the URL (`?client=`), or null. */
const idParam = (value: string | null) => {
  const id = Number(value)
  return value && Number.isInteger(id) && id > 0 ? id : null
}

/** Moves the focus to the services once a client is picked: the phone call goes on by keyboard. */
const SERVICES_ID = 'booking-services'
const focusServices = () => requestAnimationFrame(() => document.getElementById(SERVICES_ID)?.focus())

/**
 * /dashboard/booking/create: the salon books a customer in — who, which services, with whom, and
 * one of the free times the engine offers for staff (no minimum notice). The server decides price,
 * duration and status (CONFIRMED); a time taken meanwhile is a 409 shown here, never a double
 * booking. Opened from the agenda with `?operator=<id>&start=<instant>` (and `day=`), it starts on
 * that operator, day (the salon's, `config.timezone`) and time.
 *
 * Who (issue 24): a client card, picked by typing a name or phone, or created right here with a
 * name and a phone (ClientPicker) — the booking is sent with `client`. `?client=<id>` (the client
 * card's "Prenota") starts with that card. A time outside the offered ones (the agenda's click on
 * a closed hour, or a time taken off the grid) asks first, naming why (useShiftOverride).
 */
export default function BookingCreate() {
  const t = useT()
  // undefined: not chosen here yet (the card of `?client=`, once read, is the choice).
  const [chosenClient, setClient] = useState<PickedClient | null | undefined>(undefined)
  const [params] = useSearchParams()
  // `?services=1,4` (the walk-in's "Prenota alle 15:30"): those services, already chosen.
  const [services, setServices] = useState<number[]>(() =>
    (params.get('services') ?? '')
      .split(',')
      .map((v) => idParam(v))
      .filter((v) => v !== null),
  )
  const clientParam = idParam(params.get('client'))
  const preset = useCustom<Record<string, unknown> & { id: number }>({
    url: `/api/clients/${clientParam}`,
    method: 'get',
    queryOptions: { enabled: clientParam !== null },
  })
  const presetDoc = preset.query.data?.data
  const presetClient = presetDoc && typeof presetDoc.id === 'number' ? pickedFromDoc(presetDoc) : null
  const client = chosenClient === undefined ? presetClient : chosenClient
  const presetId = presetClient?.id
  useEffect(() => {
    if (presetId !== undefined) focusServices()
  }, [presetId])
  const wanted = instantParam(params.get('start'))
  const { timeZone } = useSalonConfig()
  const dayParam = params.get('day')
  const [operator, setOperator] = useState(() => {
    const id = Number(params.get('operator'))
    return Number.isInteger(id) && id > 0 ? String(id) : 'any'
  })
  // The day of `?start=` is read in the salon's zone (it arrives with the config), not the browser's.
  const [chosenDay, setDay] = useState<string | null>(null)
  const day =
    chosenDay ??
    (dayParam && daySchema.safeParse(dayParam).success
      ? dayParam
      : wanted
        ? localDayOf(new Date(wanted), timeZone)
        : dayOf(null, timeZone))
  const [start, setStart] = useState<string | null>(wanted)
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  // "Repeat" (issue 27): the series form books instead of the one-booking button.
  const [repeat, setRepeat] = useState(false)
  const go = useGo()

  const { operators } = useActiveOperators()
  const slots = useCustom<{ slots: FreeSlot[] }>({
    url: '/api/reservations/book-slots',
    method: 'get',
    config: { query: { date: day, services: services.join(','), operator } },
    queryOptions: { enabled: services.length > 0 && !!day },
  })
  const { mutateAsync, mutation } = useCustomMutation<{ data: { id: number } }>()
  const shift = useShiftOverride()

  const body = {
    client: client?.id,
    services,
    operator: operator === 'any' ? ('any' as const) : Number(operator),
    date_start: start ?? undefined,
    ...(note.trim() ? { note: note.trim() } : {}),
  }
  const submit = () => {
    setRefusal(null)
    const found = zodValidate(bookBody)(body)
    if (found.date_start) found.date_start = t('bookingNew.chooseFreeTime')
    setErrors(found)
    if (Object.keys(found).length) return
    // Outside the operator's shift the server asks first (409 OFF_SHIFT): "… non è di turno:
    // prenotare comunque?" — yes books it anyway, no leaves the form as it is. ("Any operator" is
    // never booked off shift: the refusal says to choose the person.)
    const who = operator === 'any' ? ANY_OPERATOR : (operators.find((o) => String(o.id) === operator)?.name ?? null)
    void shift
      .attempt(
        (override) =>
          mutateAsync({
            url: '/api/reservations/book',
            method: 'post',
            values: withOverride(body, override),
            successNotification: () => ({ type: 'success', message: t('bookingNew.booked') }),
            errorNotification: false,
          }),
        who,
      )
      .then((outcome) => {
        if (outcome.status === 'done') return go({ to: `/booking/${outcome.result.data.data.id}` })
        if (outcome.status === 'declined') return
        const e = outcome.error as HttpError
        setRefusal(e.message)
        if (e.errors) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, String(v)])))
        if (reasonOf(e)) {
          setStart(null)
          void slots.query.refetch()
        }
      })
  }
  const reset = () => setStart(null)
  // New services keep the time the agenda was clicked at; the slots below say whether it is free.
  const keepWanted = () => setStart((s) => (s && s === wanted ? s : null))
  const freeSlots = slots.result.data?.slots
  const wantedNotFree =
    !!start &&
    start === wanted &&
    services.length > 0 &&
    !slots.query.isFetching &&
    !!freeSlots &&
    !freeSlots.some((s) => s.start === start)
  const operatorOptions = [
    { value: 'any', label: t('booking.anyOperator') },
    ...operators.map((o) => ({ value: String(o.id), label: o.name })),
  ]

  return (
    <Stack spacing="md" sx={{ maxWidth: 720 }}>
      <Group position="apart" align="center">
        <Title order={3}>{t('bookingNew.title')}</Title>
        <WalkInButton />
      </Group>
      <Card withBorder radius="md" p="lg">
        <Stack spacing="md">
          <ClientPicker
            label={t('booking.customer')}
            required
            focusOnMount={clientParam === null}
            value={client}
            onChange={(c) => {
              setClient(c)
              if (c) focusServices()
            }}
            error={errors.client ?? errors.user}
          />
          <RelationMultiSelect
            id={SERVICES_ID}
            label={t('booking.services')}
            required
            resource="service"
            optionLabel="title"
            value={services}
            onChange={(v) => {
              setServices(v ?? [])
              keepWanted()
            }}
            error={errors.services}
          />
          <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'xs', cols: 1 }]}>
            <Select
              label={t('booking.operator')}
              data={operatorOptions}
              value={operator}
              onChange={(v) => {
                setOperator(v ?? 'any')
                reset()
              }}
              error={errors.operator}
            />
            <DateField
              label={t('booking.day')}
              required
              {...staffBookingDays(timeZone)}
              value={day}
              onChange={(d) => {
                setDay(d)
                reset()
              }}
            />
          </SimpleGrid>
          <div>
            <Title order={5} mb="xs">
              {t('bookingNew.time')}
            </Title>
            {services.length ? (
              <SlotPicker
                slots={slots.result.data?.slots ?? []}
                loading={slots.query.isFetching}
                value={start}
                onChange={setStart}
                timeZone={timeZone}
              />
            ) : (
              <Alert color="gray">{t('bookingNew.chooseServicesFirst')}</Alert>
            )}
            {wantedNotFree && (
              <Alert color="yellow" mt="xs" role="status">
                {t('agenda.notFree', { time: formatTime(start!, timeZone) })}
              </Alert>
            )}
            {errors.date_start && (
              <Alert color="red" mt="xs" role="alert">
                {errors.date_start}
              </Alert>
            )}
          </div>
          <Textarea
            label={t('bookingNew.note')}
            autosize
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note}
          />
          {refusal && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('bookingNew.refused')} role="alert">
              {refusal}
            </Alert>
          )}
          <SeriesForm
            base={body}
            timeZone={timeZone}
            operatorName={(id) => operators.find((o) => o.id === id)?.name ?? `#${id}`}
            repeat={repeat}
            onRepeat={setRepeat}
            onBaseErrors={setErrors}
          />
          {!repeat && (
            <Group position="right">
              <Button onClick={submit} loading={mutation.isPending}>
                {start ? t('bookingNew.bookAt', { time: formatTime(start, timeZone) }) : t('bookingNew.book')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      {shift.dialog}
    </Stack>
  )
}
