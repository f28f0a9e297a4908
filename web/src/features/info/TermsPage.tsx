import { Link } from 'react-router'
import { HOME_SECTIONS } from '@salon/shared/routes'
import { t } from '../../lib/i18n'
import { BRAND } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'

export function TermsPage() {
  useDocumentTitle(t.info.termsTitle)
  return (
    <article className="prose-page">
      <h1>{t.info.termsTitle}</h1>
      <p>
        Prenotando online con {BRAND} richiedi un appuntamento per i servizi scelti, alla data e all’ora indicate.
        Prezzi e durate sono quelli del listino pubblicato al momento della prenotazione.
      </p>
      <h2>Appuntamenti</h2>
      <p>
        L’appuntamento è confermato quando lo vedi confermato nella tua area riservata. Se non puoi venire, disdici il
        prima possibile dall’area riservata, entro i tempi indicati dal salone, o{' '}
        <Link to={`/#${HOME_SECTIONS.contacts}`}>chiamaci</Link>.
      </p>
      <h2>Il tuo account</h2>
      <p>
        Sei responsabile della riservatezza della tua password. Puoi eliminare il tuo account in qualsiasi momento
        dall’area riservata, in <Link to="/reserved-area/settings">Impostazioni</Link>, o chiedercelo: trovi i nostri{' '}
        <Link to={`/#${HOME_SECTIONS.contacts}`}>contatti</Link> nella home. Cosa conserviamo e per quanto è nella{' '}
        <Link to="/privacy">privacy</Link>.
      </p>
    </article>
  )
}
