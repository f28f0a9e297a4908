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
import type { MessageKey } from '../i18n/en'
import { tr, type Vars } from '../i18n/translate'
import { useT } from '../i18n/use-t'

export interface SortableItem {
  id: number
  name: string
}

type Text = (key: MessageKey, vars?: Vars) => string

/** How to move an image with the keyboard, read when a handle gets the focus. */
export const instructions = (t: Text): ScreenReaderInstructions => ({ draggable: t('sortable.instructions') })

/** What a screen reader hears while an image is moved, in the dashboard's language. */
export function announcements(items: readonly SortableItem[], t: Text = (key, vars) => tr(key, vars)): Announcements {
  const name = (id: unknown) => items.find((i) => i.id === id)?.name ?? t('sortable.theImage')
  const place = (id: unknown) => items.findIndex((i) => i.id === id) + 1
  const count = items.length
  return {
    onDragStart: ({ active }) => t('sortable.picked', { name: name(active.id), place: place(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? t('sortable.over', { name: name(active.id), place: place(over.id), count })
        : t('sortable.outside', { name: name(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('sortable.dropped', { name: name(active.id), place: place(over.id), count })
        : t('sortable.droppedOutside', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('sortable.cancelled', { name: name(active.id) }),
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
  const t = useT()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements: announcements(items, t), screenReaderInstructions: instructions(t) }}
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
  const t = useT()
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
      aria-roledescription={t('sortable.roleDescription')}
      aria-label={t('sortable.handle', { name })}
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
