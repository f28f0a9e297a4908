import { useState } from 'react'
import { Modal, Stack, Text } from '@mantine/core'
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core'
import type { WaitlistEntryItem, WaitlistOfferItem } from '@salon/shared/schemas/waitlist'
import { ModalActions } from '../../components/modal-actions'
import { SlotPicker, type FreeSlot } from '../../components/slot-picker'
import { useT } from '../../i18n/use-t'
import { reasonOf } from '../../providers/payload-errors'
import { clockOf, entryName, longDay } from './format'

/** The slot's start on the salon's clock is inside the entry's window (start ≥ from, end ≤ to). */
export function inWindow(slot: FreeSlot, entry: Pick<WaitlistEntryItem, 'from' | 'to'>, timeZone: string): boolean {
  const hm = (iso: string) => clockOf(iso, 'en-GB', timeZone)
  return hm(slot.start) >= entry.from && hm(slot.end) <= entry.to
}

/**
 * "Offer a time" (by hand): the entry's free starts on the page's day inside its window (the same
 * `GET /api/reservations/book-slots` as a staff booking, for its services and operator) → `POST
 * /api/waitlist/{id}/offer`; the time is held and sent like an automatic offer. A time taken
 * meanwhile (409 with a booking refusal code) is worded here and the times are read again.
 */
export function OfferModal({
  entry,
  day,
  timeZone,
  onClose,
  onDone,
}: {
  entry: WaitlistEntryItem
  day: string
  timeZone: string
  onClose: () => void
  onDone: () => void
}) {
  const t = useT()
  const [chosen, setChosen] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const slots = useCustom<{ slots: FreeSlot[] }>({
    url: '/api/reservations/book-slots',
    method: 'get',
    config: {
      query: { date: day, services: entry.services.map((s) => s.id).join(','), operator: entry.operator?.id ?? 'any' },
    },
  })
  const free = (slots.result.data?.slots ?? []).filter((s) => inWindow(s, entry, timeZone))
  const { mutate, mutation } = useCustomMutation<WaitlistOfferItem>()
  const slot = free.find((s) => s.start === chosen)
  const send = () => {
    if (!chosen) return
    setRefusal(null)
    // The entry asked for one operator: hold them; "anyone": the first free at that time (the server
    // picks the least booked when none is sent, but the slot names who is free).
    const operator = entry.operator?.id ?? slot?.operators[0]
    mutate(
      {
        url: `/api/waitlist/${entry.id}/offer`,
        method: 'post',
        values: { date_start: chosen, ...(operator ? { operator } : {}) },
        successNotification: () => ({ type: 'success', message: t('waitlist.offered') }),
        errorNotification: false,
      },
      {
        onSuccess: () => onDone(),
        onError: (e: HttpError) => {
          setRefusal(e.message)
          if (reasonOf(e)) {
            setChosen(null)
            void slots.query.refetch()
          }
        },
      },
    )
  }
  const name = entryName(entry, (id) => t('waitlist.clientWithoutName', { id }))
  return (
    <Modal opened onClose={onClose} title={t('waitlist.offerTimeFor', { name })} closeButtonLabel={t('common.close')}>
      <Stack spacing="md">
        <Text size="sm">
          {t('waitlist.offerIntro', {
            services: entry.services.map((s) => s.name).join(', '),
            day: longDay(day, t.intl),
            from: entry.from,
            to: entry.to,
          })}
        </Text>
        <SlotPicker
          slots={free}
          loading={slots.query.isFetching}
          value={chosen}
          onChange={setChosen}
          timeZone={timeZone}
          empty={t('waitlist.noFreeTime')}
        />
        <ModalActions
          onCancel={onClose}
          onSubmit={send}
          disabled={!chosen}
          loading={mutation.isPending}
          submitLabel={
            chosen ? t('waitlist.send', { time: clockOf(chosen, t.intl, timeZone) }) : t('booking.chooseTime')
          }
          refusal={refusal ? { title: t('waitlist.refused'), message: refusal } : null}
        />
      </Stack>
    </Modal>
  )
}
