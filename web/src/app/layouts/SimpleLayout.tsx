import { Outlet } from 'react-router'
import { BrandLink } from '../../lib/ui/BrandLink'

/** A centred card for short tasks: login, registration, password recovery. */
export function SimpleLayout() {
  return (
    <div className="page page--simple">
      <header className="simple-header">
        <BrandLink size={40} />
      </header>
      <main id="main" className="simple-main">
        <Outlet />
      </main>
    </div>
  )
}
