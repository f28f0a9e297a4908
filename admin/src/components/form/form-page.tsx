import { useState, type ReactNode } from 'react'
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core'
import { type BaseKey, useDelete, useGo } from '@refinedev/core'
import { Create, Edit } from '@refinedev/mantine'
import { IconAlertTriangle, IconArrowLeft, IconTrash } from '@tabler/icons-react'
import { SrOnly } from '../sr-only'
import { reasonOf } from '../../providers/payload-errors'

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
}) {
  const Frame = action === 'create' ? Create : Edit
  return (
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
            <SrOnly>Indietro</SrOnly>
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
}

/**
 * "Elimina" with a confirmation. If the server refuses (e.g. a service that bookings use), its
 * reason is shown in place with `fallback` — a way out such as "Disattiva" — instead of a dead end.
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
  /** "questo servizio" — completes "Eliminare …?". */
  what: string
  fallback?: (reason: string | undefined) => ReactNode
  /** Where to go once deleted (default: the resource's list). */
  afterDelete?: () => void
  /** Ask in place instead of in a dialog (when this is already inside one: no dialog over a dialog). */
  inline?: boolean
}) {
  const [open, setOpen] = useState(false)
  const [refusal, setRefusal] = useState<{ message: string; reason?: string } | null>(null)
  const { mutate, mutation } = useDelete()
  const go = useGo()
  const confirm = () =>
    mutate(
      {
        resource,
        id,
        successNotification: () => ({ message: 'Eliminato', type: 'success' }),
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
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Non eliminato">
          <Text size="sm">{refusal.message}</Text>
          {fallback?.(refusal.reason)}
        </Alert>
      )}
      {!(inline && open) && (
        <Group>
          <Button color="red" variant="outline" leftIcon={<IconTrash size={16} />} onClick={() => setOpen(true)}>
            Elimina
          </Button>
        </Group>
      )}
      {inline ? (
        open && (
          <Alert color="red" title={`Eliminare ${what}?`} role="alertdialog" aria-label={`Eliminare ${what}?`}>
            <Text size="sm">L’operazione non si può annullare.</Text>
            <Group mt="sm">
              <Button size="xs" variant="default" onClick={() => setOpen(false)}>
                Annulla
              </Button>
              <Button size="xs" color="red" loading={mutation.isPending} onClick={confirm} data-autofocus>
                Sì, elimina
              </Button>
            </Group>
          </Alert>
        )
      ) : (
        <Modal
          opened={open}
          onClose={() => setOpen(false)}
          title={`Eliminare ${what}?`}
          centered
          closeButtonLabel="Chiudi"
        >
          <Text size="sm">L’operazione non si può annullare.</Text>
          <Group position="right" mt="lg">
            <Button variant="default" onClick={() => setOpen(false)}>
              Annulla
            </Button>
            <Button color="red" loading={mutation.isPending} onClick={confirm}>
              Elimina
            </Button>
          </Group>
        </Modal>
      )}
    </Stack>
  )
}
