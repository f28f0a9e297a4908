import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Group, Modal, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useCreate, useDelete, useList, usePermissions, useUpdate, type HttpError } from '@refinedev/core'
import { STATION_LIMITS, stationInput } from '@salon/shared'
import { IconAlertCircle, IconPlus } from '@tabler/icons-react'
import { useLocation } from 'react-router'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { zodValidate } from '../../components/form/zod-validate'
import { SrOnly } from '../../components/sr-only'
import { codeOf } from '../../providers/payload-errors'
import { useT } from '../../i18n/use-t'

/**
 * *Postazioni* in Settings (issue 25): the kinds of station the salon has and how many of each
 * (lavatesta × 1, poltrona colore × 2), listed, added, changed and deleted through Refine's data
 * provider on the `stations` collection (docs/api.md "stations"), checked with the shared
 * `stationInput`. The server's two refusals are shown where they belong, worded by their codes like
 * every refusal (`toHttpError` → `codeText`: `refusal.STATION_IN_USE` with `params.services`,
 * `refusal.STATION_COUNT_IN_USE` with `params.needed`): a station that services' phases need
 * cannot be deleted (in the dialog), and its count cannot go below what bookings from now on already
 * hold at once (next to the count). Only an ADMIN sees it (an OPERATOR may read stations, never
 * change them).
 */

export interface Station {
  id: number
  name: string
  count: number
}

interface Values {
  name: string
  count: number | undefined
}

type Editing = { mode: 'create' } | { mode: 'edit'; station: Station }

const checkStation = zodValidate<Values>(stationInput)

function StationForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const t = useT()
  const form = useForm<Values>({
    initialValues:
      editing.mode === 'edit' ? { name: editing.station.name, count: editing.station.count } : { name: '', count: 1 },
    validate: checkStation,
  })
  const [refusal, setRefusal] = useState<string | null>(null)
  const { mutate: create, mutation: creating } = useCreate()
  const { mutate: update, mutation: updating } = useUpdate()
  const onError = (error: HttpError) => {
    const fields = Object.fromEntries(
      Object.entries(error.errors ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : String(v)]),
    )
    // The count below what bookings already hold at once: next to the count, with the number (the
    // refusal's own words carry `params.needed`; its field error does not).
    if (codeOf(error) === 'STATION_COUNT_IN_USE') fields.count = error.message
    if (Object.keys(fields).length) form.setErrors(fields)
    else setRefusal(error.message || t('common.unknownError'))
  }
  const submit = form.onSubmit((v) => {
    setRefusal(null)
    const values = { name: v.name.trim(), count: v.count }
    const common = { resource: 'stations', values, errorNotification: false as const }
    if (editing.mode === 'create')
      create(
        { ...common, successNotification: () => ({ type: 'success', message: t('stations.created') }) },
        { onSuccess: onClose, onError },
      )
    else
      update(
        {
          ...common,
          id: editing.station.id,
          successNotification: () => ({ type: 'success', message: t('stations.saved') }),
        },
        { onSuccess: onClose, onError },
      )
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing="sm">
        <TextInput
          label={t('form.name')}
          required
          data-autofocus
          maxLength={STATION_LIMITS.nameMax}
          {...form.getInputProps('name')}
        />
        <NumberInput
          label={t('stations.count')}
          description={t('stations.countHelp', { from: STATION_LIMITS.countMin, to: STATION_LIMITS.countMax })}
          required
          hideControls
          {...form.getInputProps('count')}
        />
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {refusal}
          </Alert>
        )}
        <Group position="right">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={creating.isPending || updating.isPending}>
            {t('buttons.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function Stations() {
  const t = useT()
  const section = useRef<HTMLElement>(null)
  const { hash } = useLocation()
  const list = useList<Station>({
    resource: 'stations',
    pagination: { pageSize: 100 },
    sorters: [{ field: 'name', order: 'asc' }],
  })
  const stations = list.result.data ?? []
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<Station | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const { mutate: remove, mutation: removing } = useDelete()
  // "Manage the stations" on the service form links here.
  const loaded = !list.query.isLoading
  useEffect(() => {
    if (loaded && hash === '#stations') section.current?.scrollIntoView?.()
  }, [loaded, hash])

  const confirmDelete = () =>
    deleting &&
    remove(
      {
        resource: 'stations',
        id: deleting.id,
        successNotification: () => ({ type: 'success', message: t('delete.done') }),
        errorNotification: false,
      },
      { onSuccess: () => setDeleting(null), onError: (error) => setRefusal(error.message || t('common.unknownError')) },
    )

  return (
    <Paper withBorder p="md" component="section" id="stations" ref={section} aria-labelledby="stations-title">
      <Stack spacing="sm">
        <Group position="apart">
          <Title order={3} id="stations-title">
            {t.glossary.phase.stations}
          </Title>
          <Button leftIcon={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            {t('stations.new')}
          </Button>
        </Group>
        <Text size="sm" color="dimmed">
          {t('stations.help')}
        </Text>
        {list.query.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {t('stations.loadError')}
          </Alert>
        ) : loaded && stations.length === 0 ? (
          <Text size="sm">{t('stations.empty')}</Text>
        ) : (
          <Table sx={{ maxWidth: 640, '& td:last-of-type': { width: '1%' } }}>
            <caption>
              <SrOnly>{t.glossary.phase.stations}</SrOnly>
            </caption>
            <thead>
              <tr>
                <th>{t('columns.name')}</th>
                <th style={{ textAlign: 'right' }}>{t('stations.count')}</th>
                <th>
                  <SrOnly>{t('stations.actions')}</SrOnly>
                </th>
              </tr>
            </thead>
            <tbody>
              {stations.map((s) => (
                <tr key={s.id}>
                  <td>{s.name}</td>
                  <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{s.count}</td>
                  <td>
                    {/* On a phone the two buttons go one under the other, inside the card. */}
                    <Group
                      spacing="xs"
                      position="right"
                      sx={(theme) => ({ [theme.fn.largerThan('sm')]: { flexWrap: 'nowrap' } })}
                    >
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('stations.editName', { name: s.name })}
                        onClick={() => setEditing({ mode: 'edit', station: s })}
                      >
                        {t('buttons.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        aria-label={t('stations.deleteName', { name: s.name })}
                        onClick={() => {
                          setRefusal(null)
                          setDeleting(s)
                        }}
                      >
                        {t('delete.button')}
                      </Button>
                    </Group>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? t('stations.edit') : t('stations.new')}
        centered
        closeButtonLabel={t('common.close')}
      >
        {editing && <StationForm editing={editing} onClose={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? t('stations.deleteQuestion', { name: deleting.name }) : ''}
        confirmLabel={t('delete.button')}
        danger
        loading={removing.isPending}
        error={refusal}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {`${t('stations.deleteHelp')} ${t('delete.cannotUndo')}`}
      </ConfirmDialog>
    </Paper>
  )
}

/** The stations section, for an ADMIN only (the dashboard lets only admins in; this says so again). */
export function StationsSection() {
  const { data: role } = usePermissions<string | null>({})
  return role === 'ADMIN' ? <Stations /> : null
}
