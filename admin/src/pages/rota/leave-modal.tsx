import { useEffect, useRef, useState } from 'react'
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useNotification } from '@refinedev/core'
import { LEAVE_KINDS, type LeaveKind } from '@salon/shared/enums/index'
import { LEAVE_NOTE_MAX } from '@salon/shared/schemas/rota'
import { DateField, DateRangeFields } from '../../components/form/date-fields'
import { useT } from '../../i18n/use-t'
import { fieldErrorsOf, messageOf, useRotaWrites } from './api'
import { PHONE_QUERY } from './day-modal'
import { leaveErrorsOf, validateLeave, type LeaveFields } from './model'

/** What the leave dialog shows: a new leave (maybe for a chosen person and day) or a saved one. */
export type LeaveDialog = { mode: 'create'; fields: LeaveFields } | { mode: 'edit'; id: number; fields: LeaveFields }

const TOUCH = { input: { minHeight: 44 } }

/**
 * "Add leave" (the rota's button, the operator page's list) and editing a saved leave: the
 * person, the kind (the glossary's words), whole days from–to or one day from a time to a time,
 * a note → `POST /api/operator-leave` / `PATCH /:id`, and delete (asked in place) → `DELETE /:id`.
 * Checked with the shared `leaveBody`; the server's field errors (an end before the start…) show
 * next to the field they are about.
 */
export function LeaveModal({
  dialog,
  operators,
  operatorName,
  timeZone,
  onClose,
  onSaved,
}: {
  dialog: LeaveDialog | null
  /** The people to choose from; none = the person is given (the operator page): no choice shown. */
  operators?: { value: string; label: string }[]
  /** The given person's name (in the title when there is no choice). */
  operatorName?: string
  timeZone: string
  onClose: () => void
  /** After a save or a delete, with the person whose time changed. */
  onSaved: (operator: number) => void
}) {
  const t = useT()
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  const base = dialog?.mode === 'edit' ? t('leave.editTitle') : t('leave.title')
  const title = operatorName ? `${base} · ${operatorName}` : base
  return (
    <Modal
      opened={!!dialog}
      onClose={onClose}
      title={title}
      fullScreen={phone}
      size="lg"
      closeButtonLabel={t('common.close')}
    >
      {dialog && (
        <LeaveForm
          key={dialog.mode === 'edit' ? `edit-${dialog.id}` : 'create'}
          dialog={dialog}
          operators={operators}
          timeZone={timeZone}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  )
}

function LeaveForm({
  dialog,
  operators,
  timeZone,
  onClose,
  onSaved,
}: {
  dialog: LeaveDialog
  operators?: { value: string; label: string }[]
  timeZone: string
  onClose: () => void
  onSaved: (operator: number) => void
}) {
  const t = useT()
  const { open } = useNotification()
  const writes = useRotaWrites()
  const [fields, setFields] = useState<LeaveFields>(dialog.fields)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null)
  const [asking, setAsking] = useState(false)
  const set = (patch: Partial<LeaveFields>) => {
    setFields((f) => ({ ...f, ...patch }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }
  // The delete step's buttons replace the one pressed: the focus goes with them (and back).
  const keepButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const asked = useRef(false)
  useEffect(() => {
    if (asking) keepButton.current?.focus()
    else if (asked.current) deleteButton.current?.focus()
    asked.current = asking
  }, [asking])

  const save = async () => {
    const { errors: found, body } = validateLeave(fields, timeZone, {
      chooseOperator: t('leave.chooseOperator'),
      chooseDay: t('leave.chooseDay'),
      chooseTime: t('leave.chooseTime'),
    })
    setErrors(found)
    setRefusal(null)
    if (!body) return
    setBusy('save')
    try {
      if (dialog.mode === 'edit') await writes.updateLeave(dialog.id, body)
      else await writes.createLeave(body)
      open?.({ type: 'success', message: t('leave.saved') })
      onSaved(body.operator)
      onClose()
    } catch (e) {
      const fieldErrors = leaveErrorsOf(fieldErrorsOf(e), fields.mode)
      setErrors(fieldErrors)
      setRefusal(Object.keys(fieldErrors).length ? null : messageOf(e, t('rota.notSaved')))
    } finally {
      setBusy(null)
    }
  }
  const remove = async () => {
    if (dialog.mode !== 'edit') return
    setBusy('delete')
    setRefusal(null)
    try {
      await writes.deleteLeave(dialog.id)
      open?.({ type: 'success', message: t('leave.deleted') })
      onSaved(Number(dialog.fields.operator))
      onClose()
    } catch (e) {
      setAsking(false)
      setRefusal(messageOf(e, t('rota.notSaved')))
    } finally {
      setBusy(null)
    }
  }

  const kinds = LEAVE_KINDS.map((k) => ({ value: k, label: t.glossary.leaveKind[k] }))
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <Stack spacing="md">
        {operators && (
          <Select
            label={t('leave.operator')}
            required
            data={operators}
            placeholder={t('leave.choose')}
            value={fields.operator || null}
            onChange={(v) => set({ operator: v ?? '' })}
            error={errors.operator}
            styles={TOUCH}
          />
        )}
        <Select
          label={t('leave.kind')}
          required
          data={kinds}
          placeholder={t('leave.choose')}
          value={fields.kind || null}
          onChange={(v) => set({ kind: (v ?? '') as LeaveKind | '' })}
          error={errors.kind}
          styles={TOUCH}
        />
        <Stack spacing={4}>
          <Text size="sm" weight={500} id="leave-mode-label">
            {t('leave.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby="leave-mode-label"
            fullWidth
            value={fields.mode}
            onChange={(v) => set({ mode: v as LeaveFields['mode'] })}
            data={[
              { value: 'days', label: t('leave.mode.days') },
              { value: 'hours', label: t('leave.mode.hours') },
            ]}
            styles={{ label: { minHeight: 40, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
          />
        </Stack>
        {fields.mode === 'days' ? (
          <SimpleGrid cols={2} spacing="sm" breakpoints={[{ maxWidth: 400, cols: 1 }]}>
            <DateRangeFields
              fromLabel={t('leave.fromDay')}
              toLabel={t('leave.toDay')}
              from={fields.fromDay}
              to={fields.toDay}
              fromRequired
              toRequired
              fromError={errors.fromDay}
              toError={errors.toDay}
              styles={TOUCH}
              onChange={({ from, to }) => set({ fromDay: from, toDay: to })}
            />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={3} spacing="sm" breakpoints={[{ maxWidth: 480, cols: 1 }]}>
            <DateField
              label={t('leave.day')}
              required
              value={fields.day}
              onChange={(day) => set({ day })}
              error={errors.day}
              styles={TOUCH}
            />
            <TextInput
              type="time"
              label={t('leave.from')}
              required
              value={fields.from}
              onChange={(e) => set({ from: e.currentTarget.value })}
              error={errors.from}
              styles={TOUCH}
            />
            <TextInput
              type="time"
              label={t('leave.to')}
              required
              value={fields.to}
              onChange={(e) => set({ to: e.currentTarget.value })}
              error={errors.to}
              styles={TOUCH}
            />
          </SimpleGrid>
        )}
        <Textarea
          label={t('leave.note')}
          autosize
          minRows={2}
          maxLength={LEAVE_NOTE_MAX}
          value={fields.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
          error={errors.note}
        />
        {(refusal || errors.form) && (
          <Text size="sm" color="red" role="alert">
            {refusal ?? errors.form}
          </Text>
        )}
        {asking ? (
          <Alert
            color="red"
            title={t('leave.deleteQuestion')}
            role="alertdialog"
            aria-label={t('leave.deleteQuestion')}
          >
            <Text size="sm">{t('delete.cannotUndo')}</Text>
            <Group mt="sm" spacing="sm">
              <Button ref={keepButton} variant="default" onClick={() => setAsking(false)} sx={{ minHeight: 44 }}>
                {t('common.cancel')}
              </Button>
              <Button color="red" loading={busy === 'delete'} onClick={() => void remove()} sx={{ minHeight: 44 }}>
                {t('delete.confirm')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group position="apart" spacing="sm">
            {dialog.mode === 'edit' ? (
              <Button
                ref={deleteButton}
                color="red"
                variant="outline"
                onClick={() => setAsking(true)}
                disabled={busy !== null}
                sx={{ minHeight: 44 }}
              >
                {t('leave.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group spacing="sm" sx={{ marginLeft: 'auto' }}>
              <Button variant="default" onClick={onClose} disabled={busy !== null} sx={{ minHeight: 44 }}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy === 'save'} sx={{ minHeight: 44 }}>
                {t('leave.save')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  )
}
