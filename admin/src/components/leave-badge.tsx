import { Badge, type MantineColor } from '@mantine/core'
import type { LeaveKind } from '@salon/shared/enums/index'
import { useT } from '../i18n/use-t'

/**
 * Each kind of leave has its colour (the rota's cells, the operator's leave list). The words
 * carry the meaning (the glossary's label, never the enum); the colour only helps tell them apart
 * at a glance. Light shade behind, the palette's darkest shade for the text: AA on every one.
 */
export const LEAVE_COLOURS: Record<LeaveKind, MantineColor> = {
  ANNUAL: 'blue',
  PERMIT: 'grape',
  SICK: 'orange',
  TRAINING: 'teal',
}

/** A leave as people read it: "Annual leave" / "Ferie", with its times when it covers part of the day. */
export function LeaveBadge({ kind, detail }: { kind: LeaveKind; detail?: string }) {
  const t = useT()
  const colour = LEAVE_COLOURS[kind] ?? 'gray'
  return (
    <Badge
      component="span"
      variant="light"
      color={colour}
      size="md"
      radius="sm"
      data-leave={kind}
      sx={(theme) => ({
        textTransform: 'none',
        fontWeight: 700,
        color: theme.colors[colour]?.[9],
        backgroundColor: theme.colors[colour]?.[1],
        maxWidth: '100%',
        height: 'auto',
        minHeight: 22,
        whiteSpace: 'normal',
        lineHeight: 1.3,
        paddingTop: 2,
        paddingBottom: 2,
      })}
    >
      {t.glossary.leaveKind[kind]}
      {detail ? ` ${detail}` : ''}
    </Badge>
  )
}
