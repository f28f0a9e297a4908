import { useState } from 'react'
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useNotification } from '@refinedev/core'
import { CLIENT_NOTE_MAX, clientNoteBody } from '@salon/shared/schemas/clients'
import { IconAlertCircle, IconTrash } from '@tabler/icons-react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Spinner } from '../../components/page-loader'
import { zodValidate } from '../../components/form/zod-validate'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { messageOf } from '../rota/api'
import { useClientNotes, useClientWrites, type ClientNoteItem } from './api'
import { FormError, Section, PlainList } from './sections'
import { useSectionSave } from './use-save'
import { momentText } from './words'

/**
 * Staff notes (`GET/POST /api/clients/:id/notes`, newest first): what the next person at the desk
 * should know, each with its author and date. Its author (or an ADMIN) deletes a note, after a
 * confirmation. Never shown to the customer.
 */
export function NotesSection({
  clientId,
  me,
  isAdmin,
}: {
  clientId: number
  me: number | undefined
  isAdmin: boolean
}) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const { open } = useNotification()
  const writes = useClientWrites()
  const { notes, query } = useClientNotes(clientId)
  const form = useForm<{ body: string }>({
    initialValues: { body: '' },
    validate: zodValidate<{ body: string }>(clientNoteBody),
  })
  const { save, busy, error } = useSectionSave(form)
  const [deleting, setDeleting] = useState<ClientNoteItem | null>(null)
  const [deleteBusy, setDeleteBusy] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  const add = (values: { body: string }) =>
    void save(
      () => writes.addNote(clientId, clientNoteBody.parse(values).body),
      async () => {
        form.reset()
        await query.refetch()
      },
    )
  const remove = async () => {
    if (!deleting) return
    setDeleteBusy(true)
    setDeleteError(null)
    try {
      await writes.deleteNote(clientId, deleting.id)
      open?.({ type: 'success', message: t('clients.notes.deleted') })
      setDeleting(null)
      await query.refetch()
    } catch (e) {
      setDeleteError(messageOf(e, t('clients.notSaved')))
    } finally {
      setDeleteBusy(false)
    }
  }

  return (
    <Section title={t('clients.section.notes')} headingId="client-notes" testId="client-notes">
      <Stack spacing="sm">
        <form onSubmit={form.onSubmit(add)} noValidate>
          <Stack spacing="xs">
            <Textarea
              label={t('clients.notes.new')}
              description={t('clients.notes.help')}
              autosize
              minRows={2}
              maxLength={CLIENT_NOTE_MAX}
              {...form.getInputProps('body')}
            />
            <FormError error={error} />
            <Group>
              <Button type="submit" variant="light" loading={busy}>
                {t('clients.notes.add')}
              </Button>
            </Group>
          </Stack>
        </form>
        {query.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {messageOf(query.error, t('clients.notes.loadError'))}
          </Alert>
        ) : !notes ? (
          <Spinner label={t('loader.label')} />
        ) : notes.length === 0 ? (
          <Text size="sm">{t('clients.notes.none')}</Text>
        ) : (
          <PlainList gap="xs" label={t('clients.section.notes')}>
            {notes.map((note) => {
              const byline = t('clients.notes.byline', {
                author: note.author?.name ?? t('clients.notes.unknownAuthor'),
                when: momentText(note.createdAt, t, timeZone),
              })
              const mine = isAdmin || (me !== undefined && note.author?.id === me)
              return (
                <Paper component="li" key={note.id} withBorder radius="md" p="sm" data-testid={`note-${note.id}`}>
                  <Group position="apart" align="flex-start" noWrap spacing="xs">
                    <Stack spacing={4} sx={{ minWidth: 0 }}>
                      <Text size="sm" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {note.body}
                      </Text>
                      <Text size="xs" sx={(theme) => ({ color: theme.colors.gray[7] })}>
                        {byline}
                      </Text>
                    </Stack>
                    {mine && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t('clients.notes.delete', { byline })}
                        title={t('clients.notes.deleteShort')}
                        onClick={() => {
                          setDeleteError(null)
                          setDeleting(note)
                        }}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                </Paper>
              )
            })}
          </PlainList>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('clients.notes.deleteQuestion')}
        confirmLabel={t('clients.notes.deleteShort')}
        danger
        loading={deleteBusy}
        error={deleteError}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        {deleting?.body ?? ''}
      </ConfirmDialog>
    </Section>
  )
}
