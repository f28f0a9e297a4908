import { useCallback, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ATTENDANCE_STATUSES, type AttendanceSummary } from '@salon/shared/attendance'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { t } from '../../lib/i18nPersonal'
import { BRAND, SALON_PHONE, telHref } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'
import { FormAlert } from '../../lib/ui/Field'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { answerAttendance, fetchAttendance, isInvalidLink, refusalText } from './api'

/*
 * `/a/:token`: the link of an SMS reminder (issue 26). Opened on a phone, without signing in: the
 * appointment, then "Confermo, ci sarò" or "Non posso venire" (cancelled within the salon's policy,
 * after a second tap). A link that is no longer valid says so kindly and gives the salon's phone.
 */
export function AttendancePage() {
  const { token = '' } = useParams()
  return <Attendance key={token} token={token} />
}

function Attendance({ token }: { token: string }) {
  const result = useResource(useCallback((signal: AbortSignal) => fetchAttendance(token, signal), [token]))
  const invalid = result.status === 'error' && isInvalidLink(result.error)
  useDocumentTitle(invalid ? t.attendance.invalidTitle : t.attendance.title)

  if (result.status === 'loading')
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{t.attendance.title}</h1>
        <div className="page-loader">
          <Spinner label={t.attendance.checking} />
        </div>
      </div>
    )
  if (result.status === 'error') {
    if (invalid) return <InvalidLink />
    const network = result.error instanceof ApiError && result.error.isNetworkError
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{t.attendance.title}</h1>
        <FormAlert>{network ? t.common.networkError : (refusalText(result.error) ?? t.attendance.failed)}</FormAlert>
        <button type="button" className="btn btn--primary btn--block" onClick={result.reload}>
          {t.attendance.retry}
        </button>
      </div>
    )
  }
  return <Appointment token={token} initial={result.data} />
}

function InvalidLink() {
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{t.attendance.invalidTitle}</h1>
      <p className="auth-card__intro">{t.attendance.invalidText}</p>
      <a href={telHref(SALON_PHONE)} className="btn btn--primary btn--block">
        {t.attendance.callUs(SALON_PHONE)}
      </a>
      <div className="auth-card__links">
        <Link to={ROUTE_NAMES.home}>{t.attendance.home}</Link>
      </div>
    </div>
  )
}

function Appointment({ token, initial }: { token: string; initial: AttendanceSummary }) {
  const [summary, setSummary] = useState(initial)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const phone = summary.salon.phone || SALON_PHONE
  const when = formatDateTime(summary.date_start, summary.timezone)
  const cancelled = summary.status === 'CANCELLED'
  const confirmed = !!summary.customer_confirmed_at && !cancelled
  const open = ATTENDANCE_STATUSES.includes(summary.status)

  async function answer(choice: 'confirm' | 'cancel') {
    setBusy(choice)
    setError(null)
    try {
      setSummary(await answerAttendance(token, choice))
      setAsking(false)
    } catch (e) {
      setError(
        e instanceof ApiError && e.isNetworkError ? t.common.networkError : (refusalText(e) ?? t.attendance.failed),
      )
    } finally {
      setBusy(null)
    }
  }

  const title = cancelled ? t.attendance.cancelledTitle : confirmed ? t.attendance.confirmedTitle : t.attendance.title
  return (
    <div className="auth-card attendance">
      <h1 className="auth-card__title">{title}</h1>
      <section className="attendance__facts" aria-label={t.attendance.title}>
        {summary.salon.name !== BRAND ? <p className="attendance__salon">{summary.salon.name}</p> : null}
        <p className="attendance__when">{when}</p>
        <p>
          {summary.services.join(', ')}
          {summary.operator ? ` · ${t.attendance.with(summary.operator)}` : ''}
        </p>
        {summary.salon.address ? <p className="attendance__address">{summary.salon.address}</p> : null}
      </section>
      <FormAlert>{error}</FormAlert>
      <div aria-live="polite">
        {cancelled ? (
          <>
            <p className="auth-card__intro">{t.attendance.cancelledText}</p>
            <Link to={ROUTE_NAMES.reserve} className="btn btn--primary btn--block">
              {t.attendance.book}
            </Link>
          </>
        ) : confirmed ? (
          <p className="auth-card__intro">{t.attendance.confirmedText}</p>
        ) : open ? (
          <p className="auth-card__intro">{t.attendance.question}</p>
        ) : (
          <p className="auth-card__intro">{t.attendance.notConfirmable}</p>
        )}
      </div>
      {!cancelled && open && !confirmed && !asking ? (
        <button
          type="button"
          className="btn btn--primary btn--block btn--large"
          disabled={busy !== null}
          aria-busy={busy === 'confirm'}
          onClick={() => void answer('confirm')}
        >
          {busy === 'confirm' ? t.attendance.confirming : t.attendance.confirm}
        </button>
      ) : null}
      {!cancelled && summary.can_cancel ? (
        asking ? (
          <div className="attendance__ask" role="group" aria-label={t.attendance.cancel}>
            <p>{t.attendance.cancelAsk}</p>
            <button
              type="button"
              className="btn btn--danger btn--block"
              disabled={busy !== null}
              aria-busy={busy === 'cancel'}
              onClick={() => void answer('cancel')}
            >
              {busy === 'cancel' ? t.attendance.confirming : t.attendance.cancelYes}
            </button>
            <button type="button" className="btn btn--ghost btn--block" onClick={() => setAsking(false)}>
              {t.attendance.cancelNo}
            </button>
          </div>
        ) : (
          <>
            <button type="button" className="btn btn--secondary btn--block" onClick={() => setAsking(true)}>
              {t.attendance.cancel}
            </button>
            {summary.cancel_until ? (
              <p className="attendance__hint">
                {t.attendance.cancelUntil(formatDateTime(summary.cancel_until, summary.timezone))}
              </p>
            ) : null}
          </>
        )
      ) : !cancelled ? (
        <p className="attendance__hint">{t.attendance.tooLate}</p>
      ) : null}
      <div className="auth-card__links">
        <a href={telHref(phone)}>{t.attendance.callUs(phone)}</a>
      </div>
    </div>
  )
}
