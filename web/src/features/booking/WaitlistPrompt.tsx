import { lazy, Suspense } from 'react'
import { t } from '../../lib/i18n'
import { BellIcon } from '../../lib/ui/icons'
import { Spinner } from '../../lib/ui/Spinner'
import type { WaitlistJoinProps } from './WaitlistJoin'

/** The form (and its zod rule) is fetched when opened: not in the wizard's first load. */
const WaitlistJoin = lazy(() => import('./WaitlistJoin').then((m) => ({ default: m.WaitlistJoin })))

/**
 * Under a day's times: on a full day a clear "Questo giorno è tutto pieno" with the action; on any
 * other day a quieter "Nessun orario ti va bene?". The action opens the waitlist form in place.
 * It is a link to the same page with `waitlist=1` (`openHref`), which opens the form too: a tap
 * before the page's scripts have run (the server-rendered day step) is not lost.
 */
export function WaitlistPrompt({
  full,
  open,
  onOpen,
  openHref,
  join,
}: {
  full: boolean
  open: boolean
  onOpen: () => void
  openHref: string
  join: WaitlistJoinProps
}) {
  if (open)
    return (
      <Suspense fallback={<Spinner />}>
        <WaitlistJoin key={join.day} {...join} />
      </Suspense>
    )
  return (
    <div className={full ? 'waitlist-prompt waitlist-prompt--full' : 'waitlist-prompt'}>
      <p className="waitlist-prompt__text">
        {full
          ? // The times above already say the day is full: here, what the customer can do about it.
            t.waitlist.dayFullHint
          : t.waitlist.nothingSuits}
      </p>
      <a
        href={openHref}
        role="button"
        className={`btn ${full ? 'btn--primary' : 'btn--secondary'}`}
        onClick={(event) => {
          event.preventDefault()
          onOpen()
        }}
        onKeyDown={(event) => {
          // A button opens on Space too (a link only on Enter).
          if (event.key !== ' ') return
          event.preventDefault()
          onOpen()
        }}
      >
        <BellIcon size={18} />
        {t.waitlist.join}
      </a>
    </div>
  )
}
