import { useState, type ReactNode } from 'react'
import { Alert, Box, Button, Group, Stack, Text, Title } from '@mantine/core'
import { type BaseKey, useDelete, useGo } from '@refinedev/core'
import { Create, Edit } from '@refinedev/mantine'
import { IconAlertTriangle, IconArrowLeft, IconTrash } from '@tabler/icons-react'
import { ConfirmDialog } from '../confirm-dialog'
import { SrOnly } from '../sr-only'
import { reasonOf } from '../../providers/payload-errors'
import type { MessageKey } from '../../i18n/en'
import { useT } from '../../i18n/use-t'

/** What is being deleted, as a dictionary key ("this service" / "questo servizio"): completes "Delete …?". */
export type DeleteWhat = Extract<MessageKey, `delete.what.${string}`>

/**
 * The frame of every create/edit screen: Refine's Create or Edit card (save button, loading
 * overlay, back arrow; the unsaved-changes warning comes from the form hook), a title, the
 * fields stacked with one rhythm, and optional content after them (a danger zone, a history).
 */
export function FormPage({
  action,
  title,
  saveButtonProps,
  isLoading,
  children,
  after,
  below,
  back = true,
}: {
  action: 'create' | 'edit'
  /** The back arrow (off where there is nowhere to go back to, e.g. the settings page). */
  back?: boolean
  title: string
  saveButtonProps: object
  isLoading?: boolean
  children: ReactNode
  after?: ReactNode
  /**
   * Sections of their own under the card (with their own save buttons: an operator's working
   * hours and leave), so the record's Save stays right under its fields.
   */
  below?: ReactNode
}) {
  const t = useT()
  const Frame = action === 'create' ? Create : Edit
  const frame = (
    <Frame
      title={<Title order={3}>{title}</Title>}
      breadcrumb={false}
      saveButtonProps={saveButtonProps}
      isLoading={isLoading}
      canDelete={false}
      headerButtons={() => null}
      goBack={
        back ? (
          <>
            <IconArrowLeft aria-hidden />
            <SrOnly>{t('common.back')}</SrOnly>
          </>
        ) : null
      }
    >
      <Stack spacing="md" sx={{ maxWidth: 640 }}>
        {children}
      </Stack>
      {after}
    </Frame>
  )
  return below ? (
    <>
      {frame}
      {/* In line with the card's fields (its padding). */}
      <Box px="md" pb="md">
        {below}
      </Box>
    </>
  ) : (
    frame
  )
}

/**
 * "Delete" with a confirmation. If the server refuses (e.g. a service that bookings use), its
 * reason is shown in place with `fallback` — a way out such as "Deactivate" — instead of a dead end.
 */
export function DeleteRecord({
  resource,
  id,
  what,
  fallback,
  afterDelete,
  inline = false,
}: {
  resource: string
  id: BaseKey
  /** `delete.what.service` ("this service") — completes "Delete …?" in the dashboard's language. */
  what: DeleteWhat
  fallback?: (reason: string | undefined) => ReactNode
  /** Where to go once deleted (default: the resource's list). */
  afterDelete?: () => void
  /** Ask in place instead of in a dialog (when this is already inside one: no dialog over a dialog). */
  inline?: boolean
}) {
  const t = useT()
  const question = t('delete.question', { what: t(what) })
  const [open, setOpen] = useState(false)
  const [refusal, setRefusal] = useState<{ message: string; reason?: string } | null>(null)
  const { mutate, mutation } = useDelete()
  const go = useGo()
  const confirm = () =>
    mutate(
      {
        resource,
        id,
        successNotification: () => ({ message: t('delete.done'), type: 'success' }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setOpen(false)
          if (afterDelete) afterDelete()
          else go({ to: { resource, action: 'list' } })
        },
        onError: (error) => {
          setOpen(false)
          setRefusal({ message: error.message, reason: reasonOf(error) })
        },
      },
    )
  return (
    <Stack spacing="sm" mt="xl" sx={{ maxWidth: 640 }}>
      {refusal && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('delete.refused')}>
          <Text size="sm">{refusal.message}</Text>
          {fallback?.(refusal.reason)}
        </Alert>
      )}
      {!(inline && open) && (
        <Group>
          <Button color="red" variant="outline" leftIcon={<IconTrash size={16} />} onClick={() => setOpen(true)}>
            {t('delete.button')}
          </Button>
        </Group>
      )}
      {inline ? (
        open && (
          <Alert color="red" title={question} role="alertdialog" aria-label={question}>
            <Text size="sm">{t('delete.cannotUndo')}</Text>
            <Group mt="sm">
              <Button size="xs" variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button size="xs" color="red" loading={mutation.isPending} onClick={confirm} data-autofocus>
                {t('delete.confirm')}
              </Button>
            </Group>
          </Alert>
        )
      ) : (
        <ConfirmDialog
          opened={open}
          title={question}
          confirmLabel={t('delete.button')}
          danger
          loading={mutation.isPending}
          onConfirm={confirm}
          onCancel={() => setOpen(false)}
        >
          {t('delete.cannotUndo')}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
