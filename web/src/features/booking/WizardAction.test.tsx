import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { WizardAction, type WizardNext } from './WizardAction'

const submit = { form: 'services-choice', name: 'step', value: 'operator' }

describe('WizardAction', () => {
  it('a step with a form: a submit that the server renders usable, unavailable once hydrated when nothing is chosen', async () => {
    const go = vi.fn()
    const action: WizardNext = { label: 'Avanti', disabled: true, go, submit }
    const html = renderToString(<WizardAction action={action} />)
    expect(html).toContain('type="submit"')
    expect(html).toContain('form="services-choice"')
    expect(html).not.toContain('aria-disabled')
    expect(html).not.toContain('disabled=""')

    const { rerender } = render(
      <form id="services-choice" onSubmit={(e) => (e.preventDefault(), go('submitted'))}>
        <WizardAction action={action} />
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Avanti' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(button)
    expect(go).not.toHaveBeenCalled()
    rerender(
      <form id="services-choice" onSubmit={(e) => (e.preventDefault(), go('submitted'))}>
        <WizardAction action={{ ...action, disabled: false }} />
      </form>,
    )
    expect(button).not.toHaveAttribute('aria-disabled')
    await userEvent.click(button)
    expect(go).toHaveBeenCalledTimes(1)
    expect(go).not.toHaveBeenCalledWith('submitted') // handled in place, the form not submitted
  })

  it('a plain step: a disabled button while unavailable; a link where the action is one', async () => {
    const go = vi.fn()
    const { rerender } = render(<WizardAction action={{ label: 'Avanti', disabled: true, go }} busy />)
    expect(screen.getByRole('button', { name: 'Avanti' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Avanti' })).toHaveAttribute('aria-busy', 'true')
    rerender(<WizardAction action={{ label: 'Avanti', disabled: false, go }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Avanti' }))
    expect(go).toHaveBeenCalledTimes(1)
    rerender(
      <MemoryRouter>
        <WizardAction action={{ label: 'Accedi per confermare', href: '/login?next=x' }} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: 'Accedi per confermare' })).toHaveAttribute('href', '/login?next=x')
  })
})
