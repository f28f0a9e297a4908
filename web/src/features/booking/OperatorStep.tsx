import { useState } from 'react'
import { t } from '../../lib/i18n'
import { UsersIcon } from '../../lib/ui/icons'
import type { CatalogueOperator } from './api'
import { operatorImage } from './catalogue'

/** Step 2: "Qualsiasi operatore" (default) or one of those who can perform every chosen service. */
export function OperatorStep({
  operators,
  selected,
  serviceCount,
  onChange,
}: {
  operators: CatalogueOperator[]
  selected: 'any' | number
  serviceCount: number
  onChange: (operator: 'any' | number) => void
}) {
  // The tap shows at once; the URL (the wizard's state) follows a moment later via the router.
  const [current, setCurrent] = useState(selected)
  if (operators.length === 0) return <p className="notice notice--error">{t.booking.noOperator}</p>
  const options: { value: 'any' | number; name: string; hint: string; image: string | null }[] = [
    { value: 'any', name: t.booking.anyOperator, hint: t.booking.anyOperatorHint, image: null },
    ...operators.map((o) => ({
      value: o.id,
      name: o.name,
      hint: t.booking.operatorFor(serviceCount),
      image: operatorImage(o),
    })),
  ]
  return (
    <fieldset className="choice-group">
      <legend className="visually-hidden">{t.booking.steps.operator}</legend>
      <ul className="choice-list">
        {options.map((option) => {
          const checked = option.value === current
          const id = `operator-${option.value}`
          return (
            <li key={option.value}>
              <label className={`choice${checked ? ' choice--checked' : ''}`}>
                <input
                  type="radio"
                  name="operator"
                  className="choice__input"
                  checked={checked}
                  onChange={() => {
                    setCurrent(option.value)
                    onChange(option.value)
                  }}
                  aria-labelledby={`${id}-name`}
                  aria-describedby={`${id}-hint`}
                />
                {option.image ? (
                  <img className="avatar" src={option.image} alt="" width={48} height={48} />
                ) : (
                  <span className="avatar avatar--icon" aria-hidden="true">
                    <UsersIcon size={24} />
                  </span>
                )}
                <span className="choice__body">
                  <span id={`${id}-name`} className="choice__title">
                    {option.name}
                  </span>
                  <span id={`${id}-hint`} className="choice__meta">
                    {option.hint}
                  </span>
                </span>
                <span className="choice__radio" aria-hidden="true" />
              </label>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
