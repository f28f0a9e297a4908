import { NumberInput, Switch, TextInput } from '@mantine/core'
import { useResourceParams } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { bannerInput, type BannerInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { ImageField } from '../../components/form/image-preview'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'

type Values = { title: string; link: string; alt: string; show: boolean; position: number; image: number | null }

/** /dashboard/banner/create and /{id}: a promotion on the home page — image, link, text for screen readers. */
export default function BannerForm() {
  const t = useT()
  const { id, action } = useResourceParams()
  const mode = action === 'edit' ? 'edit' : 'create'
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values, BannerInput>({
    initialValues: { title: '', link: '', alt: '', show: true, position: 0, image: null },
    validate: zodValidate<Values>(bannerInput),
    transformValues: (v) => ({ ...v, title: v.title.trim(), link: v.link.trim() || null, alt: v.alt || null }),
    refineCoreProps: {
      resource: 'banner',
      action: mode,
      id,
      redirect: 'list',
      queryOptions: { select: (r) => ({ ...r, data: { ...r.data, link: r.data.link ?? '', alt: r.data.alt ?? '' } }) },
    },
  })
  return (
    <FormPage
      action={mode}
      title={mode === 'create' ? t('banner.new') : t('banner.edit')}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
      after={
        mode === 'edit' && id !== undefined ? <DeleteRecord resource="banner" id={id} what="questo banner" /> : null
      }
    >
      <TextInput label={t('form.title')} required {...form.getInputProps('title')} />
      <TextInput label={t('form.link')} placeholder={t('banner.linkPlaceholder')} {...form.getInputProps('link')} />
      <ImageField label={t('form.image')} {...form.getInputProps('image')} />
      <TextInput label={t('banner.alt')} description={t('banner.altHelp')} {...form.getInputProps('alt')} />
      <NumberInput label={t('form.position')} min={0} hideControls {...form.getInputProps('position')} />
      <Switch label={t('banner.visible')} {...form.getInputProps('show', { type: 'checkbox' })} />
    </FormPage>
  )
}
