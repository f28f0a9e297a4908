import { useState } from 'react'
import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useCustomMutation, useList, useUpdate } from '@refinedev/core'
import { IconPencil, IconX } from '@tabler/icons-react'
import { Dropzone } from '../../components/dropzone'
import { ImageEditModal } from '../../components/image-edit'
import { useImageUpload } from '../../components/image-upload'
import { SortableCard, SortableImages } from '../../components/sortable-images'
import { SrOnly } from '../../components/sr-only'

interface CarouselImage {
  id: number
  name: string
  alt?: string | null
  imageUrl?: string | null
  position?: number | null
}

/**
 * /dashboard/carousel: the home page's carousel, in its order. Drop (or choose) images to add them
 * at the end; drag a card's handle — or focus it and use space and the arrows — to change the
 * order, saved at once in one request (PUT /api/upload/carousel-order); edit the alternative
 * text; take an image out of the carousel (it stays among the files).
 */
export default function CarouselPage() {
  const list = useList<CarouselImage>({
    resource: 'carousel',
    filters: [{ field: 'label', operator: 'eq', value: 'HOME_CAROUSEL' }],
    sorters: [
      { field: 'position', order: 'asc' },
      { field: 'id', order: 'asc' },
    ],
    pagination: { mode: 'off' },
  })
  // The order just chosen, shown until the server's answer replaces it.
  const [pending, setPending] = useState<CarouselImage[] | null>(null)
  const items = pending ?? list.result.data

  const { upload, busy } = useImageUpload('HOME_CAROUSEL')
  const { mutate: saveOrder, mutation: ordering } = useCustomMutation()
  const { mutate: update, mutation: updating } = useUpdate()
  const [editing, setEditing] = useState<CarouselImage | null>(null)
  const [removing, setRemoving] = useState<CarouselImage | null>(null)
  const refresh = () => void list.query.refetch()

  const reorder = (next: CarouselImage[]) => {
    setPending(next)
    saveOrder(
      {
        url: '/api/upload/carousel-order',
        method: 'put',
        values: { ids: next.map((i) => i.id) },
        successNotification: () => ({ type: 'success', message: 'Ordine salvato' }),
        errorNotification: (e) => ({ type: 'error', message: e?.message ?? 'Ordine non salvato' }),
      },
      {
        // Saved: the server's order (the same) replaces it; refused: the server's order comes back.
        onSettled: () => void list.query.refetch().finally(() => setPending(null)),
      },
    )
  }

  const removeFromCarousel = (image: CarouselImage) =>
    update(
      {
        resource: 'carousel',
        id: image.id,
        values: { label: 'IMAGES' },
        successNotification: () => ({ type: 'success', message: 'Tolta dal carosello: la trovi tra i file' }),
      },
      {
        onSuccess: () => {
          setRemoving(null)
          refresh()
        },
      },
    )

  return (
    <Stack spacing="md">
      <div>
        <Title order={3}>Carosello della home</Title>
        <Text size="sm" color="dimmed">
          Le immagini che scorrono in cima al sito, in quest’ordine.
        </Text>
      </div>
      <Dropzone
        title="Trascina qui le immagini da aggiungere al carosello"
        busy={busy}
        onFiles={async (files) => {
          if ((await upload(files)).length > 0) refresh()
        }}
      />
      {list.query.isError ? (
        <Alert color="red">{list.query.error?.message}</Alert>
      ) : list.query.isLoading ? (
        <Loader aria-label="Caricamento" />
      ) : items.length === 0 ? (
        <Alert color="gray" title="Il carosello è vuoto">
          Aggiungi una o più immagini qui sopra: compariranno in cima alla home, nell’ordine che sceglierai
          trascinandole.
        </Alert>
      ) : (
        <>
          <Text size="sm" color="dimmed">
            Per cambiare l’ordine trascina la maniglia di una scheda, oppure selezionala con Tab e usa spazio e frecce.
            {ordering.isPending ? ' Salvataggio…' : ''}
          </Text>
          <SortableImages items={items} onReorder={reorder}>
            <SimpleGrid
              cols={3}
              spacing="md"
              breakpoints={[
                { maxWidth: 'md', cols: 2 },
                { maxWidth: 'xs', cols: 1 },
              ]}
              role="list"
              aria-label="Immagini del carosello, in ordine"
            >
              {items.map((image, index) => (
                <SortableCard key={image.id} id={image.id} name={image.name}>
                  {(handle) => (
                    <Card withBorder radius="md" p="sm" data-testid="carousel-card">
                      <Card.Section>
                        <AspectRatio ratio={16 / 9}>
                          {image.imageUrl ? <img src={image.imageUrl} alt={image.alt ?? ''} /> : <div />}
                        </AspectRatio>
                      </Card.Section>
                      <Group position="apart" mt="sm" noWrap spacing="xs">
                        <Badge variant="filled">
                          <SrOnly>Posizione </SrOnly>
                          {index + 1}
                        </Badge>
                        <Text weight={600} size="sm" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                          {image.name}
                        </Text>
                        {handle}
                      </Group>
                      <Text size="sm" color={image.alt ? undefined : 'orange.9'} mt={4}>
                        {image.alt ? image.alt : 'Manca il testo alternativo'}
                      </Text>
                      <Group spacing="xs" mt="sm">
                        <Button
                          size="xs"
                          variant="default"
                          leftIcon={<IconPencil size={14} aria-hidden />}
                          onClick={() => setEditing(image)}
                          aria-label={`Modifica «${image.name}»`}
                        >
                          Modifica
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftIcon={<IconX size={14} aria-hidden />}
                          onClick={() => setRemoving(image)}
                          aria-label={`Togli «${image.name}» dal carosello`}
                        >
                          Togli
                        </Button>
                      </Group>
                    </Card>
                  )}
                </SortableCard>
              ))}
            </SimpleGrid>
          </SortableImages>
        </>
      )}
      {editing && (
        <ImageEditModal
          id={editing.id}
          imageUrl={editing.imageUrl}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Togliere l’immagine dal carosello?"
        closeButtonLabel="Chiudi"
        centered
      >
        <Text size="sm">
          «{removing?.name}» non comparirà più nella home. Resta tra i file: potrai rimetterla o eliminarla da lì.
        </Text>
        <Group position="right" mt="lg">
          <Button variant="default" onClick={() => setRemoving(null)}>
            Annulla
          </Button>
          <Button color="red" loading={updating.isPending} onClick={() => removing && removeFromCarousel(removing)}>
            Togli dal carosello
          </Button>
        </Group>
      </Modal>
    </Stack>
  )
}
