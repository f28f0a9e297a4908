import { useState } from 'react'
import { ActionIcon, Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useCustomMutation, type HttpError } from '@refinedev/core'
import { waitlistEntryBody, type WaitlistEntryItem } from '@salon/shared/schemas/waitlist'
import { IconPlus, IconX } from '@tabler/icons-react'
import { ModalActions } from '../../components/modal-actions'
import { ClientPicker, type PickedClient } from '../../components/client-picker'
import { DateField } from '../../components/form/date-fields'
import { RelationMultiSelect } from '../../components/form/fields'
import { zodValidate } from '../../components/form/zod-validate'
import { useActiveOperators } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { staffBookingDays } from '../booking/when'
import { dayLabel } from './format'

/** The form's values → the body of `POST /api/waitlist` (what `waitlistEntryBody` checks). */
export function entryBody(v: {
  client: PickedClient | null
  services: number[]
  operator: string
  days: string[]
  from: string
  to: string
}) {
  return {
    client: v.client?.id,
    services: v.services,
    operator: v.operator === 'any' ? 'any' : Number(v.operator),
    days: [...v.days].sort(),
    from: v.from,
    to: v.to,
  }
}

/**
 * "Add to waitlist": a client (the desk's picker: a card, or a new one made here), services, an
 * operator or anyone, one or more days (the page's day to start with) and a time window. Checked
 * with `waitlistEntryBody` (the server's schema) before sending; each message next to its field;
 * the server's refusals (a day past, …) too.
 */
export function AddModal({
  day,
  timeZone,
  onClose,
  onDone,
}: {
  day: string
  timeZone: string
  onClose: () => void
  onDone: (entry: WaitlistEntryItem) => void
}) {
  const t = useT()
  const { operators } = useActiveOperators()
  const limits = staffBookingDays(timeZone)
  const [client, setClient] = useState<PickedClient | null>(null)
  const [services, setServices] = useState<number[]>([])
  const [operator, setOperator] = useState('any')
  const [days, setDays] = useState<string[]>([day])
  const [dayToAdd, setDayToAdd] = useState(day)
  const [from, setFrom] = useState('09:00')
  const [to, setTo] = useState('13:00')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const { mutate, mutation } = useCustomMutation<WaitlistEntryItem>()

  const dayError = errors.days ?? Object.entries(errors).find(([k]) => k.startsWith('days.'))?.[1]
  const submit = () => {
    setRefusal(null)
    const body = entryBody({ client, services, operator, days, from, to })
    const found = zodValidate(waitlistEntryBody)(body)
    // The schema lets a customer leave it out (their own card); at the desk it is who the entry is for.
    if (body.client === undefined) found.client = t('waitlist.chooseClient')
    setErrors(found)
    if (Object.keys(found).length) return
    mutate(
      {
        url: '/api/waitlist',
        method: 'post',
        values: body,
        successNotification: () => ({ type: 'success', message: t('waitlist.added') }),
        errorNotification: false,
      },
      {
        onSuccess: (answer) => onDone(answer.data),
        onError: (e: HttpError) => {
          const fields = Object.fromEntries(Object.entries(e.errors ?? {}).map(([k, v]) => [k, String(v)]))
          setErrors(fields)
          if (!Object.keys(fields).length) setRefusal(e.message)
        },
      },
    )
  }
  const operatorOptions = [
    { value: 'any', label: t('booking.anyOperator') },
    ...operators.map((o) => ({ value: String(o.id), label: o.name })),
  ]
  return (
    <Modal opened onClose={onClose} title={t('waitlist.add')} size="lg" closeButtonLabel={t('common.close')}>
      <Stack spacing="md">
        <ClientPicker
          label={t('booking.customer')}
          required
          focusOnMount
          value={client}
          onChange={setClient}
          error={errors.client}
        />
        <RelationMultiSelect
          label={t('booking.services')}
          required
          resource="service"
          optionLabel="title"
          value={services}
          onChange={(v) => setServices(v ?? [])}
          error={errors.services}
        />
        <Select
          label={t('booking.operator')}
          data={operatorOptions}
          value={operator}
          onChange={(v) => setOperator(v ?? 'any')}
          error={errors.operator}
        />
        <div>
          <Text size="sm" weight={500} id="waitlist-days-label">
            {t('waitlist.days')}
          </Text>
          <Group spacing={6} my={4} role="list" aria-labelledby="waitlist-days-label">
            {days.map((d) => (
              <Badge
                key={d}
                role="listitem"
                size="lg"
                radius="sm"
                variant="light"
                sx={(theme) => ({ textTransform: 'none', color: theme.colors.blue[9] })}
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={t('waitlist.removeDay', { day: dayLabel(d, t.intl) })}
                    onClick={() => setDays(days.filter((x) => x !== d))}
                  >
                    <IconX size={12} aria-hidden />
                  </ActionIcon>
                }
              >
                {dayLabel(d, t.intl)}
              </Badge>
            ))}
          </Group>
          <Group spacing="xs" align="flex-end">
            <DateField label={t('waitlist.dayToAdd')} {...limits} value={dayToAdd} onChange={setDayToAdd} />
            <Button
              variant="default"
              leftIcon={<IconPlus size={16} aria-hidden />}
              disabled={!dayToAdd || days.includes(dayToAdd)}
              onClick={() => setDays([...days, dayToAdd].sort())}
            >
              {t('waitlist.addDay')}
            </Button>
          </Group>
          {dayError && (
            <Text size="sm" color="red" role="alert" mt={4} data-testid="days-error">
              {dayError}
            </Text>
          )}
        </div>
        <SimpleGrid cols={2}>
          <TextInput
            type="time"
            label={t('waitlist.from')}
            required
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={errors.from}
          />
          <TextInput
            type="time"
            label={t('waitlist.to')}
            required
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={errors.to}
          />
        </SimpleGrid>
        <ModalActions
          onCancel={onClose}
          onSubmit={submit}
          loading={mutation.isPending}
          submitLabel={t('waitlist.add')}
          refusal={refusal ? { title: t('waitlist.refused'), message: refusal } : null}
        />
      </Stack>
    </Modal>
  )
}
