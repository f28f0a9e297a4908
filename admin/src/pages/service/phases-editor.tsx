import { useEffect, useId, useRef, useState } from 'react'
import { ActionIcon, Anchor, Box, Button, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useList } from '@refinedev/core'
import { SERVICE_LIMITS } from '@salon/shared'
import { formatDuration } from '@salon/shared/format'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import { Link } from 'react-router'
import { FieldGrid, MinutesInput } from '../../components/form/fields'
import { SrOnly } from '../../components/sr-only'
import { useT } from '../../i18n/use-t'
import { PhaseBar } from './phase-bar'
import { barParts, busyRow, moved, totalMinutes, type PhaseRow } from './phases'

/** What the phases section edits of the service form's values. */
export interface PhaseValues {
  phases: PhaseRow[]
  cleanup_minutes: number | undefined
}

type Which = 'up' | 'down' | 'remove' | 'add' | 'busy-error'

let added = 0

/**
 * The service form's "Phases" section (issue 25): one group of fields per phase — minutes, with
 * the stylist or processing time, the station it needs, a name for the staff — added, removed and
 * moved with buttons (each named with its phase, keyboard reachable; the focus stays on the
 * button that was pressed, and the move is announced), then the clean-up minutes, the total for
 * the customer (the sum of the phases: the server sets `time` from them) and the phases' bar. The
 * form's `validate` (the shared `serviceWithPhasesInput`) puts each message next to its field:
 * `phases.0.operator_busy` under the first switch, `phases` and `time` under the total.
 */
export function PhasesEditor<V extends PhaseValues>({ form }: { form: UseFormReturnType<V, (values: V) => unknown> }) {
  const t = useT()
  const words = t.glossary.phase
  const base = useId()
  const values = form.values as unknown as PhaseValues
  const rows = values.phases
  const stations = useList<{ id: number; name: string }>({
    resource: 'stations',
    pagination: { pageSize: 100 },
    sorters: [{ field: 'name', order: 'asc' }],
  })
  const stationOptions = [
    { value: '', label: words.noStation },
    ...(stations.result.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ]
  // Where the focus goes once the rows are drawn again (after a move or a removal).
  const focus = useRef<{ key: string; which: Which } | null>(null)
  const [said, setSaid] = useState('')
  const addButton = useRef<HTMLButtonElement>(null)
  const idOf = (key: string, which: Which) => `${base}-${key}-${which}`

  // After a move or a removal the pressed button may have moved or gone: the focus follows it
  // (or the other arrow when it is now disabled, or "Add a phase").
  useEffect(() => {
    const wanted = focus.current
    if (!wanted) return
    focus.current = null
    const order: Which[] =
      wanted.which === 'up' ? ['up', 'down'] : wanted.which === 'down' ? ['down', 'up'] : ['remove']
    const target = order
      .map((w) => document.getElementById(idOf(wanted.key, w)) as HTMLButtonElement | null)
      .find((el) => el && !el.disabled)
    ;(target ?? addButton.current)?.focus()
  })

  const set = (path: string, value: unknown) => form.setFieldValue(path as never, value as never)
  // A new order or one row fewer: the rows' messages no longer sit by their fields (checked again on save).
  const setRows = (next: PhaseRow[]) => {
    set('phases', next)
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith('phases'))))
  }
  const move = (from: number, to: number) => {
    const key = rows[from]!.key
    setRows(moved(rows, from, to))
    focus.current = { key, which: to < from ? 'up' : 'down' }
    setSaid(t('phases.movedTo', { n: to + 1, total: rows.length }))
  }
  const remove = (i: number) => {
    const next = rows.filter((_, k) => k !== i)
    setRows(next)
    const neighbour = next[Math.min(i, next.length - 1)]
    focus.current = neighbour && next.length > 1 ? { key: neighbour.key, which: 'remove' } : { key: '', which: 'add' }
    setSaid(t('phases.removed', { total: next.length }))
  }
  const add = () => setRows([...rows, busyRow(`new-${++added}`)])

  const total = totalMinutes(rows)
  const cleanup = values.cleanup_minutes
  const totalError = form.errors.phases ?? form.errors.time
  return (
    <Stack spacing="sm" aria-labelledby={`${base}-title`} role="region">
      <Title order={4} id={`${base}-title`}>
        {words.phases}
      </Title>
      <Text size="sm" color="dimmed">
        {t('phases.help')}{' '}
        <Anchor component={Link} to="/config#stations" size="sm" sx={{ textDecoration: 'underline' }}>
          {t('phases.stationsLink')}
        </Anchor>
      </Text>
      {rows.map((row, i) => {
        const n = i + 1
        const title = `${words.phase} ${n} · ${row.operator_busy ? words.operatorBusy : words.processing}`
        const busyError = form.errors[`phases.${i}.operator_busy`]
        return (
          <Box
            key={row.key}
            role="group"
            aria-labelledby={`${base}-${row.key}-title`}
            sx={(theme) => ({
              border: `1px solid ${theme.colors.gray[3]}`,
              borderLeft: `4px solid ${row.operator_busy ? theme.colors.salon![6] : theme.colors.salon![2]}`,
              borderRadius: 4,
              padding: 12,
              background: row.operator_busy ? undefined : theme.colors.salon![0],
            })}
          >
            <Group position="apart" spacing="xs" mb={4}>
              <Text weight={600} id={`${base}-${row.key}-title`}>
                {title}
              </Text>
              <Group spacing={4}>
                <ActionIcon
                  id={idOf(row.key, 'up')}
                  variant="default"
                  aria-label={t('phases.up', { n })}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  id={idOf(row.key, 'down')}
                  variant="default"
                  aria-label={t('phases.down', { n })}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  id={idOf(row.key, 'remove')}
                  variant="default"
                  color="red"
                  aria-label={t('phases.remove', { n })}
                  disabled={rows.length === 1}
                  onClick={() => remove(i)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <Stack spacing="xs">
              <FieldGrid cols={3}>
                <MinutesInput label={t('phases.minutes')} required {...form.getInputProps(`phases.${i}.minutes`)} />
                <Select
                  label={words.station}
                  data={stationOptions}
                  value={row.station === null ? '' : String(row.station)}
                  onChange={(v) => set(`phases.${i}.station`, v ? Number(v) : null)}
                  error={form.errors[`phases.${i}.station`]}
                />
                <TextInput
                  label={t('phases.name')}
                  maxLength={SERVICE_LIMITS.phaseLabelMax}
                  {...form.getInputProps(`phases.${i}.label`)}
                />
              </FieldGrid>
              <div>
                <Switch
                  label={words.operatorBusy}
                  description={row.operator_busy ? undefined : `${words.processing}: ${t('phases.processingHelp')}`}
                  aria-invalid={busyError ? true : undefined}
                  aria-describedby={busyError ? idOf(row.key, 'busy-error') : undefined}
                  {...form.getInputProps(`phases.${i}.operator_busy`, { type: 'checkbox' })}
                />
                {/* Mantine's inline inputs do not tie their error to the input: this one is its description. */}
                {busyError && (
                  <Text id={idOf(row.key, 'busy-error')} size="sm" color="red" mt={4}>
                    {busyError}
                  </Text>
                )}
              </div>
            </Stack>
          </Box>
        )
      })}
      <Group>
        <Button
          ref={addButton}
          variant="light"
          leftIcon={<IconPlus size={16} />}
          disabled={rows.length >= SERVICE_LIMITS.phasesMax}
          onClick={add}
        >
          {t('phases.add')}
        </Button>
      </Group>
      <FieldGrid>
        <MinutesInput
          label={t('phases.cleanup')}
          description={t('phases.cleanupHelp')}
          {...form.getInputProps('cleanup_minutes')}
        />
      </FieldGrid>
      <Stack spacing={4}>
        <Text weight={700} id={`${base}-total`}>
          {cleanup && cleanup > 0
            ? t('phases.totalCleanup', { total: formatDuration(total), cleanup: formatDuration(cleanup) })
            : t('phases.total', { total: formatDuration(total) })}
        </Text>
        <Text size="sm" color="dimmed">
          {t('phases.totalHelp')}
        </Text>
        {totalError && (
          <Text size="sm" color="red" role="alert">
            {totalError}
          </Text>
        )}
        <PhaseBar parts={barParts(rows, cleanup)} />
      </Stack>
      <SrOnly live>{said}</SrOnly>
    </Stack>
  )
}
