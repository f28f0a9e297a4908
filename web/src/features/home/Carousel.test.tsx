import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UploadDoc } from './api'
import { AUTOPLAY_MS, Carousel } from './Carousel'

const images: UploadDoc[] = [1, 2, 3].map((n) => ({
  id: n,
  alt: `Foto ${n}`,
  imageUrl: `/api/upload/file/foto-${n}-800x533.webp`,
  sizes: { x1: { url: `/api/upload/file/foto-${n}-800x533.webp`, width: 800, height: 533 } },
}))

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
}

/** The slide shown: the one group not hidden from assistive technology, and the current dot. */
function currentSlide() {
  const shown = screen.getAllByRole('group').filter((g) => g.getAttribute('aria-hidden') !== 'true')
  expect(shown).toHaveLength(1)
  return shown[0]!.getAttribute('aria-label')
}
const dot = (n: number) => screen.getByRole('button', { name: `Vai all’immagine ${n} di 3` })
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms))

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    mockReducedMotion(false)
  })
  afterEach(() => vi.useRealTimers())

  it('is a named carousel of named slides; the first image is eager and high priority, the others lazy, all sized', () => {
    render(<Carousel images={images} label="Foto di Salone Demo" />)
    const region = screen.getByRole('region', { name: 'Foto di Salone Demo' })
    expect(region).toHaveAttribute('aria-roledescription', 'carosello')
    expect(screen.getAllByRole('group', { hidden: true }).map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 di 3',
      '2 di 3',
      '3 di 3',
    ])
    const imgs = region.querySelectorAll('img')
    expect(imgs[0]).toHaveAttribute('fetchpriority', 'high')
    expect(imgs[0]).toHaveAttribute('loading', 'eager')
    expect(imgs[1]).toHaveAttribute('loading', 'lazy')
    for (const img of imgs) {
      expect(img).toHaveAttribute('width', '800')
      expect(img).toHaveAttribute('height', '533')
    }
    expect(currentSlide()).toBe('1 di 3')
    expect(dot(1)).toHaveAttribute('aria-current', 'true')
  })

  it('advances every 5 s and wraps around; not announced while it moves by itself', () => {
    const { container } = render(<Carousel images={images} label="Foto" />)
    expect(container.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'off')
    advance(AUTOPLAY_MS - 1)
    expect(currentSlide()).toBe('1 di 3')
    advance(1)
    expect(currentSlide()).toBe('2 di 3')
    advance(AUTOPLAY_MS * 2)
    expect(currentSlide()).toBe('1 di 3')
    expect(container.querySelector('.carousel__track')).toHaveStyle({ transitionDuration: '400ms' })
  })

  it('pauses while the pointer is over it and resumes when it leaves', () => {
    render(<Carousel images={images} label="Foto" />)
    fireEvent.mouseEnter(screen.getByRole('region'))
    advance(AUTOPLAY_MS * 3)
    expect(currentSlide()).toBe('1 di 3')
    fireEvent.mouseLeave(screen.getByRole('region'))
    advance(AUTOPLAY_MS)
    expect(currentSlide()).toBe('2 di 3')
  })

  it('works by keyboard: buttons, dots and arrow keys; focus inside stops it and changes are announced', () => {
    const { container } = render(<Carousel images={images} label="Foto" />)
    const next = screen.getByRole('button', { name: 'Immagine successiva' })
    act(() => next.focus())
    expect(container.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite')
    fireEvent.click(next)
    expect(currentSlide()).toBe('2 di 3')
    advance(AUTOPLAY_MS * 3)
    expect(currentSlide()).toBe('2 di 3')
    fireEvent.keyDown(next, { key: 'ArrowRight' })
    expect(currentSlide()).toBe('3 di 3')
    fireEvent.keyDown(next, { key: 'ArrowRight' })
    expect(currentSlide()).toBe('1 di 3')
    fireEvent.keyDown(next, { key: 'ArrowLeft' })
    expect(currentSlide()).toBe('3 di 3')
    fireEvent.click(screen.getByRole('button', { name: 'Immagine precedente' }))
    expect(currentSlide()).toBe('2 di 3')
    fireEvent.click(dot(1))
    expect(currentSlide()).toBe('1 di 3')
    expect(dot(1)).toHaveAttribute('aria-current', 'true')
    expect(dot(2)).not.toHaveAttribute('aria-current')
    // Focus leaves: it moves again.
    act(() => next.blur())
    advance(AUTOPLAY_MS)
    expect(currentSlide()).toBe('2 di 3')
  })

  it('"Ferma lo scorrimento" stops it until "Avvia lo scorrimento"', () => {
    render(<Carousel images={images} label="Foto" />)
    fireEvent.click(screen.getByRole('button', { name: 'Ferma lo scorrimento' }))
    act(() => (document.activeElement as HTMLElement).blur())
    advance(AUTOPLAY_MS * 3)
    expect(currentSlide()).toBe('1 di 3')
    fireEvent.click(screen.getByRole('button', { name: 'Avvia lo scorrimento' }))
    act(() => (document.activeElement as HTMLElement).blur())
    advance(AUTOPLAY_MS)
    expect(currentSlide()).toBe('2 di 3')
  })

  it('stays still under prefers-reduced-motion (no autoplay, no animation, no pause button) but can be moved', () => {
    mockReducedMotion(true)
    const { container } = render(<Carousel images={images} label="Foto" />)
    advance(AUTOPLAY_MS * 4)
    expect(currentSlide()).toBe('1 di 3')
    expect(screen.queryByRole('button', { name: 'Ferma lo scorrimento' })).not.toBeInTheDocument()
    expect(container.querySelector('.carousel__track')).toHaveStyle({ transitionDuration: '0ms' })
    expect(container.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite')
    fireEvent.click(screen.getByRole('button', { name: 'Immagine successiva' }))
    expect(currentSlide()).toBe('2 di 3')
  })

  it('a sideways swipe changes slide; a short or vertical one does not', () => {
    const { container } = render(<Carousel images={images} label="Foto" />)
    const viewport = container.querySelector('.carousel__viewport')!
    const swipe = (dx: number, dy: number) => {
      fireEvent.pointerDown(viewport, { pointerType: 'touch', clientX: 200, clientY: 100 })
      fireEvent.pointerUp(viewport, { pointerType: 'touch', clientX: 200 + dx, clientY: 100 + dy })
    }
    swipe(-80, 5)
    expect(currentSlide()).toBe('2 di 3')
    swipe(-20, 0)
    expect(currentSlide()).toBe('2 di 3')
    swipe(-60, 120)
    expect(currentSlide()).toBe('2 di 3')
    swipe(90, 0)
    expect(currentSlide()).toBe('1 di 3')
  })

  it('a single image has no controls', () => {
    render(<Carousel images={images.slice(0, 1)} label="Foto" />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
