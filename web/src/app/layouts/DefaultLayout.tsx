import { Outlet } from 'react-router'
import { SiteFooter } from '../../lib/ui/SiteFooter'
import { SiteHeader } from '../../lib/ui/SiteHeader'

export function DefaultLayout() {
  return (
    <div className="page">
      <SiteHeader />
      <main id="main" className="container page__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
