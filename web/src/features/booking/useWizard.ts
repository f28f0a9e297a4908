import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { reachableStep, WIZARD_STEPS, type WizardChoice, type WizardStep } from '@salon/shared/booking/wizard'
import { readWizardQuery, wizardQueryOf } from '@salon/shared/booking/wizardQuery'

const MOVE_STEPS: readonly WizardStep[] = ['when', 'summary']

export interface Wizard {
  choice: WizardChoice
  /** The step on screen: the one asked for in the URL, as far as the choice allows. */
  step: WizardStep
  /** Position of the step, 1-based, and how many there are. */
  position: number
  total: number
  /** The booking being moved, when the wizard moves one instead of making a new one. */
  moving?: number
  /** Changes the choice in place (no new history entry: Back does not undo every tap). */
  update: (patch: Partial<WizardChoice>) => void
  /** Goes to a step with a new history entry, so the browser's Back returns to the previous one. */
  goTo: (step: WizardStep, patch?: Partial<WizardChoice>) => void
  /** The URL of the current choice at `step` (for links: login's redirectTo, "Modifica"). */
  hrefFor: (step: WizardStep) => string
}

/** Serialises a choice (+ step) into the wizard's query string; unset values are left out. */
export function wizardQuery(choice: WizardChoice, step: WizardStep, moving?: number): URLSearchParams {
  const params = new URLSearchParams()
  if (choice.services.length) params.set('services', choice.services.join(','))
  if (choice.operator !== 'any') params.set('operator', String(choice.operator))
  if (choice.day) params.set('day', choice.day)
  if (choice.time) params.set('time', choice.time)
  if (moving) params.set('move', String(moving))
  params.set('step', step)
  return params
}

/**
 * The booking wizard's state lives in the URL (services, operator, day, time, step): Back works,
 * a reload keeps the choice, a link such as `/reserve?services=3` opens with that service chosen.
 * Values are read with the shared `readWizardQuery` (the zod-free twin of the `wizardSearch` schema,
 * tested against it), so a bad one is dropped, not trusted.
 */
export function useWizard(): Wizard {
  const [params, setParams] = useSearchParams()
  const raw = params.toString()
  const parsed = useMemo(() => readWizardQuery(wizardQueryOf(new URLSearchParams(raw))), [raw])
  const choice = useMemo<WizardChoice>(
    () => ({ services: parsed.services, operator: parsed.operator, day: parsed.day, time: parsed.time }),
    [parsed],
  )
  const moving = parsed.move
  // Moving a booking keeps its services and operator: only the day, the time and the summary.
  const steps = moving ? MOVE_STEPS : WIZARD_STEPS
  // A link with services but no step (the home's "Prenota" on a service) opens at the day and time.
  const reachable = reachableStep(choice, parsed.step ?? (choice.services.length ? 'when' : 'services'))
  const step = moving && !MOVE_STEPS.includes(reachable) ? 'when' : reachable

  const navigate = useCallback(
    (query: URLSearchParams, replace: boolean) => {
      // flushSync: the URL (and so the checkbox or radio just tapped) updates in the same task,
      // instead of flicking back until the router's navigation lands. preventScrollReset: a change
      // in place (a day, a time, a service ticked) keeps the page where it is — the router's
      // ScrollRestoration would otherwise jump to the top, away from the day's times just shown.
      setParams(query, { replace, flushSync: true, preventScrollReset: replace })
    },
    [setParams],
  )
  const update = useCallback(
    (patch: Partial<WizardChoice>) => navigate(wizardQuery({ ...choice, ...patch }, step, moving), true),
    [choice, step, moving, navigate],
  )
  const goTo = useCallback(
    (next: WizardStep, patch: Partial<WizardChoice> = {}) =>
      navigate(wizardQuery({ ...choice, ...patch }, next, moving), false),
    [choice, moving, navigate],
  )
  const hrefFor = useCallback(
    (target: WizardStep) => `/reserve?${wizardQuery(choice, target, moving).toString()}`,
    [choice, moving],
  )

  return {
    choice,
    step,
    position: steps.indexOf(step) + 1,
    total: steps.length,
    moving,
    update,
    goTo,
    hrefFor,
  }
}
