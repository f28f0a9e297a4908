import { Button, Switch, Textarea, TextInput } from '@mantine/core'
import { useResourceParams, useUpdate } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { serviceInput, type ServiceInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { MinutesInput, MoneyInput, RelationMultiSelect, RelationSelect } from '../../components/form/fields'
import { ImageField } from '../../components/form/image-preview'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'

type Values = Required<Pick<ServiceInput, 'title' | 'time' | 'price'>> & {
  description: string
  category: number | null
  image: number | null
  operators: number[]
  active: boolean
}

const EMPTY: Values = {
  title: '',
  time: 30,
  price: 0,
  description: '',
  category: null,
  image: null,
  operators: [],
  active: true,
}

/** /dashboard/service/create and /dashboard/service/{id}. */
export default function ServiceForm() {
  const t = useT()
  const { id, action } = useResourceParams()
  const mode = action === 'edit' ? 'edit' : 'create'
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values, ServiceInput>({
    initialValues: EMPTY,
    validate: zodValidate<Values>(serviceInput),
    transformValues: (v) => ({ ...v, title: v.title.trim(), description: v.description || null }),
    refineCoreProps: { resource: 'service', action: mode, id, redirect: 'list' },
  })
  const { mutate: update } = useUpdate()
  const deactivate = () =>
    update(
      { resource: 'service', id: id!, values: { active: false } },
      { onSuccess: () => form.setFieldValue('active', false) },
    )
  return (
    <FormPage
      action={mode}
      title={mode === 'create' ? t('service.new') : t('service.edit')}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
      after={
        mode === 'edit' && id !== undefined ? (
          <DeleteRecord
            resource="service"
            id={id}
            what="questo servizio"
            fallback={(reason) =>
              reason === 'SERVICE_IN_USE' && form.values.active ? (
                <Button mt="sm" size="xs" color="orange" onClick={deactivate}>
                  {t('service.deactivate')}
                </Button>
              ) : null
            }
          />
        ) : null
      }
    >
      <TextInput label={t('form.name')} required {...form.getInputProps('title')} />
      <Textarea label={t('service.description')} autosize minRows={2} {...form.getInputProps('description')} />
      <MinutesInput label={t('service.minutes')} required {...form.getInputProps('time')} />
      <MoneyInput label={t('service.price')} required {...form.getInputProps('price')} />
      <RelationSelect
        label={t('service.category')}
        resource="category"
        optionLabel="name"
        placeholder={t('service.noCategory')}
        {...form.getInputProps('category')}
      />
      <RelationMultiSelect
        label={t('service.operators')}
        description={t('service.operatorsHelp')}
        resource="operator"
        optionLabel="name"
        {...form.getInputProps('operators')}
      />
      <ImageField label={t('form.image')} {...form.getInputProps('image')} />
      <Switch label={t('service.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormPage>
  )
}
