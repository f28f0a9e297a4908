import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react'
import { t } from '../../lib/i18n'
import { ChevronLeftIcon, ChevronRightIcon } from '../../lib/ui/icons'
import { spanningImage, type UploadDoc } from './api'

/** Spec §9: a slide every 5 s, moving in 400 ms. */
export const AUTOPLAY_MS = 5000
export const TRANSITION_MS = 400
/**
 * The slide's width in the layout (styles.css: the column beside the hero text from lg, the
 * container's width below it), so the browser picks the right file from the srcset.
 */
export const CAROUSEL_SIZES = '(min-width: 1024px) 29rem, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)'

/** A horizontal drag at least this long (px), and longer than it is tall, changes slide. */
export const SWIPE_MIN_PX = 40

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

const motionQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null)
const subscribeMotion = (onChange: () => void) => {
  const query = motionQuery()
  query?.addEventListener?.('change', onChange)
  return () => query?.removeEventListener?.('change', onChange)
}

/** `prefers-reduced-motion`, followed while the page is open (`false` on a server render: hydration-safe). */
const useReducedMotion = () =>
  useSyncExternalStore(
    subscribeMotion,
    () => motionQuery()?.matches ?? false,
    () => false,
  )

/**
 * The salon's HOME_CAROUSEL images (WAI-ARIA APG carousel pattern): previous/next buttons, one
 * dot per slide, ←/→ while focus is inside, swipe on touch screens. It advances by itself every
 * 5 s and stops while the pointer is over it, while focus is inside, after "Ferma" and — not at
 * all — under `prefers-reduced-motion`. While it moves by itself the slides are not announced
 * (`aria-live="off"`); once it stops, a change the visitor makes is (`polite`).
 */
/* `id` is a prop rather than useId(): the page has one carousel, and a fixed id reads the same in
   the server's HTML and in the browser's hydration whatever wraps the tree. */
export function Carousel({ images, label, id = 'carousel' }: { images: UploadDoc[]; label: string; id?: string }) {
  const count = images.length
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const reducedMotion = useReducedMotion()
  const swipeFrom = useRef<{ x: number; y: number } | null>(null)
  const root = useRef<HTMLElement>(null)

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count])
  const playing = count > 1 && !reducedMotion && !stopped && !hovered && !focused

  // Pointer over it or focus inside pause it; ←/→ while focus is inside move it. Listened to on
  // the region itself (a landmark, not a control: the controls are the buttons inside).
  useEffect(() => {
    const el = root.current
    if (!el) return
    const enter = () => setHovered(true)
    const leave = () => setHovered(false)
    const focusIn = () => setFocused(true)
    const focusOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) setFocused(false)
    }
    const keyDown = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
      e.preventDefault()
      setIndex((i) => (((i + (e.key === 'ArrowLeft' ? -1 : 1)) % count) + count) % count)
    }
    el.addEventListener('mouseenter', enter)
    el.addEventListener('mouseleave', leave)
    el.addEventListener('focusin', focusIn)
    el.addEventListener('focusout', focusOut)
    el.addEventListener('keydown', keyDown)
    return () => {
      el.removeEventListener('mouseenter', enter)
      el.removeEventListener('mouseleave', leave)
      el.removeEventListener('focusin', focusIn)
      el.removeEventListener('focusout', focusOut)
      el.removeEventListener('keydown', keyDown)
    }
  }, [count])

  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS)
    return () => clearInterval(timer)
  }, [playing, count, index])

  if (count === 0) return null
  const current = Math.min(index, count - 1)
  const first = spanningImage(images[0]!)

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') swipeFrom.current = { x: e.clientX, y: e.clientY }
  }
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current
    swipeFrom.current = null
    if (!from) return
    const dx = e.clientX - from.x
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(e.clientY - from.y)) go(current + (dx < 0 ? 1 : -1))
  }

  return (
    <section ref={root} className="carousel" aria-roledescription={t.home.carousel.roleDescription} aria-label={label}>
      <div
        className="carousel__viewport"
        style={{ aspectRatio: `${first.width} / ${first.height}` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        <div
          id={`${id}-slides`}
          className="carousel__track"
          aria-live={playing ? 'off' : 'polite'}
          style={{
            transform: `translateX(${-100 * current}%)`,
            transitionDuration: reducedMotion ? '0ms' : `${TRANSITION_MS}ms`,
          }}
        >
          {images.map((image, i) => {
            const img = spanningImage(image)
            return (
              <div
                key={image.id}
                className="carousel__slide"
                role="group"
                aria-roledescription={t.home.carousel.slide}
                aria-label={t.home.carousel.slideOf(i + 1, count)}
                aria-hidden={i !== current || undefined}
              >
                <img
                  src={img.src}
                  srcSet={img.srcSet}
                  sizes={CAROUSEL_SIZES}
                  width={img.width}
                  height={img.height}
                  alt={image.alt ?? ''}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding={i === 0 ? 'sync' : 'async'}
                  draggable={false}
                />
              </div>
            )
          })}
        </div>
      </div>
      {count > 1 ? (
        <div className="carousel__controls">
          {reducedMotion ? null : (
            <button
              type="button"
              className="carousel__button carousel__toggle"
              onClick={() => setStopped((s) => !s)}
              aria-label={stopped ? t.home.carousel.play : t.home.carousel.pause}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
          )}
          <button
            type="button"
            className="carousel__button"
            aria-controls={`${id}-slides`}
            aria-label={t.home.carousel.previous}
            onClick={() => go(current - 1)}
          >
            <ChevronLeftIcon size={20} />
          </button>
          <div className="carousel__dots">
            {images.map((image, i) => (
              <button
                key={image.id}
                type="button"
                className="carousel__dot"
                aria-controls={`${id}-slides`}
                aria-label={t.home.carousel.goTo(i + 1, count)}
                aria-current={i === current || undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__button"
            aria-controls={`${id}-slides`}
            aria-label={t.home.carousel.next}
            onClick={() => go(current + 1)}
          >
            <ChevronRightIcon size={20} />
          </button>
        </div>
      ) : null}
    </section>
  )
}
