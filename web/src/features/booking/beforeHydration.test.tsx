import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Catalogue } from './api'
import { DayTimes } from './DayTimes'
import { ServicesStep } from './ServicesStep'

/*
 * Taps on the server's HTML before React has taken it over (issue 28 §3): the services are native
 * checkboxes whose state React adopts once hydrated; the times are submit buttons of a GET form
 * to /reserve that carries the choice, handled in place once hydrated.
 */

vi.mock('./api', () => ({ fetchDaySlots: vi.fn(), fetchMoveSlots: vi.fn() }))

const catalogue = {
  config: {} as Catalogue['config'],
  operators: [],
  categories: [
    {
      id: 1,
      name: 'Capelli',
      services: [
        { id: 4, title: 'Taglio', time: 30, price: 25 },
        { id: 7, title: 'Piega', time: 30, price: 20 },
        { id: 9, title: 'Colore', time: 90, price: 45 },
      ],
    },
  ],
} satisfies Catalogue

let root: ReturnType<typeof hydrateRoot> | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.replaceChildren()
})

/** The server's HTML in the page, as a visitor sees it before the scripts run. */
function serverHtml(html: string) {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  return container
}

const box = (container: HTMLElement, id: number) =>
  container.querySelector<HTMLInputElement>(`input[data-service="${id}"]`)!

describe('a service ticked before hydration', () => {
  it('is kept: React adopts the ticked boxes and the wizard is told, in the order kept then new', async () => {
    const container = serverHtml(
      renderToString(<ServicesStep catalogue={catalogue} selected={[9]} onChange={() => {}} />),
    )
    box(container, 7).click() // a native tap: no React yet
    box(container, 4).click()
    expect(box(container, 7).checked).toBe(true)
    const onChange = vi.fn()
    await act(async () => {
      root = hydrateRoot(container, <ServicesStep catalogue={catalogue} selected={[9]} onChange={onChange} />)
    })
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenCalledWith([9, 4, 7])
    // Rendered from React's state now: the class follows, the boxes stay ticked.
    expect(box(container, 7).closest('label')).toHaveClass('choice--checked')
    expect([4, 7, 9].map((id) => box(container, id).checked)).toEqual([true, true, true])
  })

  it('untaps too, and nothing is said when nothing changed', async () => {
    const container = serverHtml(
      renderToString(<ServicesStep catalogue={catalogue} selected={[9]} onChange={() => {}} />),
    )
    box(container, 9).click()
    const onChange = vi.fn()
    await act(async () => {
      root = hydrateRoot(container, <ServicesStep catalogue={catalogue} selected={[9]} onChange={onChange} />)
    })
    expect(onChange).toHaveBeenCalledWith([])
    act(() => root?.unmount())
    document.body.replaceChildren()

    const untouched = serverHtml(
      renderToString(<ServicesStep catalogue={catalogue} selected={[9]} onChange={() => {}} />),
    )
    const quiet = vi.fn()
    await act(async () => {
      root = hydrateRoot(untouched, <ServicesStep catalogue={catalogue} selected={[9]} onChange={quiet} />)
    })
    expect(quiet).not.toHaveBeenCalled()
  })
})

describe('the times before and after hydration', () => {
  const slots = [
    { start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T08:30:00.000Z', operators: [1] },
    { start: '2026-11-24T13:30:00.000Z', end: '2026-11-24T14:00:00.000Z', operators: [2] },
  ]
  const formQuery = new URLSearchParams({ services: '4,7', day: '2026-11-24', step: 'when' })
  const times = (onTime: (time: string) => void) => (
    <DayTimes
      day="2026-11-24"
      choice={{ services: [4, 7], operator: 'any' }}
      timeZone="Europe/Rome"
      onTime={onTime}
      initial={slots}
      formQuery={formQuery}
    />
  )

  it('are submit buttons of a GET form to /reserve carrying the choice: a tap without JavaScript chooses the time', () => {
    const container = serverHtml(renderToString(times(() => {})))
    const form = container.querySelector('form')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/reserve')
    const fields = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]),
    )
    expect(fields).toEqual({ services: '4,7', day: '2026-11-24', step: 'when' })
    const buttons = [...form.querySelectorAll<HTMLButtonElement>('button')]
    expect(buttons.map((b) => [b.type, b.name, b.value, b.textContent])).toEqual([
      ['submit', 'time', slots[0]!.start, '09:00'],
      ['submit', 'time', slots[1]!.start, '14:30'],
    ])
  })

  it('once hydrated, a tap chooses in place and does not submit', async () => {
    const container = serverHtml(renderToString(times(() => {})))
    const onTime = vi.fn()
    await act(async () => {
      root = hydrateRoot(container, times(onTime))
    })
    const submitted = vi.fn((e: Event) => e.preventDefault())
    container.querySelector('form')!.addEventListener('submit', submitted)
    act(() => container.querySelectorAll<HTMLButtonElement>('button')[1]!.click())
    expect(onTime).toHaveBeenCalledWith(slots[1]!.start)
    expect(submitted).not.toHaveBeenCalled()
  })
})
