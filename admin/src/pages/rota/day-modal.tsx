import { useState } from 'react'
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useNotification } from '@refinedev/core'
import { EXCEPTION_NOTE_MAX, shiftExceptionBody, type LeaveItem } from '@salon/shared/schemas/rota'
import { IconInfoCircle } from '@tabler/icons-react'
import { ShiftDayFields, type ShiftDayValue, type TimeInterval } from '../../components/form/shift-day'
import { zodValidate } from '../../components/form/zod-validate'
import { LeaveBadge } from '../../components/leave-badge'
import { SrOnly } from '../../components/sr-only'
import { useT } from '../../i18n/use-t'
import { fieldErrorsOf, messageOf, useRotaWrites } from './api'
import type { RotaCell } from './model'
import { leaveDetail } from './cell'

/** The phone's full-screen dialogs: below this width a dialog takes the whole screen. */
export const PHONE_QUERY = '(max-width: 640px)'

export interface DayDialog {
  cell: RotaCell
  /** The day in words: "Tuesday 1 December". */
  dayLabel: string
}

/**
 * One person's day on the rota (click, Enter or Space on a cell): its hours for that day only —
 * intervals added and removed, "Not working", a note — saved as a one-day exception
 * (`PUT /api/operators/:id/exceptions/:date`), or "Back to the usual shift" (the exception
 * deleted). Checked with the shared `shiftExceptionBody`; the server's field errors show in place.
 */
export function DayModal({
  dialog,
  fallback,
  onClose,
  onSaved,
  onEditLeave,
}: {
  dialog: DayDialog | null
  /** The salon's hours of that weekday: a day switched back on starts from them. */
  fallback?: readonly TimeInterval[]
  onClose: () => void
  /** After a save or a reset: the grid reloads and the conflicts are checked. */
  onSaved: (cell: RotaCell, what: 'saved' | 'reset') => void
  /** "Edit" on the day's leave: the leave form instead of this one. */
  onEditLeave?: (leave: LeaveItem) => void
}) {
  const t = useT()
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  const title = dialog ? t('rota.day.title', { name: dialog.cell.operator.name, day: dialog.dayLabel }) : ''
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
        <DayForm
          key={`${dialog.cell.operator.id}|${dialog.cell.date}`}
          dialog={dialog}
          title={title}
          fallback={fallback}
          onClose={onClose}
          onSaved={onSaved}
          onEditLeave={onEditLeave}
        />
      )}
    </Modal>
  )
}

function DayForm({
  dialog,
  title,
  fallback,
  onClose,
  onSaved,
  onEditLeave,
}: {
  dialog: DayDialog
  title: string
  fallback?: readonly TimeInterval[]
  onClose: () => void
  onSaved: (cell: RotaCell, what: 'saved' | 'reset') => void
  onEditLeave?: (leave: LeaveItem) => void
}) {
  const t = useT()
  const { open } = useNotification()
  const writes = useRotaWrites()
  const { cell, dayLabel } = dialog
  const source = cell.exception ? 'EXCEPTION' : (cell.day?.source ?? 'SALON')
  const start = cell.exception?.intervals ?? cell.shift
  const [value, setValue] = useState<ShiftDayValue>({
    off: start.length === 0,
    intervals: start.map((i) => ({ opening_time: i.opening_time, closing_time: i.closing_time })),
  })
  const [note, setNote] = useState(cell.exception?.note ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null)
  const who = { name: cell.operator.name, day: dayLabel }

  const body = () => ({ intervals: value.off ? [] : value.intervals, note: note.trim() || null })
  const save = async () => {
    const found = zodValidate(shiftExceptionBody)(body())
    setErrors(found)
    setRefusal(null)
    if (Object.keys(found).length > 0) return
    setBusy('save')
    try {
      await writes.putException(cell.operator.id, cell.date, shiftExceptionBody.parse(body()))
      open?.({ type: 'success', message: t('rota.day.saved', who) })
      onSaved(cell, 'saved')
      onClose()
    } catch (e) {
      const fields = fieldErrorsOf(e)
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])))
      setRefusal(Object.keys(fields).length ? null : messageOf(e, t('rota.notSaved')))
    } finally {
      setBusy(null)
    }
  }
  const reset = async () => {
    setBusy('reset')
    setRefusal(null)
    try {
      await writes.deleteException(cell.operator.id, cell.date)
      open?.({ type: 'success', message: t('rota.day.resetDone', who) })
      onSaved(cell, 'reset')
      onClose()
    } catch (e) {
      setRefusal(messageOf(e, t('rota.notSaved')))
    } finally {
      setBusy(null)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <Stack spacing="md">
        <Text size="sm">{t(`rota.day.source.${source}`)}</Text>
        {cell.leave.length > 0 && (
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} p="sm">
            <Group spacing={6}>
              <Text size="sm">{t('rota.day.onLeave')}</Text>
              {cell.leave.map((l) => (
                <Group key={l.item.id} spacing={4}>
                  <LeaveBadge kind={l.kind} detail={leaveDetail(l, t)} />
                  {onEditLeave && (
                    <Button variant="subtle" compact onClick={() => onEditLeave(l.item)} sx={{ minHeight: 44 }}>
                      {t('leave.list.edit')}
                      <SrOnly>: {t.glossary.leaveKind[l.kind]}</SrOnly>
                    </Button>
                  )}
                </Group>
              ))}
            </Group>
          </Alert>
        )}
        <ShiftDayFields
          legend={title}
          hideLegend
          value={value}
          onChange={(v) => {
            setValue(v)
            setErrors({})
          }}
          errorOf={(path) => errors[path]}
          offLabel={t('rota.day.notWorking')}
          offHelp={value.off ? t('rota.day.notWorkingHelp') : undefined}
          fallback={fallback}
        />
        <TextInput
          label={t('rota.day.note')}
          placeholder={t('rota.day.notePlaceholder')}
          value={note}
          maxLength={EXCEPTION_NOTE_MAX}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          styles={{ input: { minHeight: 44 } }}
        />
        <Text size="sm" color="dimmed">
          {t('rota.day.help')}
        </Text>
        {refusal && (
          <Text size="sm" color="red" role="alert">
            {refusal}
          </Text>
        )}
        <Group position="apart" spacing="sm">
          {cell.exception ? (
            <Button
              variant="outline"
              loading={busy === 'reset'}
              disabled={busy === 'save'}
              onClick={() => void reset()}
              sx={{ minHeight: 44 }}
            >
              {t('rota.day.reset')}
            </Button>
          ) : (
            <span />
          )}
          <Group spacing="sm" sx={{ marginLeft: 'auto' }}>
            <Button variant="default" onClick={onClose} disabled={busy !== null} sx={{ minHeight: 44 }}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy === 'save'} disabled={busy === 'reset'} sx={{ minHeight: 44 }}>
              {t('rota.day.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}
