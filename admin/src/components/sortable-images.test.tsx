import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { announcements, reorder, SortableCard, SortableImages } from './sortable-images'

const items = [
  { id: 1, name: 'uno' },
  { id: 2, name: 'due' },
  { id: 3, name: 'tre' },
]

describe('reorder', () => {
  it('moves the dragged item to where it was dropped', () => {
    expect(reorder(items, { active: { id: 3 }, over: { id: 1 } } as never)?.map((i) => i.id)).toEqual([3, 1, 2])
    expect(reorder(items, { active: { id: 1 }, over: { id: 2 } } as never)?.map((i) => i.id)).toEqual([2, 1, 3])
  })

  it('nothing moved: null (no request)', () => {
    expect(reorder(items, { active: { id: 2 }, over: { id: 2 } } as never)).toBeNull()
    expect(reorder(items, { active: { id: 2 }, over: null } as never)).toBeNull()
    expect(reorder(items, { active: { id: 9 }, over: { id: 1 } } as never)).toBeNull()
  })
})

describe('announcements', () => {
  it('tell a screen reader user, in Italian, where the image is', () => {
    const a = announcements(items)
    expect(a.onDragStart({ active: { id: 2 } } as never)).toBe('Hai preso «due», al posto 2 di 3.')
    expect(a.onDragOver({ active: { id: 2 }, over: { id: 3 } } as never)).toBe('«due» ora è al posto 3 di 3.')
    expect(a.onDragCancel({ active: { id: 2 } } as never)).toContain('annullato')
  })
})

describe('<SortableCard>', () => {
  it('each card has a drag handle named after its image, reachable with Tab', () => {
    render(
      <SortableImages items={items} onReorder={() => {}}>
        {items.map((i) => (
          <SortableCard key={i.id} id={i.id} name={i.name}>
            {(handle) => (
              <div>
                {i.name}
                {handle}
              </div>
            )}
          </SortableCard>
        ))}
      </SortableImages>,
    )
    const handles = screen.getAllByRole('button', { name: /^Sposta «/ })
    expect(handles.map((h) => h.getAttribute('aria-label'))).toEqual(['Sposta «uno»', 'Sposta «due»', 'Sposta «tre»'])
    for (const h of handles) expect(h).toHaveAttribute('tabindex', '0')
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })
})
