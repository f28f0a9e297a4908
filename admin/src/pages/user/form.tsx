import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core'
import { useResourceParams } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import { ROLE_LABELS_IT, adminUserInput, type AdminUserInput } from '@salon/shared'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { zodValidate } from '../../components/form/zod-validate'

type Values = {
  name: string
  surname: string
  email: string
  phone_number: string
  user_role: AdminUserInput['user_role']
  password: string
}

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS_IT) as (keyof typeof ROLE_LABELS_IT)[]).map((value) => ({
  value,
  label: ROLE_LABELS_IT[value],
}))

/**
 * /dashboard/user/create and /dashboard/user/{id}: the person, their role and, on creation, a first
 * password (they change it from their profile). The server keeps the last administrator: demoting
 * or deleting them is refused with the reason next to the role.
 */
export default function UserForm() {
  const { id, action } = useResourceParams()
  const mode = action === 'edit' ? 'edit' : 'create'
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values>({
    initialValues: { name: '', surname: '', email: '', phone_number: '', user_role: 'USER', password: '' },
    validate: (values) => {
      const errors = zodValidate<Values>(adminUserInput)(values)
      if (mode === 'create' && !values.password) errors.password = 'Scegli una password iniziale'
      return errors
    },
    // Empty optional fields are left out, not sent as "" (the password especially).
    transformValues: (v) =>
      Object.fromEntries(
        Object.entries({ ...v, name: v.name.trim(), surname: (v.surname ?? '').trim() }).filter(
          ([k, x]) => x !== null && (x !== '' || k === 'surname' || k === 'phone_number'),
        ),
      ) as Values,
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
      <PasswordInput
        label={mode === 'create' ? 'Password iniziale' : 'Nuova password'}
        description={
          mode === 'edit' ? 'Lascia vuoto per non cambiarla.' : 'Almeno 8 caratteri: la persona potrà cambiarla.'
        }
        required={mode === 'create'}
        autoComplete="new-password"
        visibilityToggleLabel="Mostra o nascondi la password"
        {...form.getInputProps('password')}
      />
    </FormPage>
  )
}
