import { Link } from 'react-router'
import { t } from '../i18n'
import { BRAND } from '../salon'

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t.nav.footer} className="site-footer__links">
          <Link to="/terms">{t.nav.terms}</Link>
          <Link to="/privacy">{t.nav.privacy}</Link>
          <Link to="/map-site">{t.nav.siteMap}</Link>
        </nav>
        <p className="site-footer__copy">
          © {new Date().getFullYear()} {BRAND}
        </p>
      </div>
    </footer>
  )
}
