import { useId, useState } from 'react'
import { webcalUrlOf, type OperatorFeedCreated, type OperatorFeedStatus } from '@salon/shared/schemas/operatorFeed'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18nPersonal'
import { useToast } from '../../lib/toast'
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog'
import { Field, FormAlert } from '../../lib/ui/Field'
import { LoadError } from '../../lib/ui/LoadError'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchMyFeeds, revokeFeed, rotateFeed } from './api'

const dateOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso))

/**
 * The operator's own calendar feed in their agenda (reserved area): a private `.ics` link for the
 * calendar app of their phone or computer (docs/api.md "Operator calendar feed"). The link is shown
 * once, when made (only its hash is stored); lost, a new one replaces it. One card per operator
 * record linked to the account (usually one).
 */
export function CalendarFeedCards({ timeZone }: { timeZone: string }) {
  const feeds = useResource(fetchMyFeeds)
  if (feeds.status === 'loading') return <Spinner />
  if (feeds.status === 'error')
    return <LoadError message={t.feed.loadError} error={feeds.error} onRetry={feeds.reload} />
  return (
    <>
      {feeds.data.map((feed) => (
        <CalendarFeedCard key={feed.operator.id} initial={feed} timeZone={timeZone} named={feeds.data.length > 1} />
      ))}
    </>
  )
}

export function CalendarFeedCard({
  initial,
  timeZone,
  named = false,
}: {
  initial: OperatorFeedStatus
  timeZone: string
  /** More than one operator record on this account: say whose calendar each card is. */
  named?: boolean
}) {
  const titleId = useId()
  const { toast } = useToast()
  const [feed, setFeed] = useState<OperatorFeedStatus>(initial)
  const [created, setCreated] = useState<OperatorFeedCreated | null>(null)
  const [asking, setAsking] = useState<'rotate' | 'revoke' | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)

  async function run(what: 'rotate' | 'revoke') {
    setBusy(true)
    setError(null)
    try {
      if (what === 'rotate') {
        const next = await rotateFeed(feed.operator.id)
        setFeed(next)
        setCreated(next)
        setCopied(false)
        toast({ title: t.feed.created, variant: 'success' })
      } else {
        setFeed(await revokeFeed(feed.operator.id))
        setCreated(null)
        toast({ title: t.feed.turnedOff, variant: 'success' })
      }
    } catch (e) {
      setError(e instanceof ApiError && e.message && e.status !== 0 ? e.message : t.feed.failed)
    } finally {
      setBusy(false)
      setAsking(null)
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      setError(t.feed.copyFailed)
    }
  }

  return (
    <section className="card feed-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {named ? t.feed.named(feed.operator.name) : t.feed.title}
      </h2>
      <p>{t.feed.intro}</p>
      <p className="feed-card__status">
        {t.feed.status}:{' '}
        <span className={feed.active ? 'badge badge--on' : 'badge'}>
          {feed.active && feed.createdAt ? t.feed.activeSince(dateOf(feed.createdAt, timeZone)) : t.feed.inactive}
        </span>
      </p>
      {created ? (
        <div className="feed-card__link">
          <Field
            name="feedUrl"
            label={t.feed.link}
            hint={t.feed.linkOnce}
            value={created.url}
            readOnly
            onFocus={(e) => e.target.select()}
          />
          <div className="feed-card__actions">
            <button type="button" className="btn btn--primary btn--small" onClick={() => void copy(created.url)}>
              {copied ? t.feed.copied : t.feed.copy}
            </button>
            <a className="btn btn--secondary btn--small" href={created.webcalUrl || webcalUrlOf(created.url)}>
              {t.feed.webcal}
            </a>
          </div>
          <p className="muted" role="status">
            {copied ? t.feed.copied : ''}
          </p>
        </div>
      ) : feed.active ? (
        <p className="muted">{t.feed.lost}</p>
      ) : null}
      <FormAlert>{error}</FormAlert>
      <div className="feed-card__actions">
        <button
          type="button"
          className={`btn ${feed.active ? 'btn--secondary' : 'btn--primary'}`}
          disabled={busy}
          aria-busy={busy && asking === null ? true : undefined}
          onClick={() => (feed.active ? setAsking('rotate') : void run('rotate'))}
        >
          {feed.active ? t.feed.newLink : t.feed.create}
        </button>
        {feed.active ? (
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setAsking('revoke')}>
            {t.feed.turnOff}
          </button>
        ) : null}
      </div>
      <p className="muted">{t.feed.privacy}</p>
      <details className="feed-card__help">
        <summary>{t.feed.howTo}</summary>
        <ul>
          <li>{t.feed.google}</li>
          <li>{t.feed.apple}</li>
          <li>{t.feed.thunderbird}</li>
        </ul>
      </details>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'revoke' ? t.feed.turnOffQuestion : t.feed.newLinkQuestion}
        confirmLabel={asking === 'revoke' ? t.feed.turnOffConfirm : t.feed.newLinkConfirm}
        cancelLabel={t.feed.cancel}
        danger={asking === 'revoke'}
        busy={busy}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>{asking === 'revoke' ? t.feed.turnOffWarning : t.feed.newLinkWarning}</p>
      </ConfirmDialog>
    </section>
  )
}
