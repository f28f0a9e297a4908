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
import { ROLE_LABELS_IT, adminUserInput, type AdminUserInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { ImageField } from '../../components/form/image-preview'
import { zodValidate } from '../../components/form/zod-validate'

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

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS_IT) as (keyof typeof ROLE_LABELS_IT)[]).map((value) => ({
  value,
  label: ROLE_LABELS_IT[value],
}))

/**
 * /dashboard/user/create and /dashboard/user/{id}: the person, their photo, their role and how they
 * get in — an invitation mail whose link lets them choose their password (the default: the owner
 * never handles someone else's password), or a first password chosen here. Editing offers a new
 * invitation. The server keeps the last administrator: demoting or deleting them is refused with
 * the reason next to the role.
 */
export default function UserForm() {
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
        errors.password = 'Scegli una password iniziale'
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
      title={mode === 'create' ? 'Nuovo utente' : 'Modifica utente'}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
      after={mode === 'edit' && id !== undefined ? <DeleteRecord resource="user" id={id} what="questo utente" /> : null}
    >
      <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'sm', cols: 1 }]}>
        <TextInput label="Nome" required {...form.getInputProps('name')} />
        <TextInput label="Cognome" {...form.getInputProps('surname')} />
      </SimpleGrid>
      <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
      <TextInput label="Telefono" type="tel" {...form.getInputProps('phone_number')} />
      <Select label="Ruolo" required data={ROLE_OPTIONS} {...form.getInputProps('user_role')} />
      <ImageField label="Foto profilo" placeholder="Nessuna foto" uploads={false} {...form.getInputProps('upload')} />
      {creating && (
        <Input.Wrapper label="Accesso" description="Come entrerà la prima volta">
          <SegmentedControl
            fullWidth
            mt={4}
            data={[
              { value: 'invite', label: 'Invito per e-mail' },
              { value: 'password', label: 'Scelgo io la password' },
            ]}
            {...form.getInputProps('access')}
          />
        </Input.Wrapper>
      )}
      {byInvite ? (
        <Alert color="salon" icon={<IconMailForward size={18} />} title="Riceverà un invito">
          Un’e-mail con un link, valido 7 giorni, per scegliere la sua password.
          {form.errors.password && (
            <Text color="red" size="sm" mt={4}>
              {form.errors.password}
            </Text>
          )}
        </Alert>
      ) : (
        <PasswordInput
          label={creating ? 'Password iniziale' : 'Nuova password'}
          description={creating ? 'Almeno 8 caratteri: la persona potrà cambiarla.' : 'Lascia vuoto per non cambiarla.'}
          required={creating}
          autoComplete="new-password"
          visibilityToggleLabel="Mostra o nascondi la password"
          {...form.getInputProps('password')}
        />
      )}
      {!creating && id !== undefined && <ResendInvitation id={id} />}
    </FormPage>
  )
}

/** A new invitation mail (the older link stops working): for someone who lost it or let it expire. */
function ResendInvitation({ id }: { id: string | number }) {
  const { mutate, mutation } = useCustomMutation()
  return (
    <Input.Wrapper
      label="Invito"
      description="Manda un nuovo link per scegliere la password: quello di prima smette di funzionare."
    >
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
              successNotification: { type: 'success', message: 'Invito inviato' },
              errorNotification: (e) => ({ type: 'error', message: e?.message ?? 'Invio non riuscito' }),
            })
          }
        >
          Manda un nuovo invito
        </Button>
      </div>
    </Input.Wrapper>
  )
}
