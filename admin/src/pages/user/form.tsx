import {
  Alert,
  Button,
  Input,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core'
import { useCustomMutation, useResourceParams } from '@refinedev/core'
import { IconMailForward } from '@tabler/icons-react'
import { useForm } from '@refinedev/mantine'
import { ROLE_LABELS_EN, adminUserInput, type AdminUserInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { ImageField } from '../../components/form/image-preview'
import { zodValidate } from '../../components/form/zod-validate'
import { tr } from '../../i18n/translate'
import { useT } from '../../i18n/use-t'

type Values = {
  name: string
  surname: string
  email: string
  phone_number: string
  user_role: AdminUserInput['user_role']
  password: string
  upload: number | null
  /** Creating: how the person gets in — an invitation mail (default) or a password chosen here. */
  access: 'invite' | 'password'
}

const ROLES = Object.keys(ROLE_LABELS_EN) as (keyof typeof ROLE_LABELS_EN)[]

/**
 * /dashboard/user/create and /dashboard/user/{id}: the person, their photo, their role and how they
 * get in — an invitation mail whose link lets them choose their password (the default: the owner
 * never handles someone else's password), or a first password chosen here. Editing offers a new
 * invitation. The server keeps the last administrator: demoting or deleting them is refused with
 * the reason next to the role.
 */
export default function UserForm() {
  const t = useT()
  const roleOptions = ROLES.map((value) => ({ value, label: t.glossary.role[value] }))
  const { id, action } = useResourceParams()
  const mode = action === 'edit' ? 'edit' : 'create'
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values>({
    initialValues: {
      name: '',
      surname: '',
      email: '',
      phone_number: '',
      user_role: 'USER',
      password: '',
      upload: null,
      access: 'invite',
    },
    validate: (values) => {
      const errors = zodValidate<Values>(adminUserInput)(sent(values) as unknown as Values)
      if (mode === 'create' && values.access === 'password' && !values.password)
        errors.password = tr('user.choosePassword')
      return errors
    },
    transformValues: (v) => sent(v) as unknown as Values,
    // Empty text arrives as null from the server: the inputs want strings.
    refineCoreProps: {
      resource: 'user',
      action: mode,
      id,
      redirect: 'list',
      queryOptions: {
        select: (r) => ({
          ...r,
          data: { ...r.data, surname: r.data.surname ?? '', phone_number: r.data.phone_number ?? '' },
        }),
      },
    },
  })
  const creating = mode === 'create'
  const byInvite = creating && form.values.access === 'invite'
  /** What goes to the server: empty optional fields left out (the password especially). */
  function sent(v: Values) {
    const { access, ...rest } = v
    const body: Record<string, unknown> = { ...rest, name: v.name.trim(), surname: (v.surname ?? '').trim() }
    if (creating && access === 'invite') {
      body.invite = true
      delete body.password
    }
    return Object.fromEntries(
      Object.entries(body).filter(
        ([k, x]) => (x !== null || k === 'upload') && (x !== '' || k === 'surname' || k === 'phone_number'),
      ),
    )
  }
  return (
    <FormPage
      action={mode}
      title={mode === 'create' ? t('user.new') : t('user.edit')}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
      after={mode === 'edit' && id !== undefined ? <DeleteRecord resource="user" id={id} what="questo utente" /> : null}
    >
      <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'sm', cols: 1 }]}>
        <TextInput label={t('form.name')} required {...form.getInputProps('name')} />
        <TextInput label={t('user.surname')} {...form.getInputProps('surname')} />
      </SimpleGrid>
      <TextInput label={t('user.email')} type="email" required {...form.getInputProps('email')} />
      <TextInput label={t('user.phone')} type="tel" {...form.getInputProps('phone_number')} />
      <Select label={t('user.role')} required data={roleOptions} {...form.getInputProps('user_role')} />
      <ImageField
        label={t('user.photo')}
        placeholder={t('user.noPhoto')}
        uploads={false}
        {...form.getInputProps('upload')}
      />
      {creating && (
        <Input.Wrapper label={t('user.access')} description={t('user.accessHelp')}>
          <SegmentedControl
            fullWidth
            mt={4}
            data={[
              { value: 'invite', label: t('user.byInvite') },
              { value: 'password', label: t('user.byPassword') },
            ]}
            {...form.getInputProps('access')}
          />
        </Input.Wrapper>
      )}
      {byInvite ? (
        <Alert color="salon" icon={<IconMailForward size={18} />} title={t('user.inviteTitle')}>
          {t('user.inviteText')}
          {form.errors.password && (
            <Text color="red" size="sm" mt={4}>
              {form.errors.password}
            </Text>
          )}
        </Alert>
      ) : (
        <PasswordInput
          label={creating ? t('user.firstPassword') : t('user.newPassword')}
          description={creating ? t('user.firstPasswordHelp') : t('user.newPasswordHelp')}
          required={creating}
          autoComplete="new-password"
          visibilityToggleLabel={t('user.passwordToggle')}
          {...form.getInputProps('password')}
        />
      )}
      {!creating && id !== undefined && <ResendInvitation id={id} />}
    </FormPage>
  )
}

/** A new invitation mail (the older link stops working): for someone who lost it or let it expire. */
function ResendInvitation({ id }: { id: string | number }) {
  const t = useT()
  const { mutate, mutation } = useCustomMutation()
  return (
    <Input.Wrapper label={t('user.invitation')} description={t('user.invitationHelp')}>
      <div>
        <Button
          mt={4}
          variant="default"
          leftIcon={<IconMailForward size={18} />}
          loading={mutation.isPending}
          onClick={() =>
            mutate({
              url: `/api/users/${id}/invite`,
              method: 'post',
              values: {},
              successNotification: { type: 'success', message: t('user.invitationSent') },
              errorNotification: (e) => ({ type: 'error', message: e?.message ?? t('user.invitationFailed') }),
            })
          }
        >
          {t('user.resend')}
        </Button>
      </div>
    </Input.Wrapper>
  )
}
