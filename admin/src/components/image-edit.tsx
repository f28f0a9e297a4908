import { Button, Group, Image, Modal, Select, Stack, TextInput, type ButtonProps } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import type { BaseKey } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { UPLOAD_LABELS, uploadEditInput, type UploadEditInput } from '@salon/shared'
import { DeleteRecord } from './form/form-page'
import { zodValidate } from './form/zod-validate'
import { useT } from '../i18n/use-t'

type Values = { name: string; label: string; alt: string }

/**
 * An image's details in a dialog: name (unique — a duplicate comes back from the server next to
 * the field), what it is for, the alternative text; with `canDelete`, the shared delete with its
 * confirmation and the server's refusal ("Used by: service “Piega”") in place.
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
  const t = useT()
  const labelOptions = UPLOAD_LABELS.map((value) => ({ value, label: t.glossary.uploadLabel[value] ?? value }))
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
      successNotification: () => ({ type: 'success', message: t('image.saved') }),
      onMutationSuccess: () => {
        onSaved()
        onClose()
      },
    },
  })
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('image.editTitle')}
      centered
      size="lg"
      closeButtonLabel={t('common.close')}
    >
      <form onSubmit={(e) => form.saveButtonProps.onClick(e as never)} noValidate>
        <Stack spacing="sm">
          {imageUrl && <Image src={imageUrl} alt="" height={160} fit="contain" radius="sm" />}
          <TextInput label={t('form.name')} required data-autofocus {...form.getInputProps('name')} />
          <Select label={t('image.label')} data={labelOptions} {...form.getInputProps('label')} />
          <TextInput label={t('image.alt')} description={t('image.altHelp')} {...form.getInputProps('alt')} />
          <Group position="right">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.refineCore.formLoading}>
              {t('buttons.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {canDelete && (
        <DeleteRecord
          resource="file"
          id={id}
          what="delete.what.image"
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

/** The "Edit" button of an image card (carousel, library): named with the image for screen readers. */
export function EditImageButton({ name, onClick, mt }: { name: string; onClick: () => void; mt?: ButtonProps['mt'] }) {
  const t = useT()
  return (
    <Button
      mt={mt}
      size="xs"
      variant="default"
      leftIcon={<IconPencil size={14} aria-hidden />}
      onClick={onClick}
      aria-label={t('image.editNamed', { name })}
    >
      {t('buttons.edit')}
    </Button>
  )
}
