import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useWizard, type Wizard } from './useWizard'

/** Renders the hook inside a memory router at `url`, and exposes the location it leads to. */
function setup(url: string) {
  const seen: { wizard?: Wizard; search?: string } = {}
  function Probe() {
    seen.wizard = useWizard()
    seen.search = useLocation().search
    return null
  }
  const router = createMemoryRouter([{ path: '/reserve', element: <Probe /> }], { initialEntries: [url] })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <>
      <RouterProvider router={router} />
      {children}
    </>
  )
  renderHook(() => null, { wrapper })
  return { seen, router }
}

describe('useWizard (the choice lives in the URL)', () => {
  it('reads a full choice and lands on the step it allows', () => {
    const { seen } = setup('/reserve?services=3,7&operator=2&day=2026-12-15&time=2026-12-15T08:00:00.000Z&step=summary')
    expect(seen.wizard!.choice).toEqual({
      services: [3, 7],
      operator: 2,
      day: '2026-12-15',
      time: '2026-12-15T08:00:00.000Z',
    })
    expect(seen.wizard!.step).toBe('summary')
    expect(seen.wizard!.position).toBe(4)
  })

  it('a link with one service opens at the day and time with it chosen; a deep step without a time falls back', () => {
    const linked = setup('/reserve?services=3').seen.wizard!
    expect(linked.choice.services).toEqual([3])
    expect(linked.step).toBe('when') // straight to the day and time, "Qualsiasi operatore"
    expect(setup('/reserve').seen.wizard!.step).toBe('services')
    expect(setup('/reserve?services=3&step=summary').seen.wizard!.step).toBe('when')
    expect(setup('/reserve?services=abc&step=when').seen.wizard!.step).toBe('services')
  })

  it('choices replace the history entry; steps push one, so Back returns to the previous step', async () => {
    const { seen, router } = setup('/reserve?step=services')
    await act(async () => seen.wizard!.update({ services: [4, 1] }))
    expect(seen.search).toBe('?services=4%2C1&step=services')
    await act(async () => seen.wizard!.goTo('operator'))
    expect(seen.wizard!.step).toBe('operator')
    await act(async () => router.navigate(-1))
    expect(seen.wizard!.step).toBe('services')
    expect(seen.wizard!.choice.services).toEqual([4, 1])
  })

  it('a choice keeps the page where it is (no scroll to the top); a new step starts from the top', async () => {
    const { seen, router } = setup('/reserve?services=4&step=when')
    await act(async () => seen.wizard!.update({ day: '2026-12-15' }))
    // The router's ScrollRestoration reads this flag: true = leave the scroll alone, so the day's
    // times the day step has just scrolled into view stay in view.
    expect(router.state.preventScrollReset).toBe(true)
    await act(async () => seen.wizard!.goTo('summary', { time: '2026-12-15T08:00:00.000Z' }))
    expect(router.state.preventScrollReset).toBe(false)
  })

  it('hrefFor keeps the choice (for the login redirect and "Modifica")', () => {
    const { seen } = setup('/reserve?services=3&operator=any&day=2026-12-15&time=2026-12-15T08:00:00.000Z&step=summary')
    expect(seen.wizard!.hrefFor('when')).toBe(
      '/reserve?services=3&day=2026-12-15&time=2026-12-15T08%3A00%3A00.000Z&step=when',
    )
  })
})
