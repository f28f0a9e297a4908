import { useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { t } from '../i18n'
import { BRAND } from '../salon'

const noSubscription = () => () => {}
const thisYear = () => new Date().getFullYear()

/**
 * The year is read in the browser only: a page prerendered in December still hydrates without a
 * mismatch in January (the server's HTML has no year; it appears right after hydration).
 */
const useYear = () => useSyncExternalStore(noSubscription, thisYear, () => null)

export function SiteFooter() {
  const year = useYear()
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t.nav.footer} className="site-footer__links">
          <Link to="/terms">{t.nav.terms}</Link>
          <Link to="/privacy">{t.nav.privacy}</Link>
          <Link to="/map-site">{t.nav.siteMap}</Link>
        </nav>
        <p className="site-footer__copy">
          © {year === null ? null : `${year} `}
          {BRAND}
        </p>
      </div>
    </footer>
  )
}
