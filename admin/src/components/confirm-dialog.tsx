import type { ReactNode } from 'react'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useT } from '../i18n/use-t'

/**
 * The dashboard's one "are you sure?" dialog: a question as its title, what will happen, Cancel and
 * the action. Every confirmation uses it (delete a record, take an image out of the carousel,
 * change a booking's status, a new or no calendar-feed link, sign out everywhere), so they all
 * look, read and work by keyboard alike — Escape and Cancel close it, the close button is named.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  error,
  onConfirm,
  onCancel,
}: {
  opened: boolean
  /** The question, e.g. "Delete this service?". */
  title: string
  /** What will happen (a sentence; plain text is wrapped in the dialog's text style). */
  children: ReactNode
  /** The action's words ("Delete", "Turn off"). */
  confirmLabel: string
  /** Default: "Cancel". */
  cancelLabel?: string
  /** The action destroys or ends something: a red button. */
  danger?: boolean
  /** The action is running: its button spins, Cancel waits. */
  loading?: boolean
  /** Why the action failed, shown in the dialog (announced). */
  error?: ReactNode
  onConfirm: () => void
  onCancel: () => void
}) {
  const t = useT()
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonLabel={t('common.close')}>
      <Stack spacing="lg">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        {error && (
          <Text size="sm" color="red" role="alert">
            {error}
          </Text>
        )}
        <Group position="right">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
