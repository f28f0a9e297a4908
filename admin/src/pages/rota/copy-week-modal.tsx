import { useState } from 'react'
import { Modal, NumberInput, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useNotification } from '@refinedev/core'
import { COPY_WEEKS_MAX, copyWeekBody } from '@salon/shared/schemas/rota'
import { ModalActions } from '../../components/modal-actions'
import { zodValidate } from '../../components/form/zod-validate'
import { useT } from '../../i18n/use-t'
import { fieldErrorsOf, messageOf, useRotaWrites } from './api'
import { PHONE_QUERY } from './day-modal'

/**
 * "Copy week": the shown week's shifts written onto the next 1–12 weeks (as one-day exceptions,
 * leave not copied; `POST /api/rota/copy-week`), checked with the shared `copyWeekBody`.
 */
export function CopyWeekModal({
  opened,
  monday,
  range,
  onClose,
  onCopied,
}: {
  opened: boolean
  /** The week copied: its Monday. */
  monday: string
  /** The week in words ("1 Dec – 7 Dec 2026"). */
  range: string
  onClose: () => void
  onCopied: () => void
}) {
  const t = useT()
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('rota.copy.title')}
      fullScreen={phone}
      closeButtonLabel={t('common.close')}
    >
      {opened && <CopyWeekForm monday={monday} range={range} onClose={onClose} onCopied={onCopied} />}
    </Modal>
  )
}

function CopyWeekForm({
  monday,
  range,
  onClose,
  onCopied,
}: {
  monday: string
  range: string
  onClose: () => void
  onCopied: () => void
}) {
  const t = useT()
  const { open } = useNotification()
  const writes = useRotaWrites()
  const [weeks, setWeeks] = useState<number | undefined>(1)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    const body = { from: monday, weeks: weeks ?? '' }
    const found = zodValidate(copyWeekBody)(body)
    setErrors(found)
    setRefusal(null)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      const answer = await writes.copyWeek(copyWeekBody.parse(body))
      open?.({ type: 'success', message: t('rota.copy.done', { count: answer.written }) })
      onCopied()
      onClose()
    } catch (e) {
      const fields = fieldErrorsOf(e)
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])))
      setRefusal(Object.keys(fields).length ? null : messageOf(e, t('rota.notSaved')))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Stack spacing="md">
        <Text size="sm">{t('rota.copy.intro', { range })}</Text>
        <NumberInput
          label={t('rota.copy.weeks')}
          description={t('rota.copy.weeksHelp', { max: COPY_WEEKS_MAX })}
          min={1}
          max={COPY_WEEKS_MAX}
          step={1}
          value={weeks}
          onChange={(v) => setWeeks(v)}
          error={errors.weeks ?? errors.from}
          data-autofocus
          styles={{ input: { minHeight: 44 } }}
        />
        {refusal && (
          <Text size="sm" color="red" role="alert">
            {refusal}
          </Text>
        )}
        <ModalActions onCancel={onClose} cancelDisabled={busy} loading={busy} submitLabel={t('rota.copy.submit')} />
      </Stack>
    </form>
  )
}
