import { useState } from 'react'
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { operatorBlockBody } from '@salon/shared/schemas/booking'
import { IconAlertCircle } from '@tabler/icons-react'
import { DateField } from '../../components/form/date-fields'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'
import { salonInstant } from './mapping'

/** The block form's fields: a salon-local day and `HH:mm` times, as people type them. */
export interface BlockFields {
  operator: string
  day: string
  from: string
  to: string
  reason: string
}

export type BlockDialog = { mode: 'create'; fields: BlockFields } | { mode: 'edit'; id: number; fields: BlockFields }

export interface BlockBody {
  operator: number
  date_start: string
  date_end: string
  reason: string | null
}

/** The fields → the API body (instants of the salon's zone); `undefined` for what cannot be read. */
export function blockBodyOf(f: BlockFields, timeZone: string) {
  return {
    operator: f.operator ? Number(f.operator) : undefined,
    date_start: salonInstant(f.day, f.from, timeZone),
    date_end: salonInstant(f.day, f.to, timeZone),
    reason: f.reason.trim() || null,
  }
}

/**
 * The fields' errors by the shared schema `operatorBlockBody` (the rules the server runs for a new
 * block; an edit sends the same complete body, which `operatorBlockPatch` accepts too), mapped
 * onto the form: `date_start` → From, `date_end` → To.
 */
export function validateBlock(
  f: BlockFields,
  timeZone: string,
  words: { chooseOperator: string; chooseTime: string },
): Record<string, string> {
  const body = blockBodyOf(f, timeZone)
  const found = zodValidate(operatorBlockBody)(body)
  const errors: Record<string, string> = {}
  if (!body.operator) errors.operator = words.chooseOperator
  else if (found.operator) errors.operator = found.operator
  if (!body.date_start) errors.from = words.chooseTime
  else if (found.date_start) errors.from = found.date_start
  if (!body.date_end) errors.to = words.chooseTime
  else if (found.date_end) errors.to = found.date_end
  if (found.reason) errors.reason = found.reason
  return errors
}

/**
 * "Block time": an operator's time taken out of the calendar (training, leave, a doctor's visit),
 * opened by a selection in the agenda (prefilled) or by the toolbar's button (keyboard path), and
 * for an existing block by clicking it (edit its times or reason, or remove it).
 */
export function BlockModal({
  dialog,
  operators,
  timeZone,
  saving,
  refusal,
  onClose,
  onSave,
  onDelete,
}: {
  dialog: BlockDialog | null
  operators: { value: string; label: string }[]
  timeZone: string
  saving?: boolean
  /** The server's refusal of the last try (409 / 400 message). */
  refusal?: string | null
  onClose: () => void
  onSave: (body: BlockBody, dialog: BlockDialog) => void
  onDelete?: (id: number) => void
}) {
  const t = useT()
  return (
    <Modal
      opened={!!dialog}
      onClose={onClose}
      title={dialog?.mode === 'edit' ? t('agenda.block.editTitle') : t('agenda.block.title')}
      closeButtonLabel={t('common.cancel')}
    >
      {dialog && (
        // A new dialog is a new form: its fields start from the dialog's (key = what was opened).
        <BlockForm
          key={JSON.stringify(dialog)}
          dialog={dialog}
          operators={operators}
          timeZone={timeZone}
          saving={saving}
          refusal={refusal}
          onClose={onClose}
          onSave={onSave}
          onDelete={onDelete}
        />
      )}
    </Modal>
  )
}

function BlockForm({
  dialog,
  operators,
  timeZone,
  saving,
  refusal,
  onClose,
  onSave,
  onDelete,
}: {
  dialog: BlockDialog
  operators: { value: string; label: string }[]
  timeZone: string
  saving?: boolean
  refusal?: string | null
  onClose: () => void
  onSave: (body: BlockBody, dialog: BlockDialog) => void
  onDelete?: (id: number) => void
}) {
  const t = useT()
  const [fields, setFields] = useState<BlockFields>(dialog.fields)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [confirmDelete, setConfirmDelete] = useState(false)

  const set = (patch: Partial<BlockFields>) => setFields((f) => ({ ...f, ...patch }))
  const submit = () => {
    const found = validateBlock(fields, timeZone, {
      chooseOperator: t('agenda.block.chooseOperator'),
      chooseTime: t('agenda.block.chooseTime'),
    })
    setErrors(found)
    if (Object.keys(found).length) return
    const body = blockBodyOf(fields, timeZone)
    onSave(
      {
        operator: body.operator!,
        date_start: body.date_start!,
        date_end: body.date_end!,
        reason: body.reason,
      },
      dialog,
    )
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <Stack spacing="sm">
        <Text size="sm">{t('agenda.block.intro')}</Text>
        <Select
          label={t('agenda.block.operator')}
          required
          data={operators}
          value={fields.operator || null}
          onChange={(v) => set({ operator: v ?? '' })}
          error={errors.operator}
        />
        <DateField label={t('agenda.block.day')} required value={fields.day} onChange={(day) => set({ day })} />
        <SimpleGrid cols={2}>
          <TextInput
            type="time"
            label={t('agenda.block.from')}
            required
            value={fields.from}
            onChange={(e) => set({ from: e.currentTarget.value })}
            error={errors.from}
          />
          <TextInput
            type="time"
            label={t('agenda.block.to')}
            required
            value={fields.to}
            onChange={(e) => set({ to: e.currentTarget.value })}
            error={errors.to}
          />
        </SimpleGrid>
        <TextInput
          label={t('agenda.block.reason')}
          placeholder={t('agenda.block.reasonPlaceholder')}
          value={fields.reason}
          maxLength={120}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          error={errors.reason}
        />
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('agenda.block.refused')} role="alert">
            {refusal}
          </Alert>
        )}
        <Group position="apart" mt="sm">
          {dialog.mode === 'edit' && onDelete ? (
            confirmDelete ? (
              <Group spacing="xs">
                <Text size="sm">{t('agenda.block.deleteConfirm')}</Text>
                <Button color="red" onClick={() => onDelete(dialog.id)} loading={saving}>
                  {t('agenda.block.delete')}
                </Button>
              </Group>
            ) : (
              <Button variant="outline" color="red" onClick={() => setConfirmDelete(true)}>
                {t('agenda.block.delete')}
              </Button>
            )
          ) : (
            <span />
          )}
          <Group spacing="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {dialog.mode === 'edit' ? t('agenda.block.update') : t('agenda.block.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}
