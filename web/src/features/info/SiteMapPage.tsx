import { Link } from 'react-router'
import type { PUBLIC_ROUTES } from '@salon/shared/routes'
import { t } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/title'

/** Public pages a visitor can open directly (parameterised and transient pages are left out). */
type StaticPath = Exclude<(typeof PUBLIC_ROUTES)[number]['path'], `${string}:${string}`>

const LINKS: { to: StaticPath; label: string }[] = [
  { to: '/', label: t.common.home },
  { to: '/reserve', label: t.common.book },
  { to: '/login', label: t.common.login },
  { to: '/register', label: t.common.register },
  { to: '/password-recovery', label: t.auth.recoveryTitle },
  { to: '/reserved-area', label: t.common.reservedArea },
  { to: '/reserved-area/profile', label: t.account.profileTitle },
  { to: '/reserved-area/settings', label: t.account.settingsTitle },
  { to: '/terms', label: t.nav.terms },
  { to: '/privacy', label: t.nav.privacy },
]

export function SiteMapPage() {
  useDocumentTitle(t.info.siteMapTitle)
  return (
    <article className="prose-page">
      <h1>{t.info.siteMapTitle}</h1>
      <ul className="link-list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </article>
  )
}
