import { useState } from 'react'
import { Alert, Button, Card, CopyButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type BaseKey, useCustom, useCustomMutation } from '@refinedev/core'
import { IconCalendarShare, IconCheck, IconCopy, IconRefresh, IconPlugOff } from '@tabler/icons-react'
import type { OperatorFeedCreated, OperatorFeedStatus } from '@salon/shared/schemas/operatorFeed'
import { formatDateTime } from '../../lib/format'
import { useT } from '../../i18n/use-t'

/**
 * "Calendar feed" on an operator's page: a private `.ics` link their calendar app subscribes to
 * (docs/api.md "Operator calendar feed"). Only a hash of the link is stored, so the link is shown
 * once, right after it is made; lost, it is replaced by a new one (the old one stops working).
 */
export function OperatorFeedCard({ id }: { id: BaseKey }) {
  const t = useT()
  const url = `/api/operators/${id}/feed`
  const status = useCustom<OperatorFeedStatus>({ url, method: 'get' })
  const { mutate, mutation } = useCustomMutation<OperatorFeedCreated>()
  const [asking, setAsking] = useState<'rotate' | 'revoke' | null>(null)
  const [created, setCreated] = useState<OperatorFeedCreated | null>(null)
  const [error, setError] = useState<string | null>(null)
  // (`result.data` is `{}` until the answer arrives: read the query itself.)
  const feed = status.query.data?.data
  const active = Boolean(feed?.active)

  const run = (what: 'rotate' | 'revoke') =>
    mutate(
      {
        url,
        method: what === 'rotate' ? 'post' : 'delete',
        values: {},
        successNotification: () => ({
          type: 'success',
          message: what === 'rotate' ? t('feed.created') : t('feed.turnedOff'),
        }),
        errorNotification: false,
      },
      {
        onSuccess: (answer) => {
          setAsking(null)
          setError(null)
          const data = (answer.data as unknown as { data?: OperatorFeedCreated }).data ?? null
          setCreated(what === 'rotate' ? data : null)
          void status.query.refetch()
        },
        onError: (e) => {
          setAsking(null)
          setError(e.message)
        },
      },
    )

  return (
    <Card withBorder radius="md" p="lg" mt="xl" sx={{ maxWidth: 640 }} aria-labelledby="operator-feed-title">
      <Stack spacing="sm">
        <Group position="apart">
          <Title order={4} id="operator-feed-title">
            {t('feed.title')}
          </Title>
          <IconCalendarShare size={20} aria-hidden />
        </Group>
        <Text size="sm" color="dimmed">
          {t('feed.intro')}
        </Text>
        {status.query.isError ? (
          <Alert color="red" title={t('feed.loadError')}>
            <Text size="sm">{status.query.error?.message}</Text>
            <Button mt="xs" size="xs" variant="default" onClick={() => void status.query.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : (
          <Text size="sm" weight={600} data-testid="feed-status">
            {status.query.isLoading
              ? t('loading')
              : active
                ? t('feed.activeSince', { date: formatDateTime(feed?.createdAt) })
                : t('feed.inactive')}
          </Text>
        )}
        {active && feed?.rotatedAt && feed.rotatedAt !== feed.createdAt ? (
          <Text size="xs" color="dimmed">
            {t('feed.rotatedAt', { date: formatDateTime(feed.rotatedAt) })}
          </Text>
        ) : null}
        {created ? (
          <Stack spacing={4}>
            <TextInput label={t('feed.link')} description={t('feed.linkOnce')} value={created.url} readOnly />
            <Group spacing="xs">
              <CopyButton value={created.url}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="default"
                    leftIcon={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    onClick={copy}
                  >
                    {copied ? t('feed.copied') : t('feed.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ) : active ? (
          <Text size="xs" color="dimmed">
            {t('feed.lost')}
          </Text>
        ) : null}
        {error ? (
          <Alert color="orange" title={t('feed.failed')}>
            <Text size="sm">{error}</Text>
          </Alert>
        ) : null}
        <Group spacing="xs">
          <Button
            size="sm"
            leftIcon={<IconRefresh size={16} />}
            loading={mutation.isPending && asking !== 'revoke'}
            disabled={status.query.isLoading}
            onClick={() => (active ? setAsking('rotate') : run('rotate'))}
          >
            {active ? t('feed.newLink') : t('feed.create')}
          </Button>
          {active ? (
            <Button
              size="sm"
              color="red"
              variant="outline"
              leftIcon={<IconPlugOff size={16} />}
              onClick={() => setAsking('revoke')}
            >
              {t('feed.turnOff')}
            </Button>
          ) : null}
        </Group>
        <div>
          <Text size="sm" weight={600}>
            {t('feed.howTo')}
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('feed.google')}</List.Item>
            <List.Item>{t('feed.apple')}</List.Item>
            <List.Item>{t('feed.thunderbird')}</List.Item>
          </List>
        </div>
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'revoke' ? t('feed.turnOffQuestion') : t('feed.newLinkQuestion')}
        confirmLabel={asking === 'revoke' ? t('feed.turnOffConfirm') : t('feed.newLinkConfirm')}
        danger={asking === 'revoke'}
        loading={mutation.isPending}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking === 'revoke' ? t('feed.turnOffWarning') : t('feed.newLinkWarning')}
      </ConfirmDialog>
    </Card>
  )
}
