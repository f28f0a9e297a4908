import { useMemo, useState } from 'react'
import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useCustom } from '@refinedev/core'
import { describeUploadUses, UPLOAD_LABEL_LABELS_IT, type UploadLabel, type UploadUse } from '@salon/shared'
import { IconPencil, IconSearch } from '@tabler/icons-react'
import { Dropzone } from '../../components/dropzone'
import { ImageEditModal } from '../../components/image-edit'
import { useImageUpload } from '../../components/image-upload'

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

/**
 * /dashboard/file: the salon's images (GET /api/upload/library — customers' profile photos are
 * theirs and not listed), each with where it is used. Drop or choose images to add them; search
 * by name; edit the name, label and alternative text; delete one that nothing uses (the server
 * refuses otherwise, naming where it is used).
 */
export default function FilesPage() {
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
        <Title order={3}>File</Title>
        <Text size="sm" color="dimmed">
          Le immagini del salone: servizi, operatori, banner e carosello le scelgono da qui.
        </Text>
      </div>
      <Dropzone busy={busy} onFiles={async (files) => (await upload(files)).length > 0 && refresh()} />
      <Group spacing="sm" align="flex-end">
        <TextInput
          label="Cerca per nome"
          icon={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          type="search"
          sx={{ flex: '1 1 220px' }}
        />
        <SegmentedControl
          aria-label="Etichetta"
          value={label}
          onChange={(v) => setLabel(v as LabelFilter)}
          data={[
            { value: 'ALL', label: 'Tutte' },
            { value: 'IMAGES', label: UPLOAD_LABEL_LABELS_IT.IMAGES ?? 'Immagini' },
            { value: 'HOME_CAROUSEL', label: 'Carosello' },
          ]}
        />
      </Group>
      {library.query.isError ? (
        <Alert color="red">{library.query.error?.message}</Alert>
      ) : !images ? (
        <Loader aria-label="Caricamento" />
      ) : images.length === 0 ? (
        <Alert color="gray" title="Ancora nessuna immagine">
          Trascina qui sopra le foto del salone (o usa «Scegli le immagini»): potrai poi usarle per servizi, operatori,
          banner e carosello.
        </Alert>
      ) : shown.length === 0 ? (
        <Text color="dimmed">Nessuna immagine con questo nome.</Text>
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
          aria-label="Immagini"
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
                  {UPLOAD_LABEL_LABELS_IT[image.label] ?? image.label}
                </Badge>
              </Group>
              <Text size="xs" color="dimmed" mt={6}>
                {image.uses.length > 0 ? `Usata da: ${describeUploadUses(image.uses)}` : 'Non usata'}
              </Text>
              <Button
                mt="sm"
                size="xs"
                variant="default"
                leftIcon={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(image)}
                aria-label={`Modifica «${image.name}»`}
              >
                Modifica
              </Button>
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
