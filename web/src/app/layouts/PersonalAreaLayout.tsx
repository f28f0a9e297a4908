import { useState } from 'react'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { useAuth } from '../../lib/auth'
import { t } from '../../lib/i18n'
import { useToast } from '../../lib/toast'
import { SiteFooter } from '../../lib/ui/SiteFooter'
import { SiteHeader } from '../../lib/ui/SiteHeader'

/** The customer's area: section tabs and the one "Esci" button of the screen. */
export function PersonalAreaLayout() {
  const auth = useAuth()
  const { toast } = useToast()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)

  async function onLogout() {
    setLeaving(true)
    const signedOut = await auth.logout()
    if (signedOut) {
      void navigate(ROUTE_NAMES.login, { replace: true })
    } else {
      setLeaving(false)
      toast({ title: t.account.logoutFailed, variant: 'error' })
    }
  }

  return (
    <div className="page">
      <SiteHeader />
      <main id="main" className="container page__main personal-area">
        {auth.user ? (
          <div className="personal-area__bar">
            <nav aria-label={t.account.sectionNav} className="tabs">
              <NavLink to={ROUTE_NAMES.reservedArea} end className="tabs__link">
                {auth.user.user_role === 'OPERATOR' ? t.account.agendaTab : t.bookings.title}
              </NavLink>
              <NavLink to={`${ROUTE_NAMES.reservedArea}/profile`} className="tabs__link">
                {t.account.profile}
              </NavLink>
              <NavLink to={`${ROUTE_NAMES.reservedArea}/settings`} className="tabs__link">
                {t.account.settings}
              </NavLink>
            </nav>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => void onLogout()}
              disabled={leaving}
            >
              {t.common.logout}
            </button>
          </div>
        ) : null}
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
