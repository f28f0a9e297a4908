import type { ReactNode } from 'react'

/**
 * The bar at the bottom of the screen with the running total and the primary action: always in
 * reach of the thumb, never scrolled away (the top complaint about other booking flows on phones).
 */
export function StickyBar({ summary, action }: { summary: ReactNode; action: ReactNode }) {
  return (
    <div className="sticky-bar">
      <div className="sticky-bar__inner">
        <div className="sticky-bar__summary" aria-live="polite">
          {summary}
        </div>
        <div className="sticky-bar__action">{action}</div>
      </div>
    </div>
  )
}
