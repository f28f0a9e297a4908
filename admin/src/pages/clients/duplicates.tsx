import { useState } from 'react'
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text } from '@mantine/core'
import { useNotification } from '@refinedev/core'
import { IconAlertCircle, IconArrowMerge } from '@tabler/icons-react'
import { Link } from 'react-router'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useT } from '../../i18n/use-t'
import { codeOf, reasonOf } from '../../providers/payload-errors'
import { messageOf } from '../rota/api'
import { fullName, useClientWrites, useDuplicates, type ClientCard, type DuplicateItem } from './api'
import { ClientBadges } from './badges'
import { Section, PlainList, WRAP } from './sections'
import { reasonsText, visitsText } from './words'

/**
 * "Unisci": asks before merging `from` into the kept card, saying what moves (every booking and
 * note), what happens to the fields (the kept card's empty ones filled, tags united, allergies and
 * technical notes joined) and that the other card is deleted. `POST /api/clients/:id/merge`.
 */
export function MergeDialog({
  kept,
  from,
  onCancel,
  onMerged,
}: {
  kept: ClientCard
  from: DuplicateItem | null
  onCancel: () => void
  onMerged: () => unknown
}) {
  const t = useT()
  const { open } = useNotification()
  const writes = useClientWrites()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Duplicates often share the name: each card is told by its contact too.
  const contact = (c: { phone_number: string | null; email: string | null }, visits?: number) =>
    [c.phone_number, c.email, visits === undefined ? null : visitsText(t, visits)].filter(Boolean).join(' · ') ||
    t('clients.merge.noContact')
  const names = {
    from: from ? fullName(from) : '',
    fromContact: from ? contact(from, from.visits) : '',
    kept: fullName(kept),
    keptContact: contact(kept),
  }
  const merge = async () => {
    if (!from) return
    setBusy(true)
    setError(null)
    try {
      const { moved } = await writes.merge(kept.id, from.id)
      open?.({
        type: 'success',
        message: t('clients.merge.done', { reservations: moved.reservations, notes: moved.notes }),
      })
      await onMerged()
    } catch (e) {
      setError(
        (codeOf(e) ?? reasonOf(e)) === 'BOTH_HAVE_ACCOUNTS'
          ? t('clients.merge.bothAccounts')
          : messageOf(e, t('clients.notSaved')),
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <ConfirmDialog
      opened={from !== null}
      title={t('clients.merge.question')}
      confirmLabel={t('clients.merge.confirm')}
      danger
      loading={busy}
      error={error}
      onConfirm={() => void merge()}
      onCancel={() => {
        setError(null)
        onCancel()
      }}
    >
      <Stack spacing="xs">
        <Text size="sm">{t('clients.merge.intro', names)}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('clients.merge.moves')}</List.Item>
          <List.Item>{t('clients.merge.fields')}</List.Item>
          <List.Item>{t('clients.merge.deletes')}</List.Item>
        </List>
        <Text size="sm" weight={600}>
          {t('clients.merge.final')}
        </Text>
      </Stack>
    </ConfirmDialog>
  )
}

/**
 * Other cards that may be the same person (`GET /api/clients/:id/duplicates`): same phone, same
 * e-mail or same name, each with why, a link to it and — for an ADMIN — "Merge into this card".
 */
export function DuplicatesSection({
  card,
  isAdmin,
  onMerged,
}: {
  card: ClientCard
  isAdmin: boolean
  onMerged: () => unknown
}) {
  const t = useT()
  const { duplicates, query } = useDuplicates(card.id)
  const [merging, setMerging] = useState<DuplicateItem | null>(null)
  // Nothing to say when nothing was found: the section appears only with candidates.
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {messageOf(query.error, t('clients.duplicates.loadError'))}
      </Alert>
    )
  if (!duplicates?.length) return null
  return (
    <Section title={t('clients.duplicates.title')} headingId="client-duplicates" testId="client-duplicates">
      <Stack spacing="xs">
        <Text size="sm">{t('clients.duplicates.intro')}</Text>
        <PlainList gap="xs">
          {duplicates.map((d) => (
            <Paper component="li" key={d.id} withBorder radius="md" p="sm" data-testid={`duplicate-${d.id}`}>
              <Stack spacing={4}>
                <Anchor component={Link} to={`/clients/${d.id}`} weight={700}>
                  {fullName(d)}
                </Anchor>
                <Text size="sm" weight={600}>
                  {reasonsText(t, d.reasons)}
                </Text>
                <Text size="sm" sx={{ overflowWrap: 'anywhere' }}>
                  {[d.phone_number, d.email, visitsText(t, d.visits)].filter(Boolean).join(' · ')}
                </Text>
                <ClientBadges allergies={d.allergies} hasAccount={d.hasAccount} blocked={d.blocked_online} />
                {isAdmin && (
                  <Group>
                    <Button
                      variant="light"
                      size="sm"
                      leftIcon={<IconArrowMerge size={16} aria-hidden />}
                      aria-label={t('clients.merge.buttonNamed', { from: fullName(d) })}
                      onClick={() => setMerging(d)}
                      styles={WRAP}
                    >
                      {t('clients.merge.button')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </PlainList>
      </Stack>
      <MergeDialog
        kept={card}
        from={merging}
        onCancel={() => setMerging(null)}
        onMerged={async () => {
          setMerging(null)
          await Promise.all([query.refetch(), onMerged()])
        }}
      />
    </Section>
  )
}
