import { Button, Switch, Textarea, TextInput } from '@mantine/core'
import { useResourceParams, useUpdate } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { serviceInput, type ServiceInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { MinutesInput, MoneyInput, RelationMultiSelect, RelationSelect } from '../../components/form/fields'
import { ImageField } from '../../components/form/image-preview'
import { zodValidate } from '../../components/form/zod-validate'

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
      title={mode === 'create' ? 'Nuovo servizio' : 'Modifica servizio'}
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
                  Disattiva il servizio
                </Button>
              ) : null
            }
          />
        ) : null
      }
    >
      <TextInput label="Nome" required {...form.getInputProps('title')} />
      <Textarea label="Descrizione" autosize minRows={2} {...form.getInputProps('description')} />
      <MinutesInput label="Durata (minuti)" required {...form.getInputProps('time')} />
      <MoneyInput label="Prezzo (€, IVA inclusa)" required {...form.getInputProps('price')} />
      <RelationSelect
        label="Categoria"
        resource="category"
        optionLabel="name"
        placeholder="Nessuna categoria"
        {...form.getInputProps('category')}
      />
      <RelationMultiSelect
        label="Operatori"
        description="Chi esegue questo servizio. Nessuno scelto: tutti gli operatori."
        resource="operator"
        optionLabel="name"
        {...form.getInputProps('operators')}
      />
      <ImageField label="Immagine" {...form.getInputProps('image')} />
      <Switch label="Attivo: prenotabile e visibile sul sito" {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormPage>
  )
}
