import { Link } from 'react-router'
import { HOME_SECTIONS } from '@salon/shared/routes'
import { t } from '../../lib/i18n'
import { BRAND } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'

export function PrivacyPage() {
  useDocumentTitle(t.info.privacyTitle)
  return (
    <article className="prose-page">
      <h1>{t.info.privacyTitle}</h1>
      <p>
        {BRAND} usa i dati che ci lasci (nome, cognome, email e telefono) solo per gestire il tuo account e i tuoi
        appuntamenti, e per contattarti se un appuntamento cambia.
      </p>
      <p>
        Quando crei l’account ti chiediamo di confermare di aver letto questa informativa e registriamo la data della
        conferma.
      </p>
      <h2>Cookie</h2>
      <p>
        Usiamo solo cookie tecnici, necessari per tenerti connesso dopo l’accesso. Non usiamo cookie di profilazione né
        strumenti pubblicitari.
      </p>
      <h2>I tuoi diritti</h2>
      <p>
        Puoi chiederci in qualsiasi momento di vedere, correggere o cancellare i tuoi dati: telefono, e-mail e indirizzo
        del salone sono nei <Link to={`/#${HOME_SECTIONS.contacts}`}>contatti</Link>.
      </p>
    </article>
  )
}
