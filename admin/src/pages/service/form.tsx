import { Button, Divider, Switch, Textarea, TextInput } from '@mantine/core'
import { type BaseKey, useResourceParams, useUpdate } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { serviceWithPhasesInput, type ServiceWithPhasesInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { MoneyInput, RelationMultiSelect, RelationSelect } from '../../components/form/fields'
import { ImageField } from '../../components/form/image-preview'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'
import { PhasesEditor, type PhaseValues } from './phases-editor'
import { busyRow, phasesPayload, totalMinutes, withPhaseRows } from './phases'

type Values = Required<Pick<ServiceWithPhasesInput, 'title' | 'price'>> &
  PhaseValues & {
    /** The server's `time` as read (the sum of the phases); sent never — the server sets it. */
    time: number
    description: string
    category: number | null
    image: number | null
    operators: number[]
    active: boolean
  }

/** What is sent: the fields and the phases, never `time` (docs/api.md "services": the server sums the phases). */
type Payload = Omit<ServiceWithPhasesInput, 'time'>

const EMPTY: Values = {
  title: '',
  time: 30,
  price: 0,
  description: '',
  category: null,
  image: null,
  operators: [],
  active: true,
  phases: [busyRow('row-0')],
  cleanup_minutes: 0,
}

const checkService = zodValidate(serviceWithPhasesInput)
/**
 * The shared `serviceWithPhasesInput` on what will be sent, `time` being the phases' sum (so a
 * total over 24 hours is refused like on the server).
 */
const validate = (v: Values) => checkService({ ...v, time: totalMinutes(v.phases), phases: phasesPayload(v.phases) })

// Kept by reference: the record's phases become rows (an older server's service without phases,
// one busy row of its `time`) once per answer, so a re-render never resets the form.
const select = <R extends { data: Record<string, unknown> }>(r: R) => ({ ...r, data: withPhaseRows(r.data) })

/** The service form at `mode` (create, or edit of `id`). */
export function ServiceFormScreen({ mode, id }: { mode: 'create' | 'edit'; id?: BaseKey }) {
  const t = useT()
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values, Payload>({
    initialValues: EMPTY,
    validate,
    transformValues: ({ time: _time, phases, cleanup_minutes, ...v }) => ({
      ...v,
      title: v.title.trim(),
      description: v.description || null,
      phases: phasesPayload(phases),
      cleanup_minutes: cleanup_minutes ?? 0,
    }),
    refineCoreProps: {
      resource: 'service',
      action: mode,
      id,
      redirect: 'list',
      queryOptions: { select },
    },
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
            what="delete.what.service"
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
      <Divider />
      <PhasesEditor form={form} />
    </FormPage>
  )
}

/** /dashboard/service/create and /dashboard/service/{id}. */
export default function ServiceForm() {
  const { id, action } = useResourceParams()
  return <ServiceFormScreen mode={action === 'edit' ? 'edit' : 'create'} id={id} />
}
