import { useMemo, useState } from 'react'
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useCustomMutation, useList, type HttpError } from '@refinedev/core'
import { checkoutPrices, checkoutTotals, fromCents, paymentsMatch, toCents } from '@salon/shared/booking/checkout'
import { PAYMENT_METHODS, type PaymentMethod } from '@salon/shared/enums/index'
import { checkoutBody, PAYMENTS_MAX, type CheckoutResponse } from '@salon/shared/schemas/clients'
import type { AgendaItem } from '@salon/shared/schemas/booking'
import { IconAlertCircle, IconPlus, IconX } from '@tabler/icons-react'
import { ModalActions } from '../../components/modal-actions'
import { MoneyInput } from '../../components/form/fields'
import { zodValidate } from '../../components/form/zod-validate'
import { formatMoney } from '../../lib/format'
import { useT } from '../../i18n/use-t'

/**
 * "Cassa" (issue 24): when an appointment ends, what was done and paid — the services actually
 * done (remove, or add from the catalogue), a discount (€ or %), a tip, and up to four payments
 * (Contanti / Carta / Bonifico / Altro). The totals are `checkoutTotals` of the shared package
 * (money in cents: the same sums the server makes); the form runs `checkoutBody` and says next to
 * each field what is wrong; the server's answer to `POST /api/reservations/:id/checkout` is shown
 * the same way. Not a fiscal receipt: the till prints that.
 */

type Booking = Pick<AgendaItem, 'id' | 'services' | 'total_price'>
interface Line {
  method: PaymentMethod
  amount: number | undefined
}
interface DoneService {
  id: number
  title: string
  price: number
}

/** The body the form sends (undefined parts left out: the server's defaults). */
export function checkoutRequest(
  original: readonly { id: number }[],
  services: readonly { id: number }[],
  discount: { kind: 'AMOUNT' | 'PERCENT'; value: number | undefined },
  tip: number | undefined,
  payments: readonly Line[],
) {
  const changed = services.map((s) => s.id).join() !== original.map((s) => s.id).join()
  return {
    ...(changed ? { services: services.map((s) => s.id) } : {}),
    ...(discount.value ? { discount: { kind: discount.kind, value: discount.value } } : {}),
    ...(tip ? { tip } : {}),
    payments: payments.map((p) => ({ method: p.method, amount: p.amount as number })),
  }
}

export function CheckoutModal({
  booking,
  who,
  opened,
  onClose,
  onDone,
}: {
  booking: Booking
  /** The client's name, for the title. */
  who: string
  opened: boolean
  onClose: () => void
  onDone: (answer: CheckoutResponse) => void
}) {
  const t = useT()
  // Full screen on a phone, as the rota's dialogs.
  const phone = useMediaQuery('(max-width: 640px)', false, { getInitialValueInEffect: false })
  const [services, setServices] = useState<DoneService[]>(() => booking.services.map((s) => ({ ...s })))
  const [kind, setKind] = useState<'AMOUNT' | 'PERCENT'>('AMOUNT')
  const [discount, setDiscount] = useState<number | undefined>(undefined)
  const [tip, setTip] = useState<number | undefined>(undefined)
  const [lines, setLines] = useState<Line[]>([{ method: 'CARD', amount: undefined }])
  // The first payment follows what is due until staff type an amount or split the payment.
  const [firstTouched, setFirstTouched] = useState(false)
  const [cashGiven, setCashGiven] = useState<number | undefined>(undefined)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const { mutate, mutation } = useCustomMutation<CheckoutResponse>()

  const catalogue = useList<{ id: number; title: string; price: number }>({
    resource: 'service',
    pagination: { pageSize: 100 },
    sorters: [{ field: 'title', order: 'asc' }],
    queryOptions: { enabled: opened },
  })
  const catalogueItems = catalogue.result.data ?? []

  // The services as booked: the price agreed then (as the server counts it), whatever the list says today.
  const changed = services.map((s) => s.id).join() !== booking.services.map((s) => s.id).join()
  const listPrice = fromCents(services.reduce((sum, s) => sum + toCents(s.price), 0))
  const totals = useMemo(
    () =>
      checkoutTotals(
        checkoutPrices(booking.total_price, changed ? services : null),
        discount ? { kind, value: discount } : null,
        tip ?? 0,
      ),
    [booking.total_price, changed, services, kind, discount, tip],
  )
  const payments = lines.map((l, i) =>
    i === 0 && !firstTouched && lines.length === 1 ? { ...l, amount: totals.due } : l,
  )
  const paidCents = payments.reduce((sum, p) => sum + toCents(p.amount ?? 0), 0)
  const left = fromCents(toCents(totals.due) - paidCents)
  const matches = paymentsMatch(
    payments.map((p) => ({ amount: p.amount ?? 0 })),
    totals.due,
  )
  const cashCents = payments.filter((p) => p.method === 'CASH').reduce((sum, p) => sum + toCents(p.amount ?? 0), 0)
  const change = cashGiven !== undefined && cashCents > 0 ? fromCents(toCents(cashGiven) - cashCents) : null

  const money = (n: number) => formatMoney(n, t.locale)
  const setLine = (i: number, patch: Partial<Line>) => {
    if (i === 0 && patch.amount !== undefined) setFirstTouched(true)
    setLines(payments.map((l, j) => (j === i ? { ...l, ...patch } : l)))
  }
  const addLine = () => {
    setFirstTouched(true)
    setLines([...payments, { method: 'CASH', amount: left > 0 ? left : undefined }])
  }
  const removeLine = (i: number) => setLines(payments.filter((_, j) => j !== i))

  const submit = () => {
    setRefusal(null)
    const body = checkoutRequest(booking.services, services, { kind, value: discount }, tip, payments)
    const found = zodValidate(checkoutBody)(body)
    if (!found.payments && !Object.keys(found).some((k) => k.startsWith('payments.')) && !matches)
      found.payments = t('checkout.mismatch', { amount: money(totals.due) })
    if (!services.length) found.services = t('booking.chooseService')
    setErrors(found)
    if (Object.keys(found).length) return
    mutate(
      {
        url: `/api/reservations/${booking.id}/checkout`,
        method: 'post',
        values: body,
        successNotification: () => ({ type: 'success', message: t('checkout.done') }),
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => onDone(data),
        onError: (e: HttpError) => {
          const fields = Object.fromEntries(Object.entries(e.errors ?? {}).map(([k, v]) => [k, String(v)]))
          setErrors(fields)
          setRefusal(e.message)
        },
      },
    )
  }

  const addable = catalogueItems
    .filter((s) => !services.some((d) => d.id === s.id))
    .map((s) => ({ value: String(s.id), label: `${s.title} · ${money(s.price)}` }))
  const methodOptions = PAYMENT_METHODS.map((m) => ({ value: m, label: t.glossary.paymentMethod[m] }))

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('checkout.title', { name: who })}
      size="lg"
      fullScreen={phone}
      closeButtonLabel={t('common.close')}
    >
      <Stack spacing="md">
        <Stack spacing={6}>
          <Text weight={600} size="sm" id="checkout-services">
            {t('checkout.services')}
          </Text>
          <ul aria-labelledby="checkout-services" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {services.map((s) => (
              <li key={s.id}>
                <Group position="apart" noWrap spacing="xs">
                  <Text size="sm">{s.title}</Text>
                  <Group spacing={4} noWrap>
                    <Text size="sm">{money(s.price)}</Text>
                    <ActionIcon
                      aria-label={t('checkout.removeService', { title: s.title })}
                      onClick={() => setServices(services.filter((d) => d.id !== s.id))}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </li>
            ))}
          </ul>
          {errors.services && (
            <Text size="sm" color="red" role="alert">
              {errors.services}
            </Text>
          )}
          <Select
            label={t('checkout.addService')}
            placeholder={t('checkout.addServicePlaceholder')}
            searchable
            data={addable}
            value={null}
            onChange={(v) => {
              const s = catalogueItems.find((c) => String(c.id) === v)
              if (s) setServices([...services, { id: s.id, title: s.title, price: s.price }])
            }}
            nothingFound={t('common.noResults')}
          />
        </Stack>

        <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'xs', cols: 1 }]} spacing="sm">
          <Stack spacing={4}>
            <Group spacing="xs" align="flex-end" noWrap>
              {kind === 'AMOUNT' ? (
                <MoneyInput
                  label={t('checkout.discount')}
                  value={discount}
                  onChange={setDiscount}
                  error={errors['discount.value'] ?? errors.discount}
                />
              ) : (
                <NumberInput
                  label={t('checkout.discount')}
                  hideControls
                  min={0}
                  max={100}
                  precision={2}
                  decimalSeparator={t.locale === 'it' ? ',' : '.'}
                  rightSection="%"
                  value={discount}
                  onChange={setDiscount}
                  error={errors['discount.value'] ?? errors.discount}
                />
              )}
              <SegmentedControl
                aria-label={t('checkout.discountKind')}
                value={kind}
                onChange={(v) => setKind(v === 'PERCENT' ? 'PERCENT' : 'AMOUNT')}
                data={[
                  { value: 'AMOUNT', label: '€' },
                  { value: 'PERCENT', label: '%' },
                ]}
              />
            </Group>
          </Stack>
          <MoneyInput label={t('checkout.tip')} value={tip} onChange={setTip} error={errors.tip} />
        </SimpleGrid>

        <Stack spacing={2} aria-live="polite">
          <Group position="apart">
            <Text size="sm">{t('checkout.subtotal')}</Text>
            <Text size="sm">{money(totals.subtotal)}</Text>
          </Group>
          {!changed && toCents(listPrice) !== toCents(totals.subtotal) && (
            <Text size="xs" color="dimmed" data-testid="checkout-agreed">
              {t('checkout.agreedPrice', { amount: money(listPrice) })}
            </Text>
          )}
          {totals.discount > 0 && (
            <Group position="apart">
              <Text size="sm">{t('checkout.discount')}</Text>
              <Text size="sm">−{money(totals.discount)}</Text>
            </Group>
          )}
          {totals.tip > 0 && (
            <Group position="apart">
              <Text size="sm">{t('checkout.tip')}</Text>
              <Text size="sm">{money(totals.tip)}</Text>
            </Group>
          )}
          <Divider my={4} />
          <Group position="apart">
            <Text weight={700}>{t('checkout.due')}</Text>
            <Text weight={700} data-testid="checkout-due">
              {money(totals.due)}
            </Text>
          </Group>
        </Stack>

        <Stack spacing="xs">
          <Text weight={600} size="sm">
            {t('checkout.payments')}
          </Text>
          {payments.map((p, i) => (
            <Group key={i} spacing="xs" align="flex-start" noWrap>
              <Select
                label={t('checkout.method', { n: i + 1 })}
                data={methodOptions}
                value={p.method}
                onChange={(v) => v && setLine(i, { method: v as PaymentMethod })}
                error={errors[`payments.${i}.method`]}
                sx={{ flex: '1 1 0', minWidth: 0 }}
              />
              {/* Method and amount share the width (a phone: two fields of ~140 px, the × after them). */}
              <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
                <MoneyInput
                  label={t('checkout.amount', { n: i + 1 })}
                  value={p.amount}
                  onChange={(v) => setLine(i, { amount: v })}
                  error={errors[`payments.${i}.amount`]}
                />
              </Box>
              {payments.length > 1 && (
                <ActionIcon
                  mt={28}
                  aria-label={t('checkout.removePayment', { n: i + 1 })}
                  onClick={() => removeLine(i)}
                >
                  <IconX size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          <Group position="apart" spacing="xs">
            <Button
              variant="subtle"
              compact
              leftIcon={<IconPlus size={14} />}
              onClick={addLine}
              disabled={payments.length >= PAYMENTS_MAX}
            >
              {t('checkout.split')}
            </Button>
            <Text
              size="sm"
              weight={600}
              role="status"
              // The palette's darkest shades: AA on white (teal 9: 5.0:1, red 9: 5.4:1).
              sx={(theme) => ({ color: matches ? theme.colors.teal[9] : theme.colors.red[9] })}
            >
              {matches
                ? t('checkout.balanced')
                : left > 0
                  ? t('checkout.missing', { amount: money(left) })
                  : t('checkout.over', { amount: money(-left) })}
            </Text>
          </Group>
          {errors.payments && (
            <Text size="sm" color="red" role="alert">
              {errors.payments}
            </Text>
          )}
        </Stack>

        {cashCents > 0 && (
          <Group spacing="sm" align="flex-end">
            <MoneyInput label={t('checkout.cashGiven')} value={cashGiven} onChange={setCashGiven} />
            {change !== null && (
              <Text weight={600} pb={6} aria-live="polite">
                {change >= 0
                  ? t('checkout.change', { amount: money(change) })
                  : t('checkout.missing', { amount: money(-change) })}
              </Text>
            )}
          </Group>
        )}

        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {refusal}
          </Alert>
        )}
        <Text size="xs" sx={(theme) => ({ color: theme.colors.gray[7] })}>
          {t('checkout.notFiscal')}
        </Text>
        <ModalActions
          onCancel={onClose}
          onSubmit={submit}
          loading={mutation.isPending}
          submitLabel={t('checkout.confirm', { amount: money(totals.due) })}
        />
      </Stack>
    </Modal>
  )
}
