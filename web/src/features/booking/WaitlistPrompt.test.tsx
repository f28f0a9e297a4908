import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { WaitlistJoinProps } from './WaitlistJoin'
import { WaitlistPrompt } from './WaitlistPrompt'

const join = {} as WaitlistJoinProps
const href = '/reserve?services=4&day=2026-12-29&step=when&waitlist=1'

describe('WaitlistPrompt', () => {
  it('is a link to the page with the form open, so a tap before the scripts run is kept', () => {
    render(<WaitlistPrompt full open={false} onOpen={() => {}} openHref={href} join={join} />)
    const action = screen.getByRole('button', { name: 'Avvisami se si libera' })
    expect(action.tagName).toBe('A')
    expect(action.getAttribute('href')).toBe(href)
  })

  it('once the page runs, opens the form in place by click, Enter or Space, without leaving', async () => {
    const onOpen = vi.fn()
    render(<WaitlistPrompt full={false} open={false} onOpen={onOpen} openHref={href} join={join} />)
    const action = screen.getByRole('button', { name: 'Avvisami se si libera' })
    const user = userEvent.setup()
    await user.click(action)
    action.focus()
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(onOpen).toHaveBeenCalledTimes(3)
    expect(window.location.search).not.toContain('waitlist=1')
  })
})
