import { Spinner } from '../../components/page-loader'
import { useMemo, useState } from 'react'
import {
  Alert,
  AspectRatio,
  Badge,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useCustom } from '@refinedev/core'
import type { UploadLabel, UploadUse } from '@salon/shared'
import { IconSearch } from '@tabler/icons-react'
import { Dropzone } from '../../components/dropzone'
import { EditImageButton, ImageEditModal } from '../../components/image-edit'
import { useImageUpload } from '../../components/image-upload'
import type { MessageKey } from '../../i18n/en'
import type { Vars } from '../../i18n/translate'
import { useT } from '../../i18n/use-t'

export interface LibraryImage {
  id: number
  name: string
  label: UploadLabel
  alt?: string | null
  imageUrl?: string | null
  uses: UploadUse[]
}

type LabelFilter = 'ALL' | UploadLabel

/** The images whose name contains `q` (any case, accents as typed) and whose label is `label`. */
export function filterImages(images: readonly LibraryImage[], q: string, label: LabelFilter) {
  const needle = q.trim().toLocaleLowerCase('it-IT')
  return images.filter(
    (i) => (label === 'ALL' || i.label === label) && (!needle || i.name.toLocaleLowerCase('it-IT').includes(needle)),
  )
}

/** "service “Piega”, operator “Giulia”" ("servizio «Piega», operatore «Giulia»"): where an image is used. */
export const describeUses = (uses: readonly UploadUse[], t: (key: MessageKey, vars?: Vars) => string) =>
  uses.map((u) => t(`file.use.${u.kind}`, { name: u.name })).join(', ')

/**
 * /dashboard/file: the salon's images (GET /api/upload/library — customers' profile photos are
 * theirs and not listed), each with where it is used. Drop or choose images to add them; search
 * by name; edit the name, label and alternative text; delete one that nothing uses (the server
 * refuses otherwise, naming where it is used).
 */
export default function FilesPage() {
  const t = useT()
  const library = useCustom<{ docs: LibraryImage[] }>({ url: '/api/upload/library', method: 'get' })
  const images = library.query.data?.data.docs
  const [q, setQ] = useState('')
  const [label, setLabel] = useState<LabelFilter>('ALL')
  const [editing, setEditing] = useState<LibraryImage | null>(null)
  const { upload, busy } = useImageUpload('IMAGES')
  const refresh = () => void library.query.refetch()
  const shown = useMemo(() => filterImages(images ?? [], q, label), [images, q, label])

  return (
    <Stack spacing="md">
      <div>
        <Title order={3}>{t('file.title')}</Title>
        <Text size="sm" color="dimmed">
          {t('file.intro')}
        </Text>
      </div>
      <Dropzone busy={busy} onFiles={async (files) => (await upload(files)).length > 0 && refresh()} />
      <Group spacing="sm" align="flex-end">
        <TextInput
          label={t('file.search')}
          icon={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          type="search"
          sx={{ flex: '1 1 220px' }}
        />
        <SegmentedControl
          aria-label={t('image.label')}
          value={label}
          onChange={(v) => setLabel(v as LabelFilter)}
          data={[
            { value: 'ALL', label: t('file.all') },
            { value: 'IMAGES', label: t.glossary.uploadLabel.IMAGES ?? t('file.list') },
            { value: 'HOME_CAROUSEL', label: t('file.carousel') },
          ]}
        />
      </Group>
      {library.query.isError ? (
        <Alert color="red">{library.query.error?.message}</Alert>
      ) : !images ? (
        <Spinner label={t('loader.label')} />
      ) : images.length === 0 ? (
        <Alert color="gray" title={t('file.emptyTitle')}>
          {t('file.emptyText', { choose: t('dropzone.choose') })}
        </Alert>
      ) : shown.length === 0 ? (
        <Text color="dimmed">{t('file.noMatch')}</Text>
      ) : (
        <SimpleGrid
          cols={4}
          spacing="md"
          breakpoints={[
            { maxWidth: 'lg', cols: 3 },
            { maxWidth: 'md', cols: 2 },
            { maxWidth: 'xs', cols: 1 },
          ]}
          role="list"
          aria-label={t('file.list')}
        >
          {shown.map((image) => (
            <Card key={image.id} withBorder radius="md" p="sm" role="listitem" data-testid="file-card">
              <Card.Section>
                <AspectRatio ratio={16 / 10}>
                  {image.imageUrl ? (
                    <img
                      src={image.imageUrl}
                      alt={image.alt ?? ''}
                      loading="lazy"
                      // The whole picture (a banner is wide): the owner chooses by what it shows.
                      style={{ objectFit: 'contain', background: '#f1f3f5' }}
                    />
                  ) : (
                    <div />
                  )}
                </AspectRatio>
              </Card.Section>
              <Text weight={600} size="sm" mt="sm" sx={{ overflowWrap: 'anywhere' }}>
                {image.name}
              </Text>
              <Group spacing={6} mt={4}>
                <Badge
                  variant="light"
                  color={image.label === 'HOME_CAROUSEL' ? 'grape' : 'gray'}
                  sx={{ textTransform: 'none' }}
                >
                  {t.glossary.uploadLabel[image.label] ?? image.label}
                </Badge>
              </Group>
              <Text size="xs" color="dimmed" mt={6}>
                {image.uses.length > 0 ? t('file.usedBy', { uses: describeUses(image.uses, t) }) : t('file.unused')}
              </Text>
              <EditImageButton mt="sm" name={image.name} onClick={() => setEditing(image)} />
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing && (
        <ImageEditModal
          id={editing.id}
          imageUrl={editing.imageUrl}
          canDelete
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </Stack>
  )
}
