import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { tr } from '../../i18n/translate'
import { useT } from '../../i18n/use-t'
import { theme } from '../../theme'
import { MONDAY, rotaWeek } from './fixture'
import { rotaRows, weekDays, type RotaCell } from './model'
import { dropOf, gridKeyboardCoordinates, RotaGrid, rotaAnnouncements, type DayInfo } from './week-grid'

const days = weekDays(MONDAY)
const rows = rotaRows(rotaWeek(), days, 'Europe/Rome')
const infos: DayInfo[] = days.map((date) => ({
  date,
  short: date.slice(5),
  long: `day ${date}`,
  closed: date === days[0] || date === days[6] ? 'Salon closed' : undefined,
  today: false,
}))
const find = (id: unknown) => {
  const [op, date] = String(id).split('|')
  const row = rows.find((r) => r.operator.id === Number(op))
  const i = days.indexOf(date!)
  return row && i >= 0 ? { cell: row.cells[i]!, day: infos[i]! } : undefined
}

/** jsdom lays nothing out: each cell of the grid gets the box a browser would give it (120 × 80, by row and day). */
function layOutGrid() {
  const original = Element.prototype.getBoundingClientRect
  Element.prototype.getBoundingClientRect = function (this: Element) {
    // The dragged shift's overlay starts over the cell it was picked up from (the focused handle's).
    const td = this.closest('.rota-drag-overlay')
      ? document.activeElement?.closest('[data-cell]')
      : this.closest('[data-cell]')
    if (!td) return original.call(this)
    const [op, date] = td.getAttribute('data-cell')!.split('|')
    const x = 200 + days.indexOf(date!) * 120
    const y = 100 + (Number(op) - 1) * 80
    return {
      x,
      y,
      left: x,
      top: y,
      right: x + 120,
      bottom: y + 80,
      width: 120,
      height: 80,
      toJSON: () => ({}),
    } as DOMRect
  }
  return () => {
    Element.prototype.getBoundingClientRect = original
  }
}

// Room for a busy machine (two cores shared with builds): a screen test takes 1–3 s here, more under load.
describe('copying a shift by drag and drop', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('a drop copies onto another open day or person; nowhere, itself or a closed day copies nothing', () => {
    expect(dropOf({ active: { id: '1|2026-12-01' }, over: { id: '2|2026-12-03' } } as never, find)).toEqual({
      from: find('1|2026-12-01')!.cell,
      to: find('2|2026-12-03')!.cell,
    })
    expect(dropOf({ active: { id: '1|2026-12-01' }, over: null } as never, find)).toBeNull()
    expect(dropOf({ active: { id: '1|2026-12-01' }, over: { id: '1|2026-12-01' } } as never, find)).toBeNull()
    expect(dropOf({ active: { id: '1|2026-12-01' }, over: { id: '2|2026-11-30' } } as never, find)).toBeNull()
    // Thursday is Giulia's day off: nothing to copy from it.
    expect(dropOf({ active: { id: '1|2026-12-03' }, over: { id: '2|2026-12-03' } } as never, find)).toBeNull()
  })

  it('arrow keys go to the nearest day in their direction (a grid: right is the next day, down the next person)', () => {
    const rect = (left: number, top: number) => ({
      left,
      top,
      width: 120,
      height: 80,
      right: left + 120,
      bottom: top + 80,
    })
    const rects = new Map([
      ['a', rect(200, 100)],
      ['b', rect(320, 100)],
      ['c', rect(440, 100)],
      ['d', rect(200, 180)],
      ['e', rect(320, 180)],
    ])
    const context = {
      collisionRect: rect(200, 100),
      droppableRects: rects,
      droppableContainers: { getEnabled: () => [...rects.keys()].map((id) => ({ id })) },
    }
    const press = (code: string) =>
      gridKeyboardCoordinates({ code, preventDefault: () => {} } as KeyboardEvent, { context } as never)
    expect(press('ArrowRight')).toEqual({ x: 320, y: 100 })
    expect(press('ArrowDown')).toEqual({ x: 200, y: 180 })
    expect(press('ArrowLeft')).toBeUndefined()
    expect(press('KeyA')).toBeUndefined()
  })

  it('tells a screen reader what is picked up, where it is and where it was copied, in the dashboard’s language', () => {
    act(() => setLocale('it'))
    const t = Object.assign((key: never, vars?: never) => tr(key, vars, 'it'), {
      locale: 'it',
    }) as unknown as ReturnType<typeof useT>
    const a = rotaAnnouncements(find, t)
    expect(a.onDragStart({ active: { id: '2|2026-12-01' } } as never)).toBe(
      'Copia del turno di Marco di day 2026-12-01: 09:00–13:00.',
    )
    expect(a.onDragOver!({ active: { id: '2|2026-12-01' }, over: { id: '1|2026-12-02' } } as never)).toBe(
      'Su Giulia, day 2026-12-02.',
    )
    expect(a.onDragEnd!({ active: { id: '2|2026-12-01' }, over: { id: '1|2026-12-02' } } as never)).toBe(
      'Copiato su Giulia, day 2026-12-02.',
    )
    expect(a.onDragCancel!({ active: { id: '2|2026-12-01' } } as never)).toBe('Copia annullata.')
  })

  describe('with the keyboard, in the grid', () => {
    let restore: () => void
    beforeEach(() => {
      restore = layOutGrid()
    })
    afterEach(() => restore())

    it('Space on a handle picks the shift up, an arrow moves it to the next day, Space copies it there', async () => {
      const onCopy = vi.fn<(from: RotaCell, to: RotaCell) => void>()
      render(
        <MantineProvider theme={theme}>
          <RotaGrid rows={rows} days={infos} caption="Rota" onOpen={() => {}} onCopy={onCopy} />
        </MantineProvider>,
      )
      const handle = screen.getByRole('button', { name: 'Copy Marco’s shift of day 2026-12-01 to another day' })
      expect(handle).toHaveAttribute('aria-roledescription', 'shift that can be copied')
      handle.focus()
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' })
      // The sensor listens from the next tick.
      await act(() => new Promise((r) => setTimeout(r, 10)))
      fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' })
      await act(() => new Promise((r) => setTimeout(r, 10)))
      fireEvent.keyDown(document, { code: 'Space', key: ' ' })
      await waitFor(() => expect(onCopy).toHaveBeenCalledTimes(1))
      const [from, to] = onCopy.mock.calls[0]!
      expect(from).toMatchObject({ operator: { id: 2 }, date: '2026-12-01' })
      expect(to).toMatchObject({ operator: { id: 2 }, date: '2026-12-02' })
    })
  })
})
