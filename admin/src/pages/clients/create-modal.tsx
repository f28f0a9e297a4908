import { useState } from 'react'
import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useNotification } from '@refinedev/core'
import { clientCreateBody, type ClientCreateBody } from '@salon/shared/schemas/clients'
import { useNavigate } from 'react-router'
import { ModalActions } from '../../components/modal-actions'
import { FieldGrid } from '../../components/form/fields'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'
import { fieldErrorsOf, messageOf } from '../rota/api'
import { ClientBadges } from './badges'
import { visitsText } from './words'
import { fullName, useClientWrites, type ClientCard, type ClientListItem } from './api'
import { PlainList, WRAP } from './sections'

interface Values {
  name: string
  surname: string
  phone_number: string
  email: string
}
const EMPTY_VALUES: Values = { name: '', surname: '', phone_number: '', email: '' }

/**
 * "New client" (`POST /api/clients`): a name and a phone are enough, surname and e-mail when
 * known — validated by the shared `clientCreateBody`, the server's refusals next to their fields.
 * When the server finds other cards with the same phone or e-mail (`duplicates`), the dialog
 * shows them and offers to open one instead of the new card; otherwise the new card opens.
 */
export function CreateClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT()
  const navigate = useNavigate()
  const { open } = useNotification()
  const writes = useClientWrites()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [created, setCreated] = useState<{ doc: ClientCard; duplicates: ClientListItem[] } | null>(null)
  const form = useForm<Values>({ initialValues: EMPTY_VALUES, validate: zodValidate<Values>(clientCreateBody) })

  const close = () => {
    form.reset()
    setCreated(null)
    setError(null)
    onClose()
  }
  const openCard = (id: number) => {
    close()
    void navigate(`/clients/${id}`)
  }
  const submit = async (values: Values) => {
    setBusy(true)
    setError(null)
    try {
      const body: ClientCreateBody = clientCreateBody.parse(values)
      const answer = await writes.create(body)
      open?.({ type: 'success', message: t('clients.created', { name: fullName(answer.doc) }) })
      if (answer.duplicates.length) setCreated(answer)
      else openCard(answer.doc.id)
    } catch (e) {
      const fields = fieldErrorsOf(e)
      const known = Object.keys(fields).filter((k) => k in EMPTY_VALUES)
      if (known.length) form.setErrors(Object.fromEntries(known.map((k) => [k, String(fields[k])])))
      else setError(messageOf(e, t('clients.notSaved')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('clients.create.duplicatesTitle') : t('clients.create.title')}
      closeButtonLabel={t('common.close')}
      size="lg"
    >
      {created ? (
        <Stack spacing="md">
          <Text size="sm">{t('clients.create.duplicatesIntro', { name: fullName(created.doc) })}</Text>
          <PlainList gap="xs">
            {created.duplicates.map((d) => (
              <Paper component="li" key={d.id} withBorder radius="md" p="sm">
                <Stack spacing={4}>
                  <Text weight={700}>{fullName(d)}</Text>
                  <Text size="sm" sx={{ overflowWrap: 'anywhere' }}>
                    {[d.phone_number, d.email, visitsText(t, d.visits)].filter(Boolean).join(' · ')}
                  </Text>
                  <ClientBadges allergies={d.allergies} hasAccount={d.hasAccount} blocked={d.blocked_online} />
                  <Group>
                    <Button variant="light" size="sm" onClick={() => openCard(d.id)} styles={WRAP}>
                      {t('clients.create.openOther', { name: fullName(d) })}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </PlainList>
          <Group position="right">
            <Button onClick={() => openCard(created.doc.id)}>{t('clients.create.openNew')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
          <Stack spacing="sm">
            <FieldGrid>
              <TextInput label={t('clients.field.name')} required autoComplete="off" {...form.getInputProps('name')} />
              <TextInput label={t('clients.field.surname')} autoComplete="off" {...form.getInputProps('surname')} />
            </FieldGrid>
            <FieldGrid>
              <TextInput
                label={t('clients.field.phone')}
                required
                type="tel"
                autoComplete="off"
                {...form.getInputProps('phone_number')}
              />
              <TextInput
                label={t('clients.field.email')}
                type="email"
                autoComplete="off"
                {...form.getInputProps('email')}
              />
            </FieldGrid>
            <ModalActions
              onCancel={close}
              cancelDisabled={busy}
              loading={busy}
              submitLabel={t('clients.create.submit')}
              refusal={error ? { message: error } : null}
            />
          </Stack>
        </form>
      )}
    </Modal>
  )
}
