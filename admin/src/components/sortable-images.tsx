import type { ReactNode } from 'react'
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core'
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon } from '@mantine/core'
import { IconGripVertical } from '@tabler/icons-react'

export interface SortableItem {
  id: number
  name: string
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'Per spostare l’immagine premi spazio, poi usa le frecce per cambiarne il posto; spazio di nuovo per lasciarla, Esc per annullare.',
}

/** What a screen reader hears while an image is moved, in Italian. */
export function announcements(items: readonly SortableItem[]): Announcements {
  const name = (id: unknown) => items.find((i) => i.id === id)?.name ?? 'l’immagine'
  const place = (id: unknown) => items.findIndex((i) => i.id === id) + 1
  return {
    onDragStart: ({ active }) => `Hai preso «${name(active.id)}», al posto ${place(active.id)} di ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `«${name(active.id)}» ora è al posto ${place(over.id)} di ${items.length}.`
        : `«${name(active.id)}» è fuori dall’elenco.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `«${name(active.id)}» lasciata al posto ${place(over.id)} di ${items.length}.`
        : `«${name(active.id)}» lasciata.`,
    onDragCancel: ({ active }) => `Spostamento annullato: «${name(active.id)}» torna al suo posto.`,
  }
}

/** The new order after a drag, or null when nothing moved. */
export function reorder<T extends { id: number }>(items: readonly T[], event: Pick<DragEndEvent, 'active' | 'over'>) {
  const { active, over } = event
  if (!over || active.id === over.id) return null
  const from = items.findIndex((i) => i.id === active.id)
  const to = items.findIndex((i) => i.id === over.id)
  if (from < 0 || to < 0) return null
  return arrayMove([...items], from, to)
}

/**
 * A grid of cards that can be put in order by dragging their handle — with a mouse, a finger or
 * the keyboard (handle focused: space, arrows, space). `onReorder` gets the new order.
 */
export function SortableImages<T extends SortableItem>({
  items,
  onReorder,
  children,
}: {
  items: readonly T[]
  onReorder: (items: T[]) => void
  children: ReactNode
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements: announcements(items), screenReaderInstructions: instructions }}
      onDragEnd={(event) => {
        const next = reorder(items, event)
        if (next) onReorder(next)
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={rectSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

/** One sortable card: `children` gets the drag handle to place where it fits. */
export function SortableCard({
  id,
  name,
  children,
}: {
  id: number
  name: string
  children: (handle: ReactNode) => ReactNode
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  })
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="light"
      size="lg"
      {...attributes}
      {...listeners}
      aria-roledescription="elemento spostabile"
      aria-label={`Sposta «${name}»`}
      sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  )
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      {children(handle)}
    </div>
  )
}
