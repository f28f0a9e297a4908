import type { ReactNode } from 'react'

/**
 * Text for screen readers only (an icon button's name). `live`: a polite status region, for what
 * a control did out of sight ("Phase moved: now 2 of 3").
 */
export function SrOnly({ children, live = false }: { children: ReactNode; live?: boolean }) {
  return (
    <span
      {...(live ? { role: 'status', 'aria-live': 'polite' as const } : {})}
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        padding: 0,
        margin: -1,
        overflow: 'hidden',
        clip: 'rect(0, 0, 0, 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </span>
  )
}
