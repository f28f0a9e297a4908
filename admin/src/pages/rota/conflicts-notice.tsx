import { ActionIcon, Alert, Anchor, Group, Text } from '@mantine/core'
import { IconAlertTriangle, IconX } from '@tabler/icons-react'
import { Link } from 'react-router'
import { SrOnly } from '../../components/sr-only'
import { useT } from '../../i18n/use-t'
import type { ConflictsNoticeState } from './api'

/** The conflicts page's address, narrowed to one person when given. */
export const conflictsPath = (operator?: number) => `/rota/conflicts${operator ? `?operator=${operator}` : ''}`

/** "3 bookings to reassign" / "Giulia: 1 booking to reassign", in the dashboard's language. */
export function useConflictsCount() {
  const t = useT()
  return ({ total, operator }: ConflictsNoticeState) =>
    operator
      ? total === 1
        ? t('conflicts.countOfOne', { name: operator.name })
        : t('conflicts.countOf', { name: operator.name, count: total })
      : total === 1
        ? t('conflicts.countOne')
        : t('conflicts.count', { count: total })
}

/**
 * After a change to someone's time: how many bookings are now left without their operator, with
 * the way to the list that gives them to a colleague. A status region (announced, not stealing
 * the focus); closed with its button.
 */
export function ConflictsNotice({ notice, onClose }: { notice: ConflictsNoticeState | null; onClose?: () => void }) {
  const t = useT()
  const count = useConflictsCount()
  if (!notice || notice.total <= 0) return null
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      role="status"
      data-testid="conflicts-notice"
      styles={{ wrapper: { alignItems: 'center' } }}
    >
      <Group spacing="sm" position="apart" noWrap>
        <Text weight={700} color="dark">
          {count(notice)}
        </Text>
        <Group spacing={4} noWrap>
          <Anchor
            component={Link}
            to={conflictsPath(notice.operator?.id)}
            weight={700}
            sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center', padding: '0 8px' }}
          >
            {t('conflicts.see')}
          </Anchor>
          {onClose && (
            <ActionIcon size={44} variant="subtle" color="dark" onClick={onClose}>
              <IconX size={18} aria-hidden />
              <SrOnly>{t('common.close')}</SrOnly>
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Alert>
  )
}
