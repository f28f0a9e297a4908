import { useState } from 'react'
import { Alert, Anchor, Button, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { useGetIdentity, useNotification, usePermissions, useResourceParams } from '@refinedev/core'
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconCalendarPlus,
  IconDownload,
  IconTrash,
} from '@tabler/icons-react'
import { useMediaQuery } from '@mantine/hooks'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Spinner } from '../../components/page-loader'
import { SrOnly } from '../../components/sr-only'
import { useT } from '../../i18n/use-t'
import { messageOf } from '../rota/api'
import {
  CLIENT_URLS,
  fullName,
  useClientCard,
  useClientHistory,
  useClientNotes,
  useClientWrites,
  type ClientCard,
} from './api'
import { ClientBadges } from './badges'
import { DuplicatesSection } from './duplicates'
import { Stats, Visits } from './history'
import { NotesSection } from './notes'
import { BlockSection, ContactSection, Section, TagsSection, TechnicalSection } from './sections'

/** The list's search the card was opened from (`?q=…`), so "back" returns to the same list. */
const backSearch = (state: unknown) => {
  const search = (state as { listSearch?: unknown } | null)?.listSearch
  return typeof search === 'string' && search.startsWith('?') ? search : ''
}

/** From here the card has two columns (Mantine's `md`). */
export const TWO_COLUMNS_QUERY = '(min-width: 992px)'

/**
 * The allergy, where nobody can miss it: under the name, before anything else, in red with a
 * warning sign and the word "Allergies" (not only a colour).
 */
export function AllergyAlert({ allergies }: { allergies: string }) {
  const t = useT()
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertTriangle size={22} aria-hidden />}
      title={t('clients.allergyAlert')}
      data-testid="allergy-alert"
      sx={(theme) => ({ backgroundColor: theme.colors.red[8] })}
    >
      <Text sx={{ whiteSpace: 'pre-wrap', color: 'white', fontWeight: 600 }}>{allergies}</Text>
    </Alert>
  )
}

/**
 * ADMIN only: "Export data" (the JSON of `GET /api/clients/:id/export`, downloaded by the
 * browser with the session cookie) and "Erase client" (`POST /api/clients/:id/erase` after a
 * confirmation that says what is cancelled, deleted and kept).
 */
export function PrivacySection({ card }: { card: ClientCard }) {
  const t = useT()
  const navigate = useNavigate()
  const { open } = useNotification()
  const writes = useClientWrites()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const name = fullName(card)
  const erase = async () => {
    setBusy(true)
    setError(null)
    try {
      const { cancelled } = await writes.erase(card.id)
      open?.({
        type: 'success',
        message: cancelled ? t('clients.erase.doneCancelled', { n: cancelled }) : t('clients.erase.done'),
      })
      setAsking(false)
      void navigate('/clients')
    } catch (e) {
      setError(messageOf(e, t('clients.notSaved')))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Section title={t('clients.section.privacy')} headingId="client-privacy">
      <Stack spacing="sm">
        <Text size="sm">{t('clients.privacyHelp')}</Text>
        <Group spacing="sm">
          <Button
            component="a"
            href={CLIENT_URLS.export(card.id)}
            download
            variant="default"
            leftIcon={<IconDownload size={18} aria-hidden />}
          >
            {t('clients.export')}
          </Button>
          <Button
            color="red"
            variant="outline"
            leftIcon={<IconTrash size={18} aria-hidden />}
            onClick={() => {
              setError(null)
              setAsking(true)
            }}
          >
            {t('clients.erase.button')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('clients.erase.question', { name })}
        confirmLabel={t('clients.erase.confirm')}
        danger
        loading={busy}
        error={error}
        onConfirm={() => void erase()}
        onCancel={() => setAsking(false)}
      >
        <Stack spacing="xs">
          <Text size="sm">{t('clients.erase.cancels')}</Text>
          <Text size="sm">{t('clients.erase.deletes')}</Text>
          <Text size="sm">{t('clients.erase.keeps')}</Text>
          <Text size="sm" weight={600}>
            {t('clients.erase.final')}
          </Text>
        </Stack>
      </ConfirmDialog>
    </Section>
  )
}

/**
 * /dashboard/clients/{id} (issue 24): the client card — the allergy first, then the figures, the
 * technical record and tags, the visits; staff notes, contact and consent, online booking, other
 * cards of the same person, and (ADMIN) export and erasure. "New booking" opens the dashboard's
 * booking form with this client chosen (`/booking/create?client=<id>`).
 */
export default function ClientCardPage() {
  const t = useT()
  // Refine's route match, or the router's own (`/clients/:id`).
  const params = useParams()
  const location = useLocation()
  const id = useResourceParams().id ?? params.id
  const clientId = id === undefined ? undefined : Number(id)
  const { card, query } = useClientCard(id)
  const history = useClientHistory(id ?? '')
  // The same query as the notes section's (one request): re-read after a merge brings notes over.
  const notes = useClientNotes(id ?? '')
  const writes = useClientWrites()
  const { data: role } = usePermissions<string | null>({})
  const { data: me } = useGetIdentity<{ id: number }>()
  const isAdmin = role === 'ADMIN'
  const twoColumns = useMediaQuery(TWO_COLUMNS_QUERY, true, { getInitialValueInEffect: false })
  const refetchAll = () => Promise.all([query.refetch(), history.query.refetch(), notes.query.refetch()])
  const sectionProps = card ? { card, writes, onSaved: refetchAll, isAdmin } : null
  // Each form starts again from the saved card after a save (its key changes).
  const version = card ? `${card.id}-${(card as { updatedAt?: string }).updatedAt ?? ''}` : ''

  const stats = history.query.isError ? (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('clients.historyError')}>
      {history.query.error?.message}
    </Alert>
  ) : history.history ? (
    <Stats stats={history.history.stats} />
  ) : (
    <Spinner label={t('loader.label')} />
  )
  const sections = card &&
    sectionProps &&
    clientId !== undefined && {
      stats,
      technical: <TechnicalSection key={`tech-${version}`} {...sectionProps} />,
      tags: <TagsSection key={`tags-${version}`} {...sectionProps} />,
      visits: history.history ? <Visits history={history.history} /> : null,
      notes: <NotesSection clientId={clientId} me={me?.id} isAdmin={isAdmin} />,
      contact: <ContactSection key={`contact-${version}`} {...sectionProps} />,
      online: <BlockSection key={`block-${version}`} {...sectionProps} />,
      duplicates: <DuplicatesSection card={card} isAdmin={isAdmin} onMerged={refetchAll} />,
      privacy: isAdmin ? <PrivacySection card={card} /> : null,
    }

  return (
    <Stack spacing="md">
      <Group position="apart" spacing="sm" align="flex-start">
        <Stack spacing={6} sx={{ minWidth: 0 }}>
          <Group spacing="sm" noWrap align="center">
            <Anchor component={Link} to={`/clients${backSearch(location.state)}`}>
              <IconArrowLeft aria-hidden size={20} />
              <SrOnly>{t('clients.backToList')}</SrOnly>
            </Anchor>
            <Title order={3} sx={{ overflowWrap: 'anywhere' }}>
              {card ? fullName(card) : t.glossary.desk.clientCard}
            </Title>
          </Group>
          {card && !card.anonymised_at && (
            <ClientBadges allergies={null} hasAccount={!!card.user} blocked={card.blocked_online} />
          )}
        </Stack>
        {card && !card.anonymised_at && (
          <Button
            component={Link}
            to={`/booking/create?client=${card.id}`}
            leftIcon={<IconCalendarPlus size={18} aria-hidden />}
          >
            {t('clients.newBooking')}
          </Button>
        )}
      </Group>
      {query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('clients.unavailable')}>
          {query.error?.message}
        </Alert>
      ) : !card || !sections ? (
        <Spinner label={t('loader.label')} />
      ) : card.anonymised_at ? (
        <Alert color="gray" icon={<IconAlertCircle size={18} />} title={t.glossary.desk.erasedClient}>
          {t('clients.erasedHelp')}
        </Alert>
      ) : (
        <>
          {card.allergies && <AllergyAlert allergies={card.allergies} />}
          {twoColumns ? (
            // A desk: figures, technical record, tags and visits; beside them what staff write.
            <Grid gutter="md">
              <Grid.Col span={7}>
                <Stack spacing="md">
                  {sections.stats}
                  {sections.technical}
                  {sections.tags}
                  {sections.visits}
                </Stack>
              </Grid.Col>
              <Grid.Col span={5}>
                <Stack spacing="md">
                  {sections.notes}
                  {sections.contact}
                  {sections.online}
                  {sections.duplicates}
                  {sections.privacy}
                </Stack>
              </Grid.Col>
            </Grid>
          ) : (
            // A phone: what the stylist needs first (formula, notes), then the rest.
            <Stack spacing="md">
              {sections.stats}
              {sections.technical}
              {sections.notes}
              {sections.tags}
              {sections.visits}
              {sections.contact}
              {sections.online}
              {sections.duplicates}
              {sections.privacy}
            </Stack>
          )}
        </>
      )}
    </Stack>
  )
}
