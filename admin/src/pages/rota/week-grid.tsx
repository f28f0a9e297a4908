import { useState } from 'react'
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import { ActionIcon, Box, Card, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { IconGripVertical } from '@tabler/icons-react'
import { SrOnly } from '../../components/sr-only'
import type { T } from '../../i18n/use-t'
import { useT } from '../../i18n/use-t'
import { CellContent, EXCEPTION_COLOUR } from './cell'
import { cellId, hoursText, parseCellId, shiftText, type RotaCell, type RotaRow } from './model'

/** What the grid and the cards need to write a day: its short and long names, and why it is closed. */
export interface DayInfo {
  date: string
  /** "Tue 1 Dec" / "mar 1 dic". */
  short: string
  /** "Tuesday 1 December" / "martedì 1 dicembre". */
  long: string
  /** Why the salon is closed all day ("Holiday: Christmas"), when it is. */
  closed?: string
  today: boolean
}

const NAME_COLUMN = 168
const CELL_MIN = 124

/** Arrow keys move a picked-up shift to the nearest day in that direction (a grid, not a list). */
export const gridKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[event.code]
  const { collisionRect, droppableRects, droppableContainers } = context
  if (!step || !collisionRect) return undefined
  event.preventDefault()
  const [dx, dy] = step as [number, number]
  const cx = collisionRect.left + collisionRect.width / 2
  const cy = collisionRect.top + collisionRect.height / 2
  let best: { x: number; y: number; score: number } | null = null
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id)
    if (!rect) continue
    const rx = rect.left + rect.width / 2
    const ry = rect.top + rect.height / 2
    const along = dx !== 0 ? (rx - cx) * dx : (ry - cy) * dy
    if (along <= 1) continue
    const across = Math.abs(dx !== 0 ? ry - cy : rx - cx)
    const score = along + across * 4
    if (!best || score < best.score) best = { x: rx, y: ry, score }
  }
  if (!best) return undefined
  return { x: best.x - collisionRect.width / 2, y: best.y - collisionRect.height / 2 }
}

/** With a pointer: the day under it; with the keyboard: the day the shift was moved onto. */
const collision: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args))

/** What a screen reader hears while a shift is being copied, in the dashboard's language. */
export function rotaAnnouncements(
  find: (id: unknown) => { cell: RotaCell; day: DayInfo } | undefined,
  t: T,
): Announcements {
  const where = (id: unknown) => {
    const found = find(id)
    return found ? { name: found.cell.operator.name, day: found.day.long } : { name: '', day: '' }
  }
  return {
    onDragStart: ({ active }) => {
      const found = find(active.id)
      return t('rota.dnd.picked', { ...where(active.id), shift: found ? shiftText(found.cell.shift) : '' })
    },
    onDragOver: ({ over }) => (over ? t('rota.dnd.over', where(over.id)) : t('rota.dnd.outside')),
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id ? t('rota.dnd.dropped', where(over.id)) : t('rota.dnd.droppedOutside'),
    onDragCancel: () => t('rota.dnd.cancelled'),
  }
}

/** The copy a drop asks for, or null (dropped nowhere, on itself, or on a closed day). */
export function dropOf(
  event: Pick<DragEndEvent, 'active' | 'over'>,
  find: (id: unknown) => { cell: RotaCell } | undefined,
): { from: RotaCell; to: RotaCell } | null {
  const { active, over } = event
  if (!over || over.id === active.id || !parseCellId(over.id)) return null
  const from = find(active.id)?.cell
  const to = find(over.id)?.cell
  if (!from || !to || !to.editable || from.shift.length === 0) return null
  return { from, to }
}

interface GridProps {
  rows: RotaRow[]
  days: DayInfo[]
  caption: string
  onOpen: (cell: RotaCell, day: DayInfo) => void
  onCopy: (from: RotaCell, to: RotaCell) => void
  /** A copy is being saved: no new drag until it is done. */
  busy?: boolean
}

/**
 * The team's week on a computer: a table, one row per person (the name column stays in view when
 * the table scrolls sideways), one column per day. Each open day is a button (click, Enter or
 * Space opens the day's form). A shift can be copied onto another day or person by dragging its
 * handle — with a mouse, or with the keyboard: the handle focused, Space, arrows, Space.
 */
export function RotaGrid({ rows, days, caption, onOpen, onCopy, busy = false }: GridProps) {
  const t = useT()
  const [dragging, setDragging] = useState<RotaCell | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: gridKeyboardCoordinates }),
  )
  const find = (id: unknown) => {
    const parsed = parseCellId(id)
    if (!parsed) return undefined
    const row = rows.find((r) => r.operator.id === parsed.operator)
    const index = days.findIndex((d) => d.date === parsed.date)
    const cell = row?.cells[index]
    return cell ? { cell, day: days[index]! } : undefined
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{
        announcements: rotaAnnouncements(find, t),
        screenReaderInstructions: { draggable: t('rota.dnd.instructions') },
      }}
      onDragStart={({ active }) => setDragging(find(active.id)?.cell ?? null)}
      onDragCancel={() => setDragging(null)}
      onDragEnd={(event) => {
        setDragging(null)
        const drop = dropOf(event, find)
        if (drop) onCopy(drop.from, drop.to)
      }}
    >
      <Paper withBorder radius="md" sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          sx={(theme) => ({
            borderCollapse: 'separate',
            borderSpacing: 0,
            width: '100%',
            minWidth: NAME_COLUMN + 7 * CELL_MIN,
            tableLayout: 'fixed',
            '& th, & td': {
              borderBottom: `1px solid ${theme.colors.gray[3]}`,
              borderRight: `1px solid ${theme.colors.gray[2]}`,
              verticalAlign: 'top',
              padding: 0,
            },
            '& tbody tr:last-of-type > *': { borderBottom: 0 },
          })}
        >
          <caption>
            <SrOnly>{caption}</SrOnly>
          </caption>
          <colgroup>
            <col style={{ width: NAME_COLUMN }} />
            {days.map((d) => (
              <col key={d.date} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <Box
                component="th"
                scope="col"
                sx={(theme) => ({
                  ...stickyName(theme.white),
                  textAlign: 'left',
                  padding: `${theme.spacing.xs}px !important`,
                })}
              >
                <Text size="sm" weight={700}>
                  {t('rota.person')}
                </Text>
              </Box>
              {days.map((d) => (
                <Box
                  component="th"
                  scope="col"
                  key={d.date}
                  aria-current={d.today ? 'date' : undefined}
                  sx={(theme) => ({
                    textAlign: 'left',
                    padding: `${theme.spacing.xs}px !important`,
                    background: d.closed
                      ? theme.colors.gray[1]
                      : d.today
                        ? theme.colors[theme.primaryColor][0]
                        : theme.white,
                  })}
                >
                  <Text size="sm" weight={700} sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
                    {d.short}
                  </Text>
                  {d.closed && (
                    <Text size="xs" color="dimmed" weight={600}>
                      {d.closed}
                    </Text>
                  )}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.operator.id}>
                <Box
                  component="th"
                  scope="row"
                  sx={(theme) => ({
                    ...stickyName(theme.white),
                    textAlign: 'left',
                    padding: `${theme.spacing.xs}px !important`,
                  })}
                >
                  <Text weight={700} size="sm" sx={{ wordBreak: 'break-word' }}>
                    {row.operator.name}
                  </Text>
                  <Text size="xs" color="dimmed">
                    {t('rota.weekHours', { hours: hoursText(row.minutes) })}
                  </Text>
                </Box>
                {row.cells.map((cell, i) => (
                  <GridCell
                    key={cell.date}
                    cell={cell}
                    day={days[i]!}
                    onOpen={onOpen}
                    dragDisabled={busy}
                    dragging={dragging}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Paper>
      <DragOverlay dropAnimation={null} className="rota-drag-overlay">
        {dragging ? (
          <Paper shadow="md" p="xs" radius="sm" withBorder sx={{ cursor: 'grabbing', fontWeight: 700, fontSize: 14 }}>
            {shiftText(dragging.shift)}
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  )
}

const stickyName = (background: string) =>
  ({
    position: 'sticky',
    left: 0,
    zIndex: 1,
    background,
    boxShadow: '1px 0 0 rgba(0,0,0,0.08)',
  }) as const

function GridCell({
  cell,
  day,
  onOpen,
  dragDisabled,
  dragging,
}: {
  cell: RotaCell
  day: DayInfo
  onOpen: (cell: RotaCell, day: DayInfo) => void
  dragDisabled: boolean
  dragging: RotaCell | null
}) {
  const t = useT()
  const id = cellId(cell.operator.id, cell.date)
  const canDrag = cell.editable && cell.shift.length > 0 && !dragDisabled
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id, disabled: !cell.editable })
  const {
    setNodeRef: setDragRef,
    setActivatorNodeRef,
    attributes,
    listeners,
  } = useDraggable({ id, disabled: !canDrag })
  const isTarget =
    isOver && dragging !== null && !(dragging.operator.id === cell.operator.id && dragging.date === cell.date)
  if (cell.closed)
    return (
      <Box
        component="td"
        sx={(theme) => ({ background: theme.colors.gray[1], padding: `${theme.spacing.xs}px !important` })}
      >
        <SrOnly>{t('rota.cellName', { name: cell.operator.name, day: day.long })} </SrOnly>
        <CellContent cell={cell} closedText={day.closed} />
      </Box>
    )
  return (
    <Box
      component="td"
      ref={setDropRef}
      data-cell={id}
      sx={(theme) => ({
        position: 'relative',
        // A height on the cell lets its button fill the row (the row still grows with its tallest cell).
        height: 1,
        background: isTarget
          ? theme.colors[theme.primaryColor][1]
          : day.today
            ? theme.colors[theme.primaryColor][0]
            : theme.white,
        boxShadow: cell.exception ? `inset 3px 0 0 ${theme.colors[EXCEPTION_COLOUR][6]}` : undefined,
        outline: isTarget ? `2px dashed ${theme.colors[theme.primaryColor][7]}` : undefined,
        outlineOffset: -3,
      })}
    >
      <Box ref={setDragRef} sx={{ position: 'relative', height: '100%', minHeight: 80 }}>
        <UnstyledButton
          onClick={() => onOpen(cell, day)}
          data-testid={`cell-${id}`}
          sx={(theme) => ({
            width: '100%',
            height: '100%',
            minHeight: 80,
            padding: theme.spacing.xs,
            // Room for the handle in the bottom corner: it never covers the times.
            paddingBottom: canDrag ? 34 : theme.spacing.xs,
            // A button centres its content vertically: the day's words start at the top, as in the other cells.
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'flex-start',
            alignItems: 'stretch',
            textAlign: 'left',
            borderRadius: 0,
            '&:hover': { background: theme.fn.rgba(theme.colors[theme.primaryColor][1], 0.5) },
            '&:focus-visible': { outline: `2px solid ${theme.colors[theme.primaryColor][7]}`, outlineOffset: -2 },
          })}
        >
          <SrOnly>{t('rota.cellName', { name: cell.operator.name, day: day.long })} </SrOnly>
          <CellContent cell={cell} />
          {isTarget && (
            <Text size="xs" weight={700} sx={(theme) => ({ color: theme.colors[theme.primaryColor][8] })} mt={4}>
              {t('rota.dnd.dropHere')}
            </Text>
          )}
        </UnstyledButton>
        {canDrag && (
          <ActionIcon
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-roledescription={t('rota.dnd.roleDescription')}
            variant="subtle"
            color="gray"
            size={30}
            sx={(theme) => ({
              position: 'absolute',
              right: 2,
              bottom: 2,
              cursor: 'grab',
              touchAction: 'none',
              color: theme.colors.gray[7],
              '&:focus-visible': { outline: `2px solid ${theme.colors[theme.primaryColor][7]}` },
            })}
          >
            <IconGripVertical size={18} aria-hidden />
            <SrOnly>{t('rota.dnd.handle', { name: cell.operator.name, day: day.long })}</SrOnly>
          </ActionIcon>
        )}
      </Box>
    </Box>
  )
}

/**
 * The team's week on a phone: one card per person, one line per day (a button at least 44 px
 * high: a finger), closed days greyed with their reason. No dragging on a phone: a day is changed
 * in its form, a whole week with "Copy week".
 */
export function RotaCards({ rows, days, onOpen }: Pick<GridProps, 'rows' | 'days' | 'onOpen'>) {
  const t = useT()
  return (
    <Stack spacing="md">
      {rows.map((row) => (
        <Card key={row.operator.id} withBorder radius="md" p={0} component="section" aria-label={row.operator.name}>
          <Box px="sm" py="xs" sx={(theme) => ({ borderBottom: `1px solid ${theme.colors.gray[3]}` })}>
            <Title order={4}>{row.operator.name}</Title>
            <Text size="xs" color="dimmed">
              {t('rota.weekHours', { hours: hoursText(row.minutes) })}
            </Text>
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {row.cells.map((cell, i) => {
              const day = days[i]!
              const label = (
                <Text
                  size="sm"
                  weight={700}
                  sx={{ width: 92, flexShrink: 0, '&::first-letter': { textTransform: 'uppercase' } }}
                  aria-hidden={!cell.closed ? true : undefined}
                >
                  {day.short}
                </Text>
              )
              return (
                <Box
                  component="li"
                  key={cell.date}
                  sx={(theme) => ({
                    borderBottom: i < row.cells.length - 1 ? `1px solid ${theme.colors.gray[2]}` : undefined,
                    background: cell.closed
                      ? theme.colors.gray[1]
                      : day.today
                        ? theme.colors[theme.primaryColor][0]
                        : undefined,
                    boxShadow: cell.exception ? `inset 3px 0 0 ${theme.colors[EXCEPTION_COLOUR][6]}` : undefined,
                  })}
                >
                  {cell.closed ? (
                    <Box sx={{ display: 'flex', gap: 8, padding: '10px 12px', minHeight: 44, alignItems: 'center' }}>
                      {label}
                      <CellContent cell={cell} closedText={day.closed} />
                    </Box>
                  ) : (
                    <UnstyledButton
                      onClick={() => onOpen(cell, day)}
                      data-testid={`card-${cellId(cell.operator.id, cell.date)}`}
                      sx={(theme) => ({
                        display: 'flex',
                        gap: 8,
                        width: '100%',
                        padding: '10px 12px',
                        minHeight: 52,
                        alignItems: 'center',
                        '&:focus-visible': {
                          outline: `2px solid ${theme.colors[theme.primaryColor][7]}`,
                          outlineOffset: -2,
                        },
                      })}
                    >
                      <SrOnly>{t('rota.cellName', { name: cell.operator.name, day: day.long })} </SrOnly>
                      {label}
                      <CellContent cell={cell} />
                    </UnstyledButton>
                  )}
                </Box>
              )
            })}
          </Box>
        </Card>
      ))}
    </Stack>
  )
}
