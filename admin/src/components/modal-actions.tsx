import type { ReactNode } from 'react'
import { Alert, Button, Group } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useT } from '../i18n/use-t'

export interface ModalActionsProps {
  /** Closes the dialog without doing anything. */
  onCancel: () => void
  /** The main action's words (a verb: "Add", "Send 10:30", "Book"). */
  submitLabel: ReactNode
  /** Runs the main action; leave it out when the button submits the dialog's `<form>`. */
  onSubmit?: () => void
  loading?: boolean
  disabled?: boolean
  /** Cancelling is held while the action runs where undoing half of it would confuse. */
  cancelDisabled?: boolean
  /** What the server refused, shown above the buttons: an alert read out as it appears. */
  refusal?: { title?: string; message: ReactNode } | null
}

/**
 * The foot of every dialog that does one thing: the server's refusal (if any), then "Cancel" and
 * the action on the right, 44 px tall for a finger on the phone.
 */
export function ModalActions({
  onCancel,
  submitLabel,
  onSubmit,
  loading,
  disabled,
  cancelDisabled,
  refusal,
}: ModalActionsProps) {
  const t = useT()
  return (
    <>
      {refusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={refusal.title} role="alert">
          {refusal.message}
        </Alert>
      )}
      <Group position="right" spacing="xs">
        <Button variant="default" onClick={onCancel} disabled={cancelDisabled} sx={{ minHeight: 44 }}>
          {t('common.cancel')}
        </Button>
        <Button
          type={onSubmit ? 'button' : 'submit'}
          onClick={onSubmit}
          loading={loading}
          disabled={disabled}
          sx={{ minHeight: 44 }}
        >
          {submitLabel}
        </Button>
      </Group>
    </>
  )
}
