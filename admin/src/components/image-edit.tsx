import { Button, Group, Image, Modal, Select, Stack, TextInput } from '@mantine/core'
import type { BaseKey } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { UPLOAD_LABEL_LABELS_IT, UPLOAD_LABELS, uploadEditInput, type UploadEditInput } from '@salon/shared'
import { DeleteRecord } from './form/form-page'
import { zodValidate } from './form/zod-validate'

type Values = { name: string; label: string; alt: string }

const LABEL_OPTIONS = UPLOAD_LABELS.map((value) => ({ value, label: UPLOAD_LABEL_LABELS_IT[value] ?? value }))

/**
 * An image's details in a dialog: name (unique — a duplicate comes back from the server next to
 * the field), what it is for, the alternative text; with `canDelete`, the shared delete with its
 * confirmation and the server's refusal ("Usata da: servizio «Piega»") in place.
 */
export function ImageEditModal({
  id,
  imageUrl,
  onClose,
  onSaved,
  canDelete = false,
}: {
  id: BaseKey
  imageUrl?: string | null
  onClose: () => void
  onSaved: () => void
  canDelete?: boolean
}) {
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values, UploadEditInput>({
    initialValues: { name: '', label: 'IMAGES', alt: '' },
    validate: zodValidate<Values>(uploadEditInput),
    transformValues: (v) => ({
      name: v.name.trim(),
      label: v.label as UploadEditInput['label'],
      alt: (v.alt ?? '').trim(),
    }),
    refineCoreProps: {
      warnWhenUnsavedChanges: false,
      resource: 'file',
      action: 'edit',
      id,
      redirect: false,
      successNotification: () => ({ type: 'success', message: 'Immagine salvata' }),
      onMutationSuccess: () => {
        onSaved()
        onClose()
      },
    },
  })
  return (
    <Modal opened onClose={onClose} title="Modifica immagine" centered size="lg" closeButtonLabel="Chiudi">
      <form onSubmit={(e) => form.saveButtonProps.onClick(e as never)} noValidate>
        <Stack spacing="sm">
          {imageUrl && <Image src={imageUrl} alt="" height={160} fit="contain" radius="sm" />}
          <TextInput label="Nome" required data-autofocus {...form.getInputProps('name')} />
          <Select label="Etichetta" data={LABEL_OPTIONS} {...form.getInputProps('label')} />
          <TextInput
            label="Testo alternativo"
            description="Cosa mostra l’immagine, per chi non la vede (es. «Taglio corto con frangia»)."
            {...form.getInputProps('alt')}
          />
          <Group position="right">
            <Button variant="default" onClick={onClose}>
              Annulla
            </Button>
            <Button type="submit" loading={form.refineCore.formLoading}>
              Salva
            </Button>
          </Group>
        </Stack>
      </form>
      {canDelete && (
        <DeleteRecord
          resource="file"
          id={id}
          what="questa immagine"
          inline
          afterDelete={() => {
            onSaved()
            onClose()
          }}
        />
      )}
    </Modal>
  )
}
