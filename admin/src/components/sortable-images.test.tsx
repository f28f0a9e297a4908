import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { announcements, instructions, reorder, SortableCard, SortableImages } from './sortable-images'
import { setLocale } from '../i18n/locale'
import { tr } from '../i18n/translate'

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
  it('tell a screen reader user where the image is, in English by default', () => {
    const a = announcements(items)
    expect(a.onDragStart({ active: { id: 2 } } as never)).toBe('Picked up “due”, at position 2 of 3.')
    expect(a.onDragOver({ active: { id: 2 }, over: { id: 3 } } as never)).toBe('“due” is now at position 3 of 3.')
    expect(a.onDragOver({ active: { id: 2 }, over: null } as never)).toBe('“due” is outside the list.')
    expect(a.onDragEnd({ active: { id: 2 }, over: { id: 1 } } as never)).toBe('“due” dropped at position 1 of 3.')
    expect(a.onDragCancel({ active: { id: 2 } } as never)).toBe('Move cancelled: “due” goes back to its place.')
  })

  it('and in Italian', () => {
    const a = announcements(items, (key, vars) => tr(key, vars, 'it'))
    expect(a.onDragStart({ active: { id: 2 } } as never)).toBe('Hai preso «due», al posto 2 di 3.')
    expect(a.onDragOver({ active: { id: 2 }, over: { id: 3 } } as never)).toBe('«due» ora è al posto 3 di 3.')
    expect(a.onDragCancel({ active: { id: 2 } } as never)).toContain('annullato')
    expect(instructions((key) => tr(key, {}, 'it')).draggable).toMatch(/^Per spostare l’immagine premi spazio/)
  })
})

const renderCards = () =>
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

describe('<SortableCard>', () => {
  afterEach(() => setLocale('en'))

  it('each card has a drag handle named after its image, reachable with Tab', () => {
    renderCards()
    const handles = screen.getAllByRole('button', { name: /^Move “/ })
    expect(handles.map((h) => h.getAttribute('aria-label'))).toEqual(['Move “uno”', 'Move “due”', 'Move “tre”'])
    for (const h of handles) expect(h).toHaveAttribute('aria-roledescription', 'movable item')
    for (const h of handles) expect(h).toHaveAttribute('tabindex', '0')
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    // dnd-kit's hidden instructions, which the handles point to
    expect(document.body).toHaveTextContent('To move the image press space')
  })

  it('names the handles in Italian when the dashboard speaks Italian', () => {
    setLocale('it')
    renderCards()
    const handles = screen.getAllByRole('button', { name: /^Sposta «/ })
    expect(handles.map((h) => h.getAttribute('aria-label'))).toEqual(['Sposta «uno»', 'Sposta «due»', 'Sposta «tre»'])
  })
})
