import { Spinner } from '../../components/page-loader'
import { useState } from 'react'
import { Alert, AspectRatio, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useCustomMutation, useList, useUpdate } from '@refinedev/core'
import { IconX } from '@tabler/icons-react'
import { Dropzone } from '../../components/dropzone'
import { EditImageButton, ImageEditModal } from '../../components/image-edit'
import { useImageUpload } from '../../components/image-upload'
import { SortableCard, SortableImages } from '../../components/sortable-images'
import { SrOnly } from '../../components/sr-only'
import { useT } from '../../i18n/use-t'

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
  const t = useT()
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
        successNotification: () => ({ type: 'success', message: t('carousel.orderSaved') }),
        errorNotification: (e) => ({ type: 'error', message: e?.message ?? t('carousel.orderNotSaved') }),
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
        successNotification: () => ({ type: 'success', message: t('carousel.removed') }),
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
        <Title order={3}>{t('carousel.title')}</Title>
        <Text size="sm" color="dimmed">
          {t('carousel.intro')}
        </Text>
      </div>
      <Dropzone
        title={t('carousel.drop')}
        busy={busy}
        onFiles={async (files) => {
          if ((await upload(files)).length > 0) refresh()
        }}
      />
      {list.query.isError ? (
        <Alert color="red">{list.query.error?.message}</Alert>
      ) : list.query.isLoading ? (
        <Spinner label={t('loader.label')} />
      ) : items.length === 0 ? (
        <Alert color="gray" title={t('carousel.emptyTitle')}>
          {t('carousel.emptyText')}
        </Alert>
      ) : (
        <>
          <Text size="sm" color="dimmed">
            {t('carousel.howTo')}
            {ordering.isPending ? ` ${t('carousel.saving')}` : ''}
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
              aria-label={t('carousel.list')}
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
                          <SrOnly>{`${t('carousel.position')} `}</SrOnly>
                          {index + 1}
                        </Badge>
                        <Text weight={600} size="sm" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                          {image.name}
                        </Text>
                        {handle}
                      </Group>
                      <Text size="sm" color={image.alt ? undefined : 'orange.9'} mt={4}>
                        {image.alt ? image.alt : t('carousel.noAlt')}
                      </Text>
                      <Group spacing="xs" mt="sm">
                        <EditImageButton name={image.name} onClick={() => setEditing(image)} />
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftIcon={<IconX size={14} aria-hidden />}
                          onClick={() => setRemoving(image)}
                          aria-label={t('carousel.removeNamed', { name: image.name })}
                        >
                          {t('carousel.remove')}
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
      <ConfirmDialog
        opened={removing !== null}
        title={t('carousel.removeQuestion')}
        confirmLabel={t('carousel.removeConfirm')}
        danger
        loading={updating.isPending}
        onConfirm={() => removing && removeFromCarousel(removing)}
        onCancel={() => setRemoving(null)}
      >
        {t('carousel.removeText', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  )
}
