import { Outlet } from 'react-router'

/** No chrome: the page composes everything itself (home). */
export function BlankLayout() {
  return <Outlet />
}
