import { Link } from 'react-router'
import { useHydrated } from '../../lib/useHydrated'

/**
 * What the wizard's primary button does on a step: go to a link, run `go`, or — where the step is
 * a GET form that works before hydration (`submit`) — submit that form natively until the app runs,
 * then run `go`.
 */
export type WizardNext =
  | { label: string; href: string }
  | {
      label: string
      disabled: boolean
      go: () => void
      /** The form it submits before hydration, and the name and value it adds (the next step). */
      submit?: { form: string; name: string; value: string }
    }

/** The primary button of the wizard's sticky bar. */
export function WizardAction({ action, busy }: { action: WizardNext; busy?: boolean }) {
  const hydrated = useHydrated()
  if ('href' in action) {
    return (
      <Link className="btn btn--primary" to={action.href}>
        {action.label}
      </Link>
    )
  }
  if (action.submit) {
    // Not `disabled`, and unavailable only once hydrated: the server renders it with nothing
    // chosen, and a box ticked before hydration could not enable it. Before hydration a tap loads
    // the next step rendered by the server (nothing chosen: the same step again).
    return (
      <button
        type="submit"
        form={action.submit.form}
        name={action.submit.name}
        value={action.submit.value}
        className="btn btn--primary"
        aria-disabled={(hydrated && action.disabled) || undefined}
        onClick={(event) => {
          event.preventDefault()
          if (!action.disabled) action.go()
        }}
      >
        {action.label}
      </button>
    )
  }
  return (
    <button
      type="button"
      className="btn btn--primary"
      onClick={action.go}
      disabled={action.disabled}
      aria-busy={busy || undefined}
    >
      {action.label}
    </button>
  )
}
