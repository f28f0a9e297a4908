import { useState } from 'react'
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useCustomMutation, useGo, type HttpError } from '@refinedev/core'
import { walkInBody } from '@salon/shared/schemas/clients'
import { formatTime } from '@salon/shared/format'
import { IconAlertCircle } from '@tabler/icons-react'
import { ModalActions } from '../../components/modal-actions'
import { ClientPicker, type PickedClient } from '../../components/client-picker'
import { RelationMultiSelect } from '../../components/form/fields'
import { zodValidate } from '../../components/form/zod-validate'
import { useActiveOperators, useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { detailsOf, reasonOf } from '../../providers/payload-errors'

/**
 * "Cliente senza appuntamento" (issue 24): someone at the door. Staff choose the services (and,
 * if they like, the client and the operator) → `POST /api/reservations/walk-in`, which books
 * **now** with the first operator free for the whole length. When nobody is free (409
 * `OPERATOR_BUSY`) the answer's `params.next` is offered: "Il primo libero è alle 15:30", with a
 * button to the new-booking form at that time.
 */

/** The earliest free start of a 409 OPERATOR_BUSY, when the server gave one. */
export function nextFreeOf(error: unknown): string | null {
  const params = detailsOf(error)?.params as Record<string, unknown> | undefined
  const next = params?.next
  return typeof next === 'string' && Number.isFinite(Date.parse(next)) ? next : null
}

export function WalkInModal({
  opened,
  onClose,
  onBooked,
}: {
  opened: boolean
  onClose: () => void
  /** The booking made (its id), after the notice. */
  onBooked: (id: number) => void
}) {
  const t = useT()
  const go = useGo()
  // Full screen on a phone, as the rota's dialogs.
  const phone = useMediaQuery('(max-width: 640px)', false, { getInitialValueInEffect: false })
  const { timeZone } = useSalonConfig()
  const { operators } = useActiveOperators()
  const [services, setServices] = useState<number[]>([])
  const [client, setClient] = useState<PickedClient | null>(null)
  const [operator, setOperator] = useState('any')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<{ message: string; next: string | null } | null>(null)
  const { mutate, mutation } = useCustomMutation<{ data: { id: number; operator?: { name?: string } | number } }>()

  const reset = () => {
    setServices([])
    setClient(null)
    setOperator('any')
    setErrors({})
    setRefusal(null)
  }
  const close = () => {
    reset()
    onClose()
  }
  const body = {
    services,
    ...(client ? { client: client.id } : {}),
    ...(operator !== 'any' ? { operator: Number(operator) } : {}),
  }
  const submit = () => {
    setRefusal(null)
    const found = zodValidate(walkInBody)(body)
    setErrors(found)
    if (Object.keys(found).length) return
    mutate(
      {
        url: '/api/reservations/walk-in',
        method: 'post',
        values: body,
        successNotification: () => ({ type: 'success', message: t('desk.walkInBooked') }),
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          reset()
          onBooked(data.data.id)
        },
        onError: (e: HttpError) => {
          const fields = Object.fromEntries(Object.entries(e.errors ?? {}).map(([k, v]) => [k, String(v)]))
          setErrors(fields)
          const busy = reasonOf(e) === 'OPERATOR_BUSY' || (e as { code?: string }).code === 'OPERATOR_BUSY'
          setRefusal({ message: busy ? t('desk.nobodyFree') : e.message, next: busy ? nextFreeOf(e) : null })
        },
      },
    )
  }
  const operatorOptions = [
    { value: 'any', label: t('desk.firstFree') },
    ...operators.map((o) => ({ value: String(o.id), label: o.name })),
  ]

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t.glossary.desk.walkIn}
      closeButtonLabel={t('common.close')}
      fullScreen={phone}
    >
      <Stack spacing="md">
        <Text size="sm">{t('desk.walkInHelp')}</Text>
        <RelationMultiSelect
          label={t('booking.services')}
          required
          resource="service"
          optionLabel="title"
          value={services}
          onChange={(v) => setServices(v ?? [])}
          error={errors.services}
        />
        <ClientPicker
          label={t('desk.clientOptional')}
          value={client}
          onChange={setClient}
          error={errors.client}
          description={t('desk.walkInAnonymous')}
        />
        <Select
          label={t('booking.operator')}
          data={operatorOptions}
          value={operator}
          onChange={(v) => setOperator(v ?? 'any')}
          error={errors.operator}
        />
        {refusal && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />} role="alert">
            <Stack spacing="xs">
              <Text size="sm">{refusal.message}</Text>
              {refusal.next && (
                <>
                  <Text size="sm" weight={600}>
                    {t('desk.firstFreeAt', { time: formatTime(refusal.next, timeZone) })}
                  </Text>
                  <Group>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        const next = refusal.next!
                        close()
                        go({
                          to: '/booking/create',
                          query: {
                            start: next,
                            services: services.join(','),
                            ...(operator !== 'any' ? { operator } : {}),
                            ...(client ? { client: String(client.id) } : {}),
                          },
                        })
                      }}
                    >
                      {t('desk.bookAt', { time: formatTime(refusal.next, timeZone) })}
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          </Alert>
        )}
        <ModalActions
          onCancel={close}
          onSubmit={submit}
          loading={mutation.isPending}
          submitLabel={t('desk.walkInBook')}
        />
      </Stack>
    </Modal>
  )
}
