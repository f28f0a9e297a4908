import type { ReactNode } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import {
  ALLERGIES_MAX,
  BLOCKED_REASON_MAX,
  CLIENT_TAG_MAX,
  clientPatchBody,
  TECHNICAL_NOTES_MAX,
} from '@salon/shared/schemas/clients'
import { localDayOf } from '@salon/shared/booking/periods'
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react'
import { DateField } from '../../components/form/date-fields'
import { FieldGrid } from '../../components/form/fields'
import { zodValidate } from '../../components/form/zod-validate'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import type { ClientCard, ClientWrites } from './api'
import { useSectionSave } from './use-save'
import { dayText } from './words'

/** A card section: a titled box, its own form and Save. */
export function Section({
  title,
  children,
  testId,
  headingId,
}: {
  title: string
  children: ReactNode
  testId?: string
  headingId?: string
}) {
  return (
    <Card
      withBorder
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      // Roomy on a desk, tighter on a phone (the page already has its margin).
      sx={(theme) => ({ padding: theme.spacing.md, [theme.fn.largerThan('sm')]: { padding: theme.spacing.lg } })}
    >
      <Title order={4} mb="sm" id={headingId}>
        {title}
      </Title>
      {children}
    </Card>
  )
}

/** A button whose words may take two lines on a phone (a long name). */
export const WRAP = {
  root: { height: 'auto', minHeight: 36, paddingTop: 6, paddingBottom: 6 },
  label: { whiteSpace: 'normal' as const },
}

/** A list without bullets, its items `gap` apart (visits, notes, cards). */
export function PlainList({ children, gap = 'xs', label }: { children: ReactNode; gap?: 'xs' | 'sm'; label?: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={(theme) => ({
        listStyle: 'none',
        padding: 0,
        margin: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: theme.spacing[gap],
      })}
    >
      {children}
    </Box>
  )
}

/** A form's own error (not a field's), announced. */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {error}
    </Alert>
  ) : null
}

/** Field errors by the field itself: zod says `tags.2`, the tags input is `tags`. */
const byField =
  <V,>(validate: (values: V) => Record<string, string>) =>
  (values: V) => {
    const out: Record<string, string> = {}
    for (const [path, message] of Object.entries(validate(values))) out[path.split('.')[0]!] ??= message
    return out
  }

interface SectionProps {
  card: ClientCard
  writes: ClientWrites
  onSaved: () => unknown
  /** An ADMIN: every field; an operator only the technical record and the tags (docs/api.md). */
  isAdmin: boolean
}

interface ContactValues extends Record<string, unknown> {
  name: string
  surname: string
  phone_number: string
  email: string
  birthday: string
  marketing_consent: boolean
  sms_consent: boolean
}

/**
 * Contact and consent: name, surname, phone, e-mail, birthday, marketing consent with the day it
 * was given (set by the server). `PATCH /api/clients/:id` with the shared `clientPatchBody`.
 */
export function ContactSection({ card, writes, onSaved, isAdmin }: SectionProps) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const form = useForm<ContactValues>({
    initialValues: {
      name: card.name,
      surname: card.surname ?? '',
      phone_number: card.phone_number ?? '',
      email: card.email ?? '',
      birthday: card.birthday ?? '',
      marketing_consent: card.marketing_consent,
      sms_consent: card.sms_consent,
    },
    validate: zodValidate<ContactValues>(clientPatchBody),
  })
  const { save, busy, error } = useSectionSave(form)
  const submit = (values: ContactValues) =>
    void save(() => writes.patch(card.id, clientPatchBody.parse(values)), onSaved)
  const consentHelp = (at: string | null, on: boolean) =>
    at
      ? t('clients.consentSince', { day: dayText(at, t, timeZone) })
      : on
        ? t('clients.consentDatedOnSave')
        : t('clients.consentNone')
  return (
    <Section title={t('clients.section.contact')} headingId="client-contact">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <fieldset disabled={!isAdmin} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack spacing="sm">
            <FieldGrid>
              <TextInput label={t('clients.field.name')} required {...form.getInputProps('name')} />
              <TextInput label={t('clients.field.surname')} {...form.getInputProps('surname')} />
            </FieldGrid>
            <FieldGrid>
              <TextInput label={t('clients.field.phone')} type="tel" {...form.getInputProps('phone_number')} />
              <TextInput label={t('clients.field.email')} type="email" {...form.getInputProps('email')} />
            </FieldGrid>
            <DateField
              label={t('clients.field.birthday')}
              max={localDayOf(new Date(), timeZone)}
              value={form.values.birthday}
              onChange={(day) => form.setFieldValue('birthday', day)}
              error={form.errors.birthday}
            />
            <Checkbox
              label={t('clients.field.marketingConsent')}
              description={consentHelp(card.marketing_consent_at, form.values.marketing_consent)}
              {...form.getInputProps('marketing_consent', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('clients.field.smsConsent')}
              description={`${t('clients.smsConsentHelp')} ${consentHelp(card.sms_consent ? card.sms_consent_at : null, form.values.sms_consent)}`}
              {...form.getInputProps('sms_consent', { type: 'checkbox' })}
            />
            <SaveRow
              error={error}
              busy={busy}
              dirty={form.isDirty()}
              label={t('clients.saveContact')}
              hidden={!isAdmin}
            />
          </Stack>
        </fieldset>
      </form>
    </Section>
  )
}

interface TechnicalValues extends Record<string, unknown> {
  allergies: string
  technical_notes: string
}

/**
 * The technical record (scheda tecnica): allergies and sensitivities, colour formulas and products
 * used. Staff only — never in anything a customer gets. An operator may edit it (and the tags).
 */
export function TechnicalSection({ card, writes, onSaved }: SectionProps) {
  const t = useT()
  const form = useForm<TechnicalValues>({
    initialValues: { allergies: card.allergies ?? '', technical_notes: card.technical_notes ?? '' },
    validate: zodValidate<TechnicalValues>(clientPatchBody),
  })
  const { save, busy, error } = useSectionSave(form)
  const submit = (values: TechnicalValues) =>
    void save(() => writes.patch(card.id, clientPatchBody.parse(values)), onSaved)
  return (
    <Section title={t.glossary.desk.technicalRecord} headingId="client-technical" testId="technical-record">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack spacing="sm">
          <Textarea
            label={t('clients.field.allergies')}
            description={t('clients.allergiesHelp')}
            autosize
            minRows={2}
            maxLength={ALLERGIES_MAX}
            icon={<IconAlertTriangle size={16} aria-hidden />}
            {...form.getInputProps('allergies')}
          />
          <Textarea
            label={t('clients.field.technicalNotes')}
            description={t('clients.technicalNotesHelp')}
            autosize
            minRows={3}
            maxLength={TECHNICAL_NOTES_MAX}
            {...form.getInputProps('technical_notes')}
          />
          <SaveRow error={error} busy={busy} dirty={form.isDirty()} label={t('clients.saveTechnical')} />
        </Stack>
      </form>
    </Section>
  )
}

/** The card's tags ("VIP", "Prefers Giulia"): typed and added with Enter, removed with their ×. */
export function TagsSection({ card, writes, onSaved }: SectionProps) {
  const t = useT()
  const form = useForm<{ tags: string[] }>({
    initialValues: { tags: card.tags ?? [] },
    validate: byField(zodValidate<{ tags: string[] }>(clientPatchBody)),
  })
  const { save, busy, error } = useSectionSave(form)
  const submit = (values: { tags: string[] }) =>
    void save(() => writes.patch(card.id, clientPatchBody.parse(values)), onSaved)
  return (
    <Section title={t('clients.section.tags')} headingId="client-tags">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack spacing="sm">
          <MultiSelect
            label={t('clients.field.tags')}
            description={t('clients.tagsHelp', { n: CLIENT_TAG_MAX })}
            data={form.values.tags}
            searchable
            creatable
            hoverOnSearchChange
            clearable
            clearButtonLabel={t('clients.clearTags')}
            getCreateLabel={(query) => t('clients.addTag', { tag: query })}
            onCreate={(query) => query.trim()}
            nothingFound={t('clients.typeTag')}
            {...form.getInputProps('tags')}
          />
          <SaveRow error={error} busy={busy} dirty={form.isDirty()} label={t('clients.saveTags')} />
        </Stack>
      </form>
    </Section>
  )
}

interface BlockValues extends Record<string, unknown> {
  blocked_online: boolean
  blocked_reason: string
}

/**
 * "Blocca prenotazioni online" with a reason (staff only): a blocked client who tries to book
 * online is told politely to call the salon. ADMIN only.
 */
export function BlockSection({ card, writes, onSaved, isAdmin }: SectionProps) {
  const t = useT()
  const form = useForm<BlockValues>({
    initialValues: { blocked_online: card.blocked_online, blocked_reason: card.blocked_reason ?? '' },
    validate: zodValidate<BlockValues>(clientPatchBody),
  })
  const { save, busy, error } = useSectionSave(form)
  const submit = (values: BlockValues) =>
    void save(
      () =>
        writes.patch(
          card.id,
          clientPatchBody.parse({
            blocked_online: values.blocked_online,
            // Unblocking forgets the reason.
            blocked_reason: values.blocked_online ? values.blocked_reason : null,
          }),
        ),
      onSaved,
    )
  return (
    <Section title={t('clients.section.online')} headingId="client-online">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <fieldset disabled={!isAdmin} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack spacing="sm">
            <Switch
              label={t('clients.blockOnline')}
              description={t('clients.blockOnlineHelp')}
              {...form.getInputProps('blocked_online', { type: 'checkbox' })}
            />
            {form.values.blocked_online && (
              <TextInput
                label={t('clients.field.blockedReason')}
                description={t('clients.blockedReasonHelp')}
                maxLength={BLOCKED_REASON_MAX}
                {...form.getInputProps('blocked_reason')}
              />
            )}
            {!form.values.blocked_online && card.blocked_online && <Text size="sm">{t('clients.unblockHelp')}</Text>}
            <SaveRow
              error={error}
              busy={busy}
              dirty={form.isDirty()}
              label={t('clients.saveOnline')}
              hidden={!isAdmin}
            />
          </Stack>
        </fieldset>
      </form>
    </Section>
  )
}

/** A section's error and its save button (hidden for a reader who may not change it). */
function SaveRow(props: { error: string | null; busy: boolean; dirty: boolean; label: string; hidden?: boolean }) {
  return (
    <>
      <FormError error={props.error} />
      {!props.hidden && (
        <Group>
          <Button type="submit" variant="light" loading={props.busy} disabled={!props.dirty}>
            {props.label}
          </Button>
        </Group>
      )}
    </>
  )
}
