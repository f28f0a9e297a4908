import { useState } from 'react'
import { Alert, Anchor, Badge, Box, Button, Card, Group, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useNotification } from '@refinedev/core'
import { List } from '@refinedev/mantine'
import type { RotaConflictsResponse } from '@salon/shared/schemas/rota'
import { IconArrowsMove, IconCircleCheck, IconUserCheck } from '@tabler/icons-react'
import { Link, useSearchParams } from 'react-router'
import { Spinner } from '../../components/page-loader'
import { SrOnly } from '../../components/sr-only'
import { useActiveOperators, useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { formatWhen } from '../booking/when'
import { messageOf, useConflicts, useRotaWrites } from './api'
import { useConflictsCount } from './conflicts-notice'

type Conflict = RotaConflictsResponse['items'][number]

/**
 * /dashboard/rota/conflicts?operator= — the bookings a rota change left without their operator
 * (on leave, or off shift for the whole booking; `GET /api/rota/conflicts`): when (in words, on
 * the salon's clock), who, what, with whom and why; one button per colleague free at that very
 * time ("Give to Marco": `PATCH /api/reservations/:id/edit { operator }`, one click, the customer
 * keeps the time), or "Move" to the booking's page. The list reloads after each answer.
 */
export default function RotaConflictsPage() {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const asked = Number(params.get('operator'))
  const operator = Number.isInteger(asked) && asked > 0 ? asked : null
  const { timeZone } = useSalonConfig()
  const { operators } = useActiveOperators()
  const { conflicts, query } = useConflicts(operator)
  const writes = useRotaWrites()
  const { open } = useNotification()
  const count = useConflictsCount()
  const [giving, setGiving] = useState<string | null>(null)

  const give = async (item: Conflict, to: { id: number; name: string }) => {
    setGiving(`${item.id}|${to.id}`)
    try {
      await writes.giveTo(item.id, to.id)
      open?.({ type: 'success', message: t('conflicts.given', { name: to.name }) })
    } catch (e) {
      open?.({ type: 'error', message: messageOf(e, t('rota.notSaved')) })
    } finally {
      setGiving(null)
      void query.refetch()
    }
  }

  const options = [
    { value: '', label: t('conflicts.everyone') },
    ...operators.map((o) => ({ value: String(o.id), label: [o.name, o.surname].filter(Boolean).join(' ') })),
  ]
  const chosen = operators.find((o) => o.id === operator)
  const operatorName = chosen ? [chosen.name, chosen.surname].filter(Boolean).join(' ') : undefined

  return (
    <List title={<Title order={3}>{t('resources.rotaConflicts')}</Title>} breadcrumb={false} canCreate={false}>
      <Stack spacing="md" sx={{ maxWidth: 880 }}>
        <Text size="sm">{t('conflicts.intro')}</Text>
        <Group position="apart" align="flex-end" spacing="sm">
          <Select
            label={t('conflicts.operator')}
            data={options}
            value={operator ? String(operator) : ''}
            onChange={(v) =>
              setParams((p) => {
                if (v) p.set('operator', v)
                else p.delete('operator')
                return p
              })
            }
            styles={{ input: { minHeight: 44 } }}
            sx={{ minWidth: 220 }}
          />
          <Anchor
            component={Link}
            to="/rota"
            weight={600}
            sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
          >
            {t('conflicts.backToRota')}
          </Anchor>
        </Group>
        {query.isError ? (
          <Alert color="red" title={t('conflicts.loadError')}>
            <Text size="sm">{messageOf(query.error, '')}</Text>
            <Button mt="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : !conflicts ? (
          <Spinner label={t('loader.label')} />
        ) : conflicts.items.length === 0 ? (
          <Card withBorder radius="md" p="xl" role="status">
            <Stack align="center" spacing="xs">
              <ThemeIcon size={48} radius="xl" color="salon" variant="light">
                <IconCircleCheck size={28} aria-hidden />
              </ThemeIcon>
              <Title order={4} align="center">
                {operatorName ? t('conflicts.emptyOf', { name: operatorName }) : t('conflicts.empty')}
              </Title>
              {!operatorName && (
                <Text size="sm" color="dimmed" align="center">
                  {t('conflicts.emptyHelp')}
                </Text>
              )}
            </Stack>
          </Card>
        ) : (
          <>
            <Title order={4}>
              {count({
                total: conflicts.total,
                operator: operatorName && operator ? { id: operator, name: operatorName } : undefined,
              })}
            </Title>
            <Box
              component="ul"
              sx={(theme) => ({
                listStyle: 'none',
                padding: 0,
                margin: 0,
                display: 'flex',
                flexDirection: 'column',
                gap: theme.spacing.sm,
              })}
            >
              {conflicts.items.map((item) => (
                <ConflictCard
                  key={item.id}
                  item={item}
                  when={formatWhen(item.date_start, item.date_end, t.locale, timeZone)}
                  giving={giving}
                  onGive={(to) => void give(item, to)}
                />
              ))}
            </Box>
          </>
        )}
      </Stack>
    </List>
  )
}

function ConflictCard({
  item,
  when,
  giving,
  onGive,
}: {
  item: Conflict
  when: string
  giving: string | null
  onGive: (to: { id: number; name: string }) => void
}) {
  const t = useT()
  const customer = item.customer || t('conflicts.noCustomer')
  // The kind of leave when the server names it ("Ferie"), else the general words.
  const reason =
    item.reason === 'ON_LEAVE'
      ? item.leaveKind
        ? t.glossary.leaveKind[item.leaveKind]
        : t('conflicts.reason.ON_LEAVE')
      : t.glossary.rota.offShift
  return (
    <Card withBorder radius="md" p="md" component="li" data-testid={`conflict-${item.id}`}>
      <Stack spacing="sm">
        <Group position="apart" align="flex-start" spacing="xs">
          <Box sx={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Text weight={700} sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
              {when}
            </Text>
            <Text size="sm" weight={600}>
              {customer}
            </Text>
            <Text size="sm">{item.services.join(', ')}</Text>
            <Text size="sm" color="dimmed">
              {t('conflicts.with', { name: item.operator.name })}
            </Text>
          </Box>
          <Badge
            component="span"
            color={item.reason === 'ON_LEAVE' ? 'blue' : 'orange'}
            variant="light"
            size="lg"
            sx={(theme) => ({
              textTransform: 'none',
              color: theme.colors[item.reason === 'ON_LEAVE' ? 'blue' : 'orange'][9],
            })}
          >
            {reason}
          </Badge>
        </Group>
        {item.candidates.length === 0 && (
          <Text size="sm" color="dimmed">
            {t('conflicts.noCandidates')}
          </Text>
        )}
        <Group spacing="xs">
          {item.candidates.map((c) => (
            <Button
              key={c.id}
              leftIcon={<IconUserCheck size={18} aria-hidden />}
              loading={giving === `${item.id}|${c.id}`}
              disabled={giving !== null && giving !== `${item.id}|${c.id}`}
              onClick={() => onGive(c)}
              sx={{ minHeight: 44 }}
            >
              {t('conflicts.giveTo', { name: c.name })}
              <SrOnly>
                : {customer}, {when}
              </SrOnly>
            </Button>
          ))}
          <Button
            component={Link}
            to={`/booking/${item.id}`}
            variant="outline"
            leftIcon={<IconArrowsMove size={18} aria-hidden />}
            sx={{ minHeight: 44 }}
          >
            {t('conflicts.move')}
            <SrOnly>
              : {customer}, {when}
            </SrOnly>
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
