import { act, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOOLTIP } from '@salon/shared/constants'
import { Tooltip } from './Tooltip'

function Icons({ onPrev }: { onPrev?: () => void }) {
  return (
    <div>
      <Tooltip content="Mese precedente">
        <button type="button" aria-label="Mese precedente" onClick={onPrev}>
          ‹
        </button>
      </Tooltip>
      <Tooltip content="Mese successivo">
        <button type="button" aria-label="Mese successivo">
          ›
        </button>
      </Tooltip>
    </div>
  )
}

const prev = () => screen.getByRole('button', { name: 'Mese precedente' })
const next = () => screen.getByRole('button', { name: 'Mese successivo' })
const anchor = (el: HTMLElement) => el.parentElement!
const hover = (el: HTMLElement, pointerType = 'mouse') => fireEvent.pointerEnter(anchor(el), { pointerType })
const leave = (el: HTMLElement) => fireEvent.pointerLeave(anchor(el), { pointerType: 'mouse' })
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  // Past any skip window a test left open: each test starts cold.
  vi.advanceTimersByTime(TOOLTIP.skipDelayMs + 1)
  vi.useRealTimers()
})

describe('Tooltip', () => {
  it('opens after 700 ms of hover, describes the control, and closes when the pointer leaves', () => {
    render(<Icons />)
    hover(prev())
    wait(TOOLTIP.openDelayMs - 1)
    expect(screen.queryByRole('tooltip')).toBeNull()
    expect(prev()).not.toHaveAttribute('aria-describedby')
    wait(1)
    const tip = screen.getByRole('tooltip')
    expect(tip).toHaveTextContent('Mese precedente')
    expect(prev()).toHaveAttribute('aria-describedby', tip.id)
    leave(prev())
    expect(screen.queryByRole('tooltip')).toBeNull()
    expect(prev()).not.toHaveAttribute('aria-describedby')
  })

  it('does not open when the pointer leaves before the delay', () => {
    render(<Icons />)
    hover(prev())
    wait(400)
    leave(prev())
    wait(TOOLTIP.openDelayMs)
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('opens the next one at once within 300 ms of the last closing, with the full delay after that', () => {
    render(<Icons />)
    hover(prev())
    wait(TOOLTIP.openDelayMs)
    leave(prev())
    wait(TOOLTIP.skipDelayMs - 1)
    hover(next())
    expect(screen.getByRole('tooltip')).toHaveTextContent('Mese successivo')
    leave(next())
    wait(TOOLTIP.skipDelayMs)
    hover(prev())
    expect(screen.queryByRole('tooltip')).toBeNull()
    wait(TOOLTIP.openDelayMs)
    expect(screen.getByRole('tooltip')).toHaveTextContent('Mese precedente')
  })

  it('shows at once on keyboard focus, hides on Escape and on blur', () => {
    render(<Icons />)
    act(() => prev().focus())
    expect(screen.getByRole('tooltip')).toHaveTextContent('Mese precedente')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('tooltip')).toBeNull()
    expect(prev()).toHaveFocus()
    act(() => next().focus())
    expect(screen.getByRole('tooltip')).toHaveTextContent('Mese successivo')
    act(() => next().blur())
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('keeps one open at a time', () => {
    render(<Icons />)
    act(() => prev().focus())
    hover(next())
    wait(TOOLTIP.openDelayMs)
    expect(screen.getAllByRole('tooltip')).toHaveLength(1)
    expect(screen.getByRole('tooltip')).toHaveTextContent('Mese successivo')
  })

  it('a press closes it and its focus does not reopen it; the control’s own handlers still run', () => {
    const onPrev = vi.fn()
    render(<Icons onPrev={onPrev} />)
    hover(prev())
    wait(TOOLTIP.openDelayMs)
    fireEvent.pointerDown(prev())
    act(() => prev().focus())
    fireEvent.click(prev())
    expect(screen.queryByRole('tooltip')).toBeNull()
    expect(onPrev).toHaveBeenCalledTimes(1)
    // Later focus (the keyboard's) shows it again.
    act(() => prev().blur())
    wait(1)
    act(() => prev().focus())
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
  })

  it('never opens on touch', () => {
    render(<Icons />)
    hover(prev(), 'touch')
    wait(TOOLTIP.openDelayMs * 2)
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  describe('a control focused before React hydrated the page', () => {
    let root: Root | undefined
    let container: HTMLElement
    afterEach(() => {
      act(() => root?.unmount())
      container.remove()
      vi.restoreAllMocks()
    })

    /** The server's HTML, the given button focused in it, then React hydrates. */
    function hydrateFocused(name: string, keyboard: boolean) {
      container = document.body.appendChild(document.createElement('div'))
      container.innerHTML = renderToString(<Icons />)
      const button = screen.getByRole('button', { name })
      // jsdom does not follow the browser's heuristics for `:focus-visible`: say which focus it was.
      const matches = Element.prototype.matches
      vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
        return selector === ':focus-visible'
          ? keyboard && this === document.activeElement
          : matches.call(this, selector)
      })
      button.focus()
      act(() => {
        root = hydrateRoot(container, <Icons />)
      })
    }

    it('shows its tooltip once hydrated when the focus was the keyboard’s; Escape still hides it', () => {
      hydrateFocused('Mese successivo', true)
      const tip = screen.getByRole('tooltip')
      expect(tip).toHaveTextContent('Mese successivo')
      expect(next()).toHaveAttribute('aria-describedby', tip.id)
      expect(screen.getAllByRole('tooltip')).toHaveLength(1)
      fireEvent.keyDown(document, { key: 'Escape' })
      expect(screen.queryByRole('tooltip')).toBeNull()
      expect(next()).toHaveFocus()
    })

    it('shows none when the focus came from a tap', () => {
      hydrateFocused('Mese successivo', false)
      expect(next()).toHaveFocus()
      expect(screen.queryByRole('tooltip')).toBeNull()
    })
  })
})
