import { NumberInput, TextInput } from '@mantine/core'
import { useResourceParams } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { categoryInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'

type Values = { name: string; position: number }

/** /dashboard/category/create and /dashboard/category/{id}. */
export default function CategoryForm() {
  const t = useT()
  const { id, action } = useResourceParams()
  const mode = action === 'edit' ? 'edit' : 'create'
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values>({
    initialValues: { name: '', position: 0 },
    validate: zodValidate<Values>(categoryInput),
    transformValues: (v) => ({ ...v, name: v.name.trim() }),
    refineCoreProps: { resource: 'category', action: mode, id, redirect: 'list' },
  })
  return (
    <FormPage
      action={mode}
      title={mode === 'create' ? t('category.new') : t('category.edit')}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
      after={
        mode === 'edit' && id !== undefined ? (
          // `what` completes the Italian sentence of DeleteRecord (form-page.tsx, translated after its rework lands).
          <DeleteRecord resource="category" id={id} what="questa categoria (i suoi servizi restano, senza categoria)" />
        ) : null
      }
    >
      <TextInput label={t('form.name')} required {...form.getInputProps('name')} />
      <NumberInput
        label={t('form.order')}
        description={t('category.orderHelp')}
        min={0}
        hideControls
        {...form.getInputProps('position')}
      />
    </FormPage>
  )
}
