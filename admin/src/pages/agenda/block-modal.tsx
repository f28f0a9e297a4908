import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import {
  OPERATOR_BLOCK_MAX_DAYS,
  OPERATOR_BLOCK_REASON_MAX,
  operatorBlockBody,
  type OperatorBlockBody,
} from '@salon/shared/schemas/booking'
import { addCalendarDays } from '@salon/shared/booking/periods'
import { IconAlertCircle } from '@tabler/icons-react'
import { DateField } from '../../components/form/date-fields'
import { issueText } from '../../i18n/messages'
import { useT } from '../../i18n/use-t'
import { salonInstant } from '../../lib/salon-time'
import { isDay } from './mapping'
import { BlockRefusal, overlapsOf } from './block-refusal'

/**
 * The block form's fields: salon-local days and `HH:mm` times, as people type them. A block may
 * span days (a leave): from `day` `from` to `toDay` `to`.
 */
export interface BlockFields {
  operator: string
  day: string
  from: string
  toDay: string
  to: string
  reason: string
}

/** What the dialog shows: a new block or an existing one, and the server's refusal of the last try. */
export type BlockDialog = (
  { mode: 'create'; fields: BlockFields } | { mode: 'edit'; id: number; fields: BlockFields }
) & {
  /** The server's refusal of the last try (409 / 400 message). */
  refusal?: string | null
  /** The refusal as the data provider gave it: a booking in the block's time is named from it (in words, with links). */
  error?: unknown
}

/** The fields → the API body (instants of the salon's zone); `undefined` for what cannot be read. */
export function blockBodyOf(f: BlockFields, timeZone: string) {
  return {
    operator: f.operator ? Number(f.operator) : undefined,
    date_start: salonInstant(f.day, f.from, timeZone),
    date_end: salonInstant(f.toDay, f.to, timeZone),
    reason: f.reason.trim() || null,
  }
}

/**
 * The fields checked by the shared schema `operatorBlockBody` (the rules the server runs for a new
 * block, up to OPERATOR_BLOCK_MAX_DAYS days; an edit sends the same complete body, which
 * `operatorBlockPatch` accepts too): the errors mapped onto the form (`date_start` → From,
 * `date_end` → To) and, when there are none, the body to send.
 */
export function validateBlock(
  f: BlockFields,
  timeZone: string,
  words: { chooseOperator: string; chooseDay: string; chooseTime: string },
): { errors: Record<string, string>; body: OperatorBlockBody | null } {
  const draft = blockBodyOf(f, timeZone)
  const result = operatorBlockBody.safeParse(draft)
  const found: Record<string, string> = {}
  if (!result.success)
    for (const issue of result.error.issues) found[String(issue.path[0] ?? 'form')] ??= issueText(issue)
  const errors: Record<string, string> = {}
  if (!draft.operator) errors.operator = words.chooseOperator
  else if (found.operator) errors.operator = found.operator
  if (!isDay(f.day)) errors.day = words.chooseDay
  else if (!draft.date_start) errors.from = words.chooseTime
  else if (found.date_start) errors.from = found.date_start
  if (!isDay(f.toDay)) errors.toDay = words.chooseDay
  else if (!draft.date_end) errors.to = words.chooseTime
  else if (found.date_end) errors.to = found.date_end
  if (found.reason) errors.reason = found.reason
  const ok = result.success && Object.keys(errors).length === 0
  return { errors, body: ok ? result.data : null }
}

interface BlockModalProps {
  dialog: BlockDialog | null
  operators: { value: string; label: string }[]
  timeZone: string
  saving?: boolean
  onClose: () => void
  onSave: (body: OperatorBlockBody, dialog: BlockDialog) => void
  onDelete?: (id: number) => void
}

/**
 * "Block time": an operator's time taken out of the calendar (training, leave, a doctor's visit),
 * opened by a selection in the agenda (prefilled) or by the toolbar's button (keyboard path), and
 * for an existing block by clicking it (edit its days, times or reason, or remove it).
 */
export function BlockModal(props: BlockModalProps) {
  const t = useT()
  const { dialog, onClose } = props
  // A new dialog is a new form: its fields start from the dialog's (key = what was opened; a
  // refusal of the server keeps what was typed).
  const key = dialog && JSON.stringify({ ...dialog, refusal: undefined, error: undefined })
  return (
    <Modal
      opened={!!dialog}
      onClose={onClose}
      title={dialog?.mode === 'edit' ? t('agenda.block.editTitle') : t('agenda.block.title')}
      closeButtonLabel={t('common.close')}
    >
      {dialog && <BlockForm key={key} {...props} dialog={dialog} />}
    </Modal>
  )
}

function BlockForm({
  dialog,
  operators,
  timeZone,
  saving,
  onClose,
  onSave,
  onDelete,
}: BlockModalProps & { dialog: BlockDialog }) {
  const t = useT()
  const [fields, setFields] = useState<BlockFields>(dialog.fields)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [confirmDelete, setConfirmDelete] = useState(false)
  const overlaps = dialog.error === undefined ? undefined : overlapsOf(dialog.error)
  // The step's button replaces the one pressed: focus moves to the new one (else it falls to the
  // page, outside the dialog, and Escape or Tab no longer reach it) — and back on "Cancel".
  const keepButton = useRef<HTMLButtonElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)
  const asked = useRef(false)
  useEffect(() => {
    if (confirmDelete) keepButton.current?.focus()
    else if (asked.current) removeButton.current?.focus()
    asked.current = confirmDelete
  }, [confirmDelete])

  const set = (patch: Partial<BlockFields>) => setFields((f) => ({ ...f, ...patch }))
  /** A new first day takes the last day along when it was the same day or would be before it. */
  const setDay = (day: string) =>
    setFields((f) => ({ ...f, day, toDay: f.toDay === f.day || f.toDay < day ? day : f.toDay }))
  const submit = () => {
    const { errors, body } = validateBlock(fields, timeZone, {
      chooseOperator: t('agenda.block.chooseOperator'),
      chooseDay: t('agenda.block.chooseDay'),
      chooseTime: t('agenda.block.chooseTime'),
    })
    setErrors(errors)
    if (body) onSave(body, dialog)
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
        <SimpleGrid cols={2} spacing="sm">
          <DateField label={t('agenda.block.day')} required value={fields.day} onChange={setDay} error={errors.day} />
          <TextInput
            type="time"
            label={t('agenda.block.from')}
            required
            value={fields.from}
            onChange={(e) => set({ from: e.currentTarget.value })}
            error={errors.from}
          />
          <DateField
            label={t('agenda.block.toDay')}
            required
            min={fields.day}
            max={isDay(fields.day) ? addCalendarDays(fields.day, OPERATOR_BLOCK_MAX_DAYS) : undefined}
            value={fields.toDay}
            onChange={(toDay) => set({ toDay })}
            error={errors.toDay}
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
          maxLength={OPERATOR_BLOCK_REASON_MAX}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          error={errors.reason}
        />
        {dialog.refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('agenda.block.refused')} role="alert">
            {overlaps ? (
              <BlockRefusal overlaps={overlaps} timeZone={timeZone} withDay={fields.day !== fields.toDay} />
            ) : (
              dialog.refusal
            )}
          </Alert>
        )}
        {dialog.mode === 'edit' && onDelete && confirmDelete ? (
          <Stack spacing="xs" mt="sm" role="group" aria-labelledby="block-delete-question">
            <Text size="sm" id="block-delete-question">
              {t('agenda.block.deleteConfirm')}
            </Text>
            <Group spacing="xs" position="right">
              <Button ref={keepButton} variant="default" onClick={() => setConfirmDelete(false)}>
                {t('common.cancel')}
              </Button>
              <Button color="red" onClick={() => onDelete(dialog.id)} loading={saving}>
                {t('agenda.block.deleteYes')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group position="apart" mt="sm" spacing="xs">
            {dialog.mode === 'edit' && onDelete ? (
              <Button ref={removeButton} variant="outline" color="red" onClick={() => setConfirmDelete(true)}>
                {t('agenda.block.delete')}
              </Button>
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
        )}
      </Stack>
    </form>
  )
}
