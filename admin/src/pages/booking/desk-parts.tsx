import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import type { AgendaItem, PaidItem } from '@salon/shared/schemas/booking'
import { IconAlertTriangle, IconMailOff } from '@tabler/icons-react'
import { Link } from 'react-router'
import { formatMoney } from '../../lib/format'
import { useT, type T } from '../../i18n/use-t'

/**
 * The booking's person and payment as the front desk needs them (issue 24): the client card's
 * name (a link to the card), phone and e-mail, the **allergies as an alert** a stylist cannot
 * miss, "no contact: no confirmations or reminders", an anonymous walk-in said in words; and,
 * once paid, "Pagato € X" with its methods.
 */

/** "Pagato 54,50 €" — everything taken (tip included). */
export const paidAmount = (paid: Pick<PaidItem, 'total' | 'tip'>) => Math.round((paid.total + paid.tip) * 100) / 100

/** "Carta 40,00 € · Contanti 14,50 €". */
export const paidMethods = (paid: Pick<PaidItem, 'payments'>, t: Pick<T, 'glossary' | 'locale'>) =>
  paid.payments.map((p) => `${t.glossary.paymentMethod[p.method]} ${formatMoney(p.amount, t.locale)}`).join(' · ')

/** The allergy alert (role="alert" is not used: it is there from the start, not news). */
export function AllergyAlert({ allergies }: { allergies: string }) {
  const t = useT()
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertTriangle size={20} />}
      title={t('desk.allergies')}
      role="note"
      aria-label={t('desk.allergies')}
    >
      <Text weight={700}>{allergies}</Text>
    </Alert>
  )
}

export function ClientSummary({ booking }: { booking: Pick<AgendaItem, 'client' | 'customer'> }) {
  const t = useT()
  const client = booking.client
  const customer = booking.customer
  if (!client) {
    // No card (an anonymous walk-in, a person erased), or an answer without cards: the account.
    const name = customer ? [customer.name, customer.surname].filter(Boolean).join(' ') : ''
    return (
      <Stack spacing={2}>
        <Text>{name || (client === null ? t.glossary.desk.walkIn : t('booking.noName'))}</Text>
        {customer?.phone && (
          <Anchor href={`tel:${customer.phone.replace(/\s+/g, '')}`} size="sm">
            {customer.phone}
          </Anchor>
        )}
        {customer?.email && (
          <Text size="sm">
            <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor>
          </Text>
        )}
      </Stack>
    )
  }
  const name = [client.name, client.surname].filter(Boolean).join(' ')
  return (
    <Stack spacing={2}>
      <Group spacing="xs">
        <Anchor component={Link} to={`/clients/${client.id}`} weight={600}>
          {name}
        </Anchor>
        {client.hasAccount && (
          <Badge color="gray" size="sm">
            {t('desk.accountBadge')}
          </Badge>
        )}
        {client.blocked && (
          <Badge color="orange" size="sm">
            {t.glossary.desk.blockedOnline}
          </Badge>
        )}
      </Group>
      {client.phone && (
        <Anchor href={`tel:${client.phone.replace(/\s+/g, '')}`} size="sm">
          {client.phone}
        </Anchor>
      )}
      {client.email && (
        <Text size="sm">
          <Anchor href={`mailto:${client.email}`}>{client.email}</Anchor>
        </Text>
      )}
    </Stack>
  )
}

/** "Nessun contatto: il cliente non riceverà conferme né promemoria". */
export function NoContactNote() {
  const t = useT()
  return (
    <Alert color="yellow" icon={<IconMailOff size={18} />}>
      {t('desk.noContact')}
    </Alert>
  )
}

/** "Pagato 54,50 €" with its methods, discount and tip. */
export function PaidSummary({ paid }: { paid: PaidItem }) {
  const t = useT()
  const money = (n: number) => formatMoney(n, t.locale)
  return (
    <Alert color="teal" title={t('checkout.paid', { amount: money(paidAmount(paid)) })}>
      <Stack spacing={2}>
        <Text size="sm">{paidMethods(paid, t)}</Text>
        {paid.discount > 0 && <Text size="sm">{t('checkout.paidDiscount', { amount: money(paid.discount) })}</Text>}
        {paid.tip > 0 && <Text size="sm">{t('checkout.paidTip', { amount: money(paid.tip) })}</Text>}
      </Stack>
    </Alert>
  )
}
