import { t } from '../lib/i18n'
import { applyUpdate, dismissUpdate, promptInstall, usePwa } from './pwa'

/** The bar that offers a waiting new build: "Aggiorna" reloads into it, "Più tardi" hides the bar. */
export function UpdatePrompt() {
  const { needRefresh } = usePwa()
  if (!needRefresh) return null
  return (
    <div className="update-bar" role="status" aria-live="polite">
      <p className="update-bar__text">{t.pwa.updateReady}</p>
      <div className="update-bar__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={dismissUpdate}>
          {t.pwa.later}
        </button>
        <button type="button" className="btn btn--primary btn--small" onClick={applyUpdate}>
          {t.pwa.update}
        </button>
      </div>
    </div>
  )
}

/** "Installa l'app", only where the browser offered installation and the site is not installed. */
export function InstallButton() {
  const { canInstall, standalone } = usePwa()
  if (!canInstall || standalone) return null
  return (
    <button type="button" className="btn btn--on-dark btn--large" onClick={() => void promptInstall()}>
      {t.pwa.install}
    </button>
  )
}
