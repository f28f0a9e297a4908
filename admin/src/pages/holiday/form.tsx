import { Switch, TextInput } from '@mantine/core'
import { useGo, useResourceParams } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { holidayInput, type HolidayInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { DateField } from '../../components/form/date-fields'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'

type Values = { name: string; date: string; recurring_yearly: boolean; is_active: boolean }

/** `YYYY-MM-DD` of a stored date (Payload keeps noon UTC for date-only fields). */
const dayPart = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '')

/** /dashboard/config/holiday/create and /{id}: a day the salon is closed, once or every year. */
export default function HolidayForm() {
  const t = useT()
  const { id, action } = useResourceParams()
  const mode = action === 'edit' ? 'edit' : 'create'
  const go = useGo()
  const backToSettings = () => go({ to: '/config' })
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values, HolidayInput>({
    initialValues: { name: '', date: '', recurring_yearly: false, is_active: true },
    validate: zodValidate<Values>(holidayInput),
    // Stored at noon UTC: the same calendar day in every zone the salon could be in.
    transformValues: (v) => ({ ...v, name: v.name.trim(), date: v.date ? `${dayPart(v.date)}T12:00:00.000Z` : '' }),
    refineCoreProps: {
      resource: 'holiday',
      action: mode,
      id,
      redirect: false,
      onMutationSuccess: backToSettings,
      queryOptions: { select: (r) => ({ ...r, data: { ...r.data, date: dayPart(r.data.date) } }) },
    },
  })
  return (
    <FormPage
      action={mode}
      title={mode === 'create' ? t('holiday.new') : t('holiday.edit')}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
      after={
        mode === 'edit' && id !== undefined ? (
          <DeleteRecord resource="holiday" id={id} what="questa festività" afterDelete={backToSettings} />
        ) : null
      }
    >
      <TextInput label={t('form.name')} required {...form.getInputProps('name')} />
      <DateField label={t('form.day')} required {...form.getInputProps('date')} />
      <Switch label={t('holiday.yearly')} {...form.getInputProps('recurring_yearly', { type: 'checkbox' })} />
      <Switch label={t('holiday.active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </FormPage>
  )
}
