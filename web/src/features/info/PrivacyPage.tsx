import { Link } from 'react-router'
import { HOME_SECTIONS } from '@salon/shared/routes'
import { t } from '../../lib/i18n'
import { BRAND } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'

/**
 * `/privacy` (prerendered): what the salon keeps, why and for how long, and how a person downloads
 * or erases their data (Impostazioni in the reserved area; docs/api.md "Privacy"). The periods are
 * the salon's policy as the product implements it — erasure keeps bookings and payments only as
 * anonymous figures; backups roll over (docs/operations.md, `BACKUP_KEEP`).
 */
export function PrivacyPage() {
  useDocumentTitle(t.info.privacyTitle)
  const contacts = `/#${HOME_SECTIONS.contacts}`
  return (
    <article className="prose-page">
      <h1>{t.info.privacyTitle}</h1>
      <p>
        {BRAND} usa i dati che ci lasci (nome, cognome, email e telefono) solo per gestire il tuo account e i tuoi
        appuntamenti, e per contattarti se un appuntamento cambia. Non li vendiamo e non li usiamo per pubblicità.
      </p>
      <p>
        Quando crei l’account ti chiediamo di confermare di aver letto questa informativa e registriamo la data della
        conferma.
      </p>

      <h2>Cosa conserviamo, perché e per quanto</h2>
      <ul>
        <li>
          <strong>Il tuo account</strong> (email, nome, telefono, password cifrata, la foto se la aggiungi): serve per
          accedere e prenotare. Lo conserviamo finché non lo elimini.
        </li>
        <li>
          <strong>La tua scheda cliente</strong>: i tuoi contatti, il consenso alle comunicazioni se ce lo hai dato, e
          quello che serve al salone per servirti bene (per esempio un’allergia o il colore usato l’ultima volta). La
          conserviamo finché hai l’account o finché non ci chiedi di cancellarla; se prenoti per telefono o in salone,
          la scheda esiste anche senza account.
        </li>
        <li>
          <strong>Gli appuntamenti</strong>: data, servizi, operatore ed eventuali note, per organizzare il lavoro e
          mostrarti la tua storia. Quando elimini l’account restano solo date, servizi e importi, senza il tuo nome né
          le tue note.
        </li>
        <li>
          <strong>I pagamenti</strong> (importo e metodo, per esempio contanti o carta): il salone li conserva per 10
          anni, il tempo per cui la legge italiana chiede di tenere le scritture contabili. Anche dopo la cancellazione
          restano, ma senza il tuo nome.
        </li>
        <li>
          <strong>Le email che ti mandiamo</strong> (conferme, promemoria, avvisi): ne teniamo una copia per sapere cosa
          ti abbiamo scritto. Quando elimini l’account le svuotiamo: resta solo che un messaggio è partito, e quando.
        </li>
        <li>
          <strong>Le copie di sicurezza</strong>: per non perdere le prenotazioni in caso di guasto, il sistema fa ogni
          giorno una copia di sicurezza e la sostituisce con le nuove. Con le impostazioni abituali, dopo circa una
          settimana i dati cancellati non ci sono più neanche lì.
        </li>
      </ul>

      <h2>Scarica o cancella i tuoi dati</h2>
      <p>
        Nella tua <Link to="/reserved-area/settings">area riservata, in Impostazioni</Link>:
      </p>
      <ul>
        <li>
          <strong>Scarica i miei dati</strong> ti dà subito una copia di tutto quello che abbiamo su di te (account,
          scheda, appuntamenti e pagamenti) in un file che puoi aprire o portare altrove.
        </li>
        <li>
          <strong>Elimina il mio account</strong> annulla i tuoi prossimi appuntamenti (te lo confermiamo via email) e
          cancella i tuoi dati; degli appuntamenti passati restano solo i numeri, senza il tuo nome.
        </li>
      </ul>
      <p>
        Se non hai un account, o vuoi vedere o correggere qualcosa, chiedilo a noi: telefono, email e indirizzo del
        salone sono nei <Link to={contacts}>contatti</Link>. Facciamo lo stesso per te.
      </p>

      <h2>Cookie</h2>
      <p>
        Usiamo solo cookie tecnici, necessari per tenerti connesso dopo l’accesso. Non usiamo cookie di profilazione né
        strumenti pubblicitari.
      </p>
    </article>
  )
}
