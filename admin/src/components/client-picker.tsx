import { forwardRef, useEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react'
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core'
import { clientCreateBody, type ClientListItem, type DuplicateItem } from '@salon/shared/schemas/clients'
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react'
import { zodValidate } from './form/zod-validate'
import { useT } from '../i18n/use-t'

/**
 * The front desk's client picker (issue 24): type a name, a phone or an e-mail and the salon's
 * cards come back from `GET /api/clients?search=` (fuzzy, accents ignored; debounced), each with
 * its phone, an allergy badge and an "account" badge. The first suggestion is highlighted as one
 * types, so Enter picks it. "Nuovo cliente" opens a small form right here (name and phone; surname
 * and e-mail optional) → `POST /api/clients` (validated with `clientCreateBody`) → the new card is
 * picked; when the server answers with `duplicates` (same phone or e-mail), they are offered.
 *
 * Used by the new-booking form and the agenda's walk-in (and anywhere a card is chosen).
 */

/** The card as the picker holds it (a list item of `GET /api/clients`). */
export type PickedClient = Pick<
  ClientListItem,
  'id' | 'name' | 'surname' | 'phone_number' | 'email' | 'hasAccount' | 'allergies'
> &
  Partial<Pick<ClientListItem, 'blocked_online'>>

export const clientFullName = (c: Pick<PickedClient, 'name' | 'surname'>) =>
  [c.name, c.surname].filter(Boolean).join(' ')

/** "Rosa Bianchi · 333 1234567" (the option's and the input's text). */
export const clientLabel = (c: PickedClient) =>
  [clientFullName(c), c.phone_number ?? c.email].filter(Boolean).join(' · ')

/** A card of `GET /api/clients/:id` (Payload's document) → the picker's shape. */
export function pickedFromDoc(doc: Record<string, unknown> & { id: number }): PickedClient {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null)
  return {
    id: doc.id,
    name: typeof doc.name === 'string' ? doc.name : '',
    surname: str(doc.surname),
    phone_number: str(doc.phone_number),
    email: str(doc.email),
    hasAccount: doc.user !== null && doc.user !== undefined,
    allergies: str(doc.allergies),
    blocked_online: doc.blocked_online === true,
  }
}

/** What a typed search suggests for a new card: digits are a phone, words a name and a surname. */
export function draftFromSearch(search: string): { name: string; surname: string; phone_number: string } {
  const text = search.trim()
  if (!text) return { name: '', surname: '', phone_number: '' }
  if (/^[+\d][\d\s./-]*$/.test(text)) return { name: '', surname: '', phone_number: text }
  const [name = '', ...rest] = text.split(/\s+/)
  return { name, surname: rest.join(' '), phone_number: '' }
}

interface ItemProps extends ComponentPropsWithoutRef<'div'> {
  label: string
  client?: PickedClient
  allergyWord: string
  accountWord: string
}

/** One suggestion: the name, the phone, and the badges that matter at the desk. */
const ClientItem = forwardRef<HTMLDivElement, ItemProps>(function ClientItem(
  { label, client, allergyWord, accountWord, ...others },
  ref,
) {
  return (
    <div ref={ref} {...others}>
      {client ? (
        <Group spacing="xs" noWrap position="apart">
          <div>
            <Text size="sm" weight={600}>
              {clientFullName(client)}
            </Text>
            <Text size="xs">{[client.phone_number, client.email].filter(Boolean).join(' · ')}</Text>
          </div>
          <Group spacing={4} noWrap>
            {client.allergies && (
              <Badge color="red" variant="filled" size="sm">
                {allergyWord}
              </Badge>
            )}
            {client.hasAccount && (
              <Badge color="gray" size="sm">
                {accountWord}
              </Badge>
            )}
          </Group>
        </Group>
      ) : (
        <Text size="sm">{label}</Text>
      )}
    </div>
  )
})

const NEW = '__new__'

interface Draft {
  name: string
  surname: string
  phone_number: string
  email: string
}

export function ClientPicker({
  value,
  onChange,
  label,
  required,
  error,
  focusOnMount,
  description,
}: {
  value: PickedClient | null
  onChange: (client: PickedClient | null) => void
  label?: string
  required?: boolean
  error?: string
  /** Put the focus in the search box when the form opens (the new booking: a phone call starts here). */
  focusOnMount?: boolean
  description?: string
}) {
  const t = useT()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 200)
  // The text shown while a card is picked is its label: not a search.
  const searching = debounced !== '' && (!value || debounced !== clientLabel(value))
  const list = useCustom<{ docs: ClientListItem[] }>({
    url: '/api/clients',
    method: 'get',
    config: { query: { search: debounced, limit: 8 } },
    queryOptions: { enabled: searching, placeholderData: (previous) => previous },
  })
  const found = searching ? (list.query.data?.data.docs ?? []) : []
  const byId = new Map<string, PickedClient>(found.map((c: ClientListItem) => [String(c.id), c]))
  if (value) byId.set(String(value.id), value)
  const data = [
    ...[...byId.values()].map((c) => ({
      value: String(c.id),
      label: clientLabel(c),
      client: c,
      allergyWord: t('desk.allergyBadge'),
      accountWord: t('desk.accountBadge'),
    })),
    // Always last: "Nuovo cliente «Rosa Bianchi»" (Enter on it when nothing matched).
    ...(search.trim() && searching && !list.query.isFetching
      ? [
          {
            value: NEW,
            label: t('desk.newClientFor', { text: search.trim() }),
            allergyWord: '',
            accountWord: '',
          },
        ]
      : []),
  ]

  const searchRef = useRef<HTMLInputElement>(null)
  const typed = useRef('')
  useEffect(() => {
    if (focusOnMount) searchRef.current?.focus()
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const [draft, setDraft] = useState<Draft | null>(null)
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({})
  const [duplicates, setDuplicates] = useState<DuplicateItem[]>([])
  const create = useCustomMutation<{ doc: Record<string, unknown> & { id: number }; duplicates?: DuplicateItem[] }>()
  const nameRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (draft) nameRef.current?.focus()
    // Only when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft === null])

  const openDraft = (from: string) => {
    const d = draftFromSearch(from)
    setDraft({ ...d, email: '' })
    setDraftErrors({})
    setDuplicates([])
  }

  const save = () => {
    if (!draft) return
    const body = {
      name: draft.name,
      ...(draft.surname.trim() ? { surname: draft.surname } : {}),
      phone_number: draft.phone_number,
      ...(draft.email.trim() ? { email: draft.email.trim() } : {}),
    }
    const found = zodValidate(clientCreateBody)(body)
    setDraftErrors(found)
    if (Object.keys(found).length) return
    create.mutate(
      {
        url: '/api/clients',
        method: 'post',
        values: body,
        successNotification: () => ({ type: 'success', message: t('desk.clientCreated') }),
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          const picked = pickedFromDoc(data.doc)
          onChange(picked)
          setSearch(clientLabel(picked))
          setDraft(null)
          setDuplicates(data.duplicates ?? [])
        },
        onError: (e: HttpError) => {
          const errors = Object.fromEntries(Object.entries(e.errors ?? {}).map(([k, v]) => [k, String(v)]))
          setDraftErrors(Object.keys(errors).length ? errors : { form: e.message })
        },
      },
    )
  }

  return (
    <Stack spacing="xs">
      {/* On a phone the button goes under the search box, which keeps the width. */}
      <Group spacing="xs" align="flex-end">
        <Select
          label={label ?? t.glossary.desk.client}
          required={required}
          description={description}
          placeholder={t('desk.searchPlaceholder')}
          searchable
          clearable
          ref={searchRef}
          data={data}
          itemComponent={ClientItem}
          // The server already filtered (fuzzy): show what it answered.
          filter={() => true}
          // Typing highlights the first suggestion (Enter picks it) — only while searching: the
          // picked card's name put back in the box must not leave a highlight of a closed list.
          hoverOnSearchChange={!value || search !== clientLabel(value)}
          searchValue={search}
          onSearchChange={(v) => {
            // What staff typed (not what the box is reset to when it loses the focus): "Nuovo cliente" starts from it.
            if (document.activeElement === searchRef.current) typed.current = v
            setSearch(v)
          }}
          value={value ? String(value.id) : null}
          onChange={(v) => {
            if (v === NEW) {
              openDraft(search)
              return
            }
            const picked = v ? (byId.get(v) ?? null) : null
            setDuplicates([])
            onChange(picked)
          }}
          nothingFound={searching && !list.query.isFetching ? t('common.noResults') : undefined}
          clearButtonLabel={t('common.clearChoice')}
          error={error}
          sx={{ flex: '1 1 240px' }}
        />
        <Button
          variant="light"
          leftIcon={<IconUserPlus size={16} />}
          onClick={() => openDraft(search || typed.current)}
        >
          {t('desk.newClient')}
        </Button>
      </Group>
      {value?.allergies && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="note" title={t('desk.allergies')}>
          {value.allergies}
        </Alert>
      )}
      {value?.blocked_online && (
        <Text size="sm" sx={(theme) => ({ color: theme.colors.gray[7] })}>
          {t.glossary.desk.blockedOnline}
        </Text>
      )}
      {duplicates.length > 0 && value && (
        <Alert color="yellow" title={t('desk.duplicatesTitle')} role="status">
          <Stack spacing={6}>
            <Text size="sm">{t('desk.duplicatesBody')}</Text>
            {duplicates.map((d) => (
              <Group key={d.id} position="apart" noWrap spacing="xs">
                <Text size="sm">{clientLabel(d)}</Text>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    onChange(d)
                    setSearch(clientLabel(d))
                    setDuplicates([])
                  }}
                >
                  {t('desk.useThisCard')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {draft && (
        <Card withBorder radius="md" p="md" component="fieldset" sx={{ margin: 0 }}>
          <Stack spacing="sm">
            <Text component="legend" weight={600} size="sm" p={0}>
              {t('desk.newClient')}
            </Text>
            <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'xs', cols: 1 }]} spacing="sm">
              <TextInput
                ref={nameRef}
                label={t('desk.name')}
                required
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
                error={draftErrors.name}
              />
              <TextInput
                label={t('desk.phone')}
                required
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={draft.phone_number}
                onChange={(e) => setDraft({ ...draft, phone_number: e.currentTarget.value })}
                onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), save())}
                error={draftErrors.phone_number}
              />
              <TextInput
                label={t('desk.surname')}
                value={draft.surname}
                onChange={(e) => setDraft({ ...draft, surname: e.currentTarget.value })}
                error={draftErrors.surname}
              />
              <TextInput
                label={t('desk.email')}
                type="email"
                value={draft.email}
                onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })}
                onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), save())}
                error={draftErrors.email}
              />
            </SimpleGrid>
            {draftErrors.form && (
              <Text size="sm" color="red" role="alert">
                {draftErrors.form}
              </Text>
            )}
            <Group position="right" spacing="xs">
              <Button variant="default" onClick={() => setDraft(null)}>
                {t('common.cancel')}
              </Button>
              <Button onClick={save} loading={create.mutation.isPending}>
                {t('desk.createAndPick')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  )
}
