import { useEffect, useRef, useState } from 'react'
import { formatDuration, formatPrice } from '../../lib/format'
import { t } from '../../lib/i18n'
import { HiddenFields } from '../../lib/ui/HiddenFields'
import { CheckIcon } from '../../lib/ui/icons'
import type { Catalogue } from './api'

/** The services step's form: "Avanti" (in the sticky bar, outside it) submits it by this id. */
export const SERVICES_FORM_ID = 'services-choice'

/**
 * Step 1: services grouped by category, several at once (checkboxes named by the service title).
 * A GET form to `/reserve` (`services=3&services=7`, with `hidden` and the step "Avanti" names):
 * before hydration or without JavaScript, "Avanti" loads the next step rendered by the server.
 */
export function ServicesStep({
  catalogue,
  selected,
  onChange,
  hidden,
}: {
  catalogue: Catalogue
  selected: number[]
  onChange: (services: number[]) => void
  /** The rest of the choice the form carries (the operator, when one was chosen). */
  hidden?: URLSearchParams
}) {
  // The tap shows at once; the URL (the wizard's state) follows a moment later via the router.
  const [chosen, setChosen] = useState(selected)
  const toggle = (id: number) => {
    const next = chosen.includes(id) ? chosen.filter((s) => s !== id) : [...chosen, id]
    setChosen(next)
    onChange(next)
  }

  // The page came from the server: a tap before React took it over ticked the native checkbox
  // only. Once hydrated, the boxes as the customer left them win (the order: kept, then new ones).
  const groupsRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const boxes = groupsRef.current?.querySelectorAll<HTMLInputElement>('input[data-service]') ?? []
    const ticked = [...boxes].filter((b) => b.checked).map((b) => Number(b.dataset.service))
    const next = [...chosen.filter((id) => ticked.includes(id)), ...ticked.filter((id) => !chosen.includes(id))]
    if (next.length === chosen.length && next.every((id, i) => id === chosen[i])) return
    setChosen(next)
    onChange(next)
    // Once, on the first render after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <form id={SERVICES_FORM_ID} method="get" action="/reserve" className="choice-groups" ref={groupsRef}>
      <HiddenFields query={hidden} />
      {catalogue.categories.map((category) => (
        <fieldset key={category.id ?? 'other'} className="choice-group">
          <legend className="choice-group__title">{category.name}</legend>
          <ul className="choice-list">
            {category.services.map((service) => {
              const checked = chosen.includes(service.id)
              const titleId = `service-${service.id}-title`
              const detailId = `service-${service.id}-detail`
              return (
                <li key={service.id}>
                  <label className={`choice${checked ? ' choice--checked' : ''}`}>
                    <input
                      type="checkbox"
                      className="choice__input"
                      name="services"
                      value={service.id}
                      data-service={service.id}
                      checked={checked}
                      onChange={() => toggle(service.id)}
                      aria-labelledby={titleId}
                      aria-describedby={detailId}
                    />
                    <span className="choice__check" aria-hidden="true">
                      <CheckIcon size={16} />
                    </span>
                    <span className="choice__body">
                      <span id={titleId} className="choice__title">
                        {service.title}
                      </span>
                      <span id={detailId} className="choice__meta">
                        {formatDuration(service.time)}
                        {service.description ? ` · ${service.description}` : ''}
                      </span>
                    </span>
                    <span className="choice__price">{formatPrice(service.price)}</span>
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      ))}
      {catalogue.categories.length === 0 ? <p className="muted">{t.home.servicesEmpty}</p> : null}
    </form>
  )
}
