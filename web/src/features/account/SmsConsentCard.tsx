import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError, api } from '../../lib/api'
import { t } from '../../lib/i18nPersonal'
import { useToast } from '../../lib/toast'
import { CheckboxField, FormAlert } from '../../lib/ui/Field'
import { useResource } from '../../lib/useResource'

/** GET/PUT /api/auth/me/sms-consent: the account's own consent, kept on its client card. */
export interface SmsConsent {
  sms_consent: boolean
  sms_consent_at: string | null
  phone: string | null
}

const fetchConsent = (signal: AbortSignal) => api.get<SmsConsent>('/api/auth/me/sms-consent', { signal })
const saveConsent = (sms_consent: boolean) => api.put<SmsConsent>('/api/auth/me/sms-consent', { sms_consent })

/**
 * "Ricevi promemoria via SMS" in Impostazioni (issue 26): the customer's own yes or no to reminders
 * and confirmations by SMS, with the number they would go to (or a pointer to the profile to add one).
 */
export function SmsConsentCard() {
  const titleId = useId()
  const result = useResource(fetchConsent)
  const [saved, setSaved] = useState<SmsConsent | null>(null)
  // The choice shows at once (a switch that lags reads as broken); a failed save puts it back.
  const [pending, setPending] = useState<boolean | null>(null)
  const busy = pending !== null
  const [error, setError] = useState<string | null>(null)
  const { toast } = useToast()
  const consent = saved ?? (result.status === 'success' ? result.data : null)

  async function toggle(on: boolean) {
    setPending(on)
    setError(null)
    try {
      setSaved(await saveConsent(on))
      toast({ title: on ? t.smsConsent.on : t.smsConsent.off, variant: 'success' })
    } catch (e) {
      setError(e instanceof ApiError && e.isNetworkError ? t.common.networkError : t.smsConsent.failed)
    } finally {
      setPending(null)
    }
  }

  if (result.status === 'error' && !consent) return null // no card (an erased person): nothing to set
  return (
    <section className="card" aria-labelledby={titleId} aria-busy={!consent || busy}>
      <h2 id={titleId} className="card__title">
        {t.smsConsent.title}
      </h2>
      <p>{t.smsConsent.help}</p>
      <FormAlert>{error}</FormAlert>
      <CheckboxField
        name="sms_consent"
        label={t.smsConsent.label}
        checked={pending ?? consent?.sms_consent ?? false}
        disabled={!consent}
        aria-busy={busy}
        onChange={(e) => {
          if (!busy) void toggle(e.currentTarget.checked)
        }}
      />
      {consent?.phone ? (
        <p>{t.smsConsent.to(consent.phone)}</p>
      ) : consent ? (
        <p>
          {t.smsConsent.noPhone} <Link to={`${ROUTE_NAMES.reservedArea}/profile`}>{t.smsConsent.addPhone}</Link>
        </p>
      ) : null}
    </section>
  )
}
