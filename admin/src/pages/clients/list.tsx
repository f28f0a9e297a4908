import { useEffect, useRef, useState } from 'react'
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertCircle, IconPlus, IconSearch } from '@tabler/icons-react'
import { Link, useSearchParams } from 'react-router'
import { CLIENT_SEARCH_MAX } from '@salon/shared/schemas/clients'
import { paginationLabel } from '../../components/record-table'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT, type T } from '../../i18n/use-t'
import { EMPTY, formatNumber } from '../../lib/format'
import { CARDS_QUERY } from '../rota/page'
import { fullName, useClientList, type ClientListItem } from './api'
import { PlainList } from './sections'
import { ClientBadges } from './badges'
import { CreateClientModal } from './create-modal'
import { dayText, visitsText } from './words'

export const PAGE_SIZE = 20
/** The pause after the last key before the list asks again. */
export const SEARCH_DEBOUNCE_MS = 300

function Tags({ tags }: { tags: string[] }) {
  if (!tags.length) return null
  return (
    <Group spacing={4}>
      {tags.map((tag) => (
        <Badge
          key={tag}
          color="gray"
          variant="outline"
          sx={(theme) => ({ textTransform: 'none', color: theme.colors.gray[8] })}
        >
          {tag}
        </Badge>
      ))}
    </Group>
  )
}

/** The card's link; it carries the list's search, so the card's back arrow returns to the same list. */
const cardLink = (c: ClientListItem) => (
  <Anchor component={Link} to={`/clients/${c.id}`} state={{ listSearch: window.location.search }} weight={700}>
    {fullName(c)}
  </Anchor>
)

function ClientTable({ clients, t, timeZone }: { clients: ClientListItem[]; t: T; timeZone: string }) {
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('clients.listCaption')}>
        <thead>
          <tr>
            <th>{t('clients.col.name')}</th>
            <th>{t('clients.col.phone')}</th>
            <th>{t('clients.col.email')}</th>
            <th>{t('clients.col.tags')}</th>
            <th style={{ textAlign: 'right' }}>{t('clients.col.visits')}</th>
            <th>{t('clients.col.lastVisit')}</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((c) => (
            <tr key={c.id} data-testid={`client-${c.id}`}>
              <td>
                <Stack spacing={4}>
                  {cardLink(c)}
                  <ClientBadges allergies={c.allergies} hasAccount={c.hasAccount} blocked={c.blocked_online} />
                </Stack>
              </td>
              <td style={{ whiteSpace: 'nowrap' }}>{c.phone_number || EMPTY}</td>
              <td>{c.email || EMPTY}</td>
              <td>
                <Tags tags={c.tags} />
              </td>
              <td style={{ textAlign: 'right' }}>{formatNumber(c.visits, t.locale)}</td>
              <td style={{ whiteSpace: 'nowrap' }}>{c.lastVisit ? dayText(c.lastVisit, t, timeZone) : EMPTY}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollArea>
  )
}

/** On a phone: one card per client, the name a link, the phone one tap away. */
function ClientCards({ clients, t, timeZone }: { clients: ClientListItem[]; t: T; timeZone: string }) {
  return (
    <PlainList gap="sm" label={t('clients.listCaption')}>
      {clients.map((c) => (
        <Paper component="li" key={c.id} withBorder radius="md" p="sm" data-testid={`client-${c.id}`}>
          <Stack spacing={6}>
            {cardLink(c)}
            <ClientBadges allergies={c.allergies} hasAccount={c.hasAccount} blocked={c.blocked_online} />
            {c.phone_number && (
              <Anchor href={`tel:${c.phone_number.replace(/\s+/g, '')}`} size="sm">
                {c.phone_number}
              </Anchor>
            )}
            {c.email && (
              <Text size="sm" sx={{ overflowWrap: 'anywhere' }}>
                {c.email}
              </Text>
            )}
            <Tags tags={c.tags} />
            <Text size="sm">
              {visitsText(t, c.visits)}
              {c.lastVisit ? ` · ${t('clients.lastVisitOn', { day: dayText(c.lastVisit, t, timeZone) })}` : ''}
            </Text>
          </Stack>
        </Paper>
      ))}
    </PlainList>
  )
}

/**
 * /dashboard/clients (issue 24): the salon's cards, searchable as you type — `GET
 * /api/clients?search=` 300 ms after the last key (the server ignores accents and case and
 * forgives a typo). The search and the page are in the address (`?q=&page=`), so a reload or the
 * back button from a card returns to the same list. "New client" opens the card's form.
 */
export default function ClientList() {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [typed, setTyped] = useState(q)
  const [creating, setCreating] = useState(false)
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false })

  // An address changed from outside (back, a link) puts its search in the box; the search this
  // screen put there itself does not (the person may have typed on meanwhile).
  const [seenQ, setSeenQ] = useState(q)
  const [pushed, setPushed] = useState(q)
  if (q !== seenQ) {
    setSeenQ(q)
    if (q !== pushed) setTyped(q)
  }
  // The typed search goes to the address once the typing pauses (a new search starts at page 1).
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const onType = (value: string) => {
    setTyped(value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setPushed(value.trim())
      setParams(
        (prev) => {
          if ((prev.get('q') ?? '') === value.trim()) return prev
          const next = new URLSearchParams(prev)
          if (value.trim()) next.set('q', value.trim())
          else next.delete('q')
          next.delete('page')
          return next
        },
        { replace: true },
      )
    }, SEARCH_DEBOUNCE_MS)
  }

  const { list, query } = useClientList(q, page, PAGE_SIZE)
  // Typed but not answered yet: the pause, or the request on its way.
  const searching = typed.trim() !== q || (query.isFetching && query.isPlaceholderData)
  const pages = list ? Math.max(1, Math.ceil(list.totalDocs / PAGE_SIZE)) : 1
  const goToPage = (n: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev)
      if (n > 1) next.set('page', String(n))
      else next.delete('page')
      return next
    })

  return (
    <Stack spacing="md">
      <Group position="apart" align="flex-end">
        <Title order={3}>{t.glossary.desk.clients}</Title>
        <Button leftIcon={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('clients.new')}
        </Button>
      </Group>
      <TextInput
        label={t('clients.searchLabel')}
        description={t('clients.searchHelp')}
        placeholder={t('clients.searchPlaceholder')}
        icon={<IconSearch size={16} aria-hidden />}
        type="search"
        maxLength={CLIENT_SEARCH_MAX}
        value={typed}
        onChange={(e) => onType(e.currentTarget.value)}
        sx={{ maxWidth: 480 }}
      />
      {query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('clients.loadError')}>
          <Text size="sm">{query.error?.message}</Text>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <Box pos="relative" mih={80}>
          <LoadingOverlay visible={query.isFetching && !list} overlayBlur={1} />
          {/* How many were found, said to screen readers when a search answers. */}
          <Text size="sm" color="dimmed" role="status" mb="xs">
            {!list
              ? ''
              : searching
                ? t('clients.searching')
                : list.totalDocs === 0
                  ? q
                    ? t('clients.noneFound', { q })
                    : t('clients.none')
                  : list.totalDocs === 1
                    ? t('clients.countOne')
                    : t('clients.countMany', { n: formatNumber(list.totalDocs, t.locale) })}
          </Text>
          {/* The previous answer, dimmed, until the new one arrives. */}
          <Box sx={{ opacity: searching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={searching}>
            {list &&
              list.docs.length > 0 &&
              (cards ? (
                <ClientCards clients={list.docs} t={t} timeZone={timeZone} />
              ) : (
                <ClientTable clients={list.docs} t={t} timeZone={timeZone} />
              ))}
          </Box>
          {pages > 1 && (
            <Group position="center" mt="md">
              <Pagination page={page} total={pages} onChange={goToPage} getItemAriaLabel={paginationLabel(t)} />
            </Group>
          )}
        </Box>
      )}
      <CreateClientModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}
