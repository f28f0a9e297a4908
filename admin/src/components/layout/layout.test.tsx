import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { Refine, type AuthProvider } from '@refinedev/core'
import { MemoryRouter, Route, Routes } from 'react-router'
import { CurrentPath } from '../../test/fake-api'
import { i18nProvider } from '../../providers/i18n'
import { setLocale } from '../../i18n/locale'
import { theme } from '../../theme'
import { AdminLayout } from './layout'

const auth: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ id: 1, name: 'Titolare', email: 'admin@salon.test' }),
}

const resources = [
  { name: 'booking', list: '/booking', meta: { label: 'Bookings' } },
  { name: 'service', list: '/service', meta: { label: 'Services' } },
]

function renderLayout() {
  setLocale('en')
  return render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/']}>
        <Refine
          authProvider={auth}
          i18nProvider={i18nProvider}
          resources={resources}
          options={{ disableTelemetry: true }}
        >
          <Routes>
            <Route
              path="*"
              element={
                <AdminLayout>
                  <p>home</p>
                  <CurrentPath />
                </AdminLayout>
              }
            />
          </Routes>
        </Refine>
      </MemoryRouter>
    </MantineProvider>,
  )
}

// jsdom applies no media query: the wide screen's menu and the phone's burger are both rendered.
// Whole-layout renders with Refine and Mantine: several seconds each on a busy machine.
describe('AdminLayout (our own sider, issue 28)', { timeout: 20_000 }, () => {
  it('lists the resources as links in the side menu, folds to named icons and unfolds', async () => {
    const user = userEvent.setup()
    renderLayout()
    const nav = screen.getByRole('navigation')
    expect(within(nav).getByRole('link', { name: 'Bookings' })).toHaveAttribute('href', '/booking')
    expect(within(nav).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/service')
    expect(within(nav).getByText('Bookings')).toBeVisible()
    expect(screen.getByRole('link', { name: /Salone Demo/ })).toHaveAttribute('href', '/')

    await user.click(screen.getByRole('button', { name: 'Collapse the menu' }))
    // Folded: icons only, each link keeps its name for assistive tech and shows it on hover.
    const folded = within(nav).getByRole('link', { name: 'Bookings' })
    expect(folded).toHaveAttribute('title', 'Bookings')
    expect(within(nav).queryByText('Bookings')).toBeNull()
    expect(screen.queryByText('Salone Demo')).toBeNull()
    expect(screen.getByRole('link', { name: 'Salone Demo' })).toHaveAttribute('href', '/')

    await user.click(screen.getByRole('button', { name: 'Expand the menu' }))
    expect(within(nav).getByText('Bookings')).toBeVisible()
    expect(within(nav).getByRole('link', { name: 'Bookings' })).not.toHaveAttribute('title')
  })

  it('a link of the menu goes to its screen, by keyboard too', async () => {
    const user = userEvent.setup()
    renderLayout()
    const nav = screen.getByRole('navigation')
    within(nav).getByRole('link', { name: 'Services' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('current-path')).toHaveTextContent('/service')
  })

  it('the burger opens the menu as a dialog (fetched then), choosing an item closes it', async () => {
    const user = userEvent.setup()
    renderLayout()
    const burger = screen.getByRole('button', { name: 'Menu' })
    expect(burger).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(burger)
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    expect(burger).toHaveAttribute('aria-expanded', 'true')
    await user.click(within(drawer).getByRole('link', { name: 'Bookings' }))
    expect(screen.getByTestId('current-path')).toHaveTextContent('/booking')
    await waitFor(() => expect(burger).toHaveAttribute('aria-expanded', 'false'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // Escape closes it as well.
    await user.click(burger)
    await screen.findByRole('dialog', { name: 'Menu' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(burger).toHaveAttribute('aria-expanded', 'false'))
  })

  it('“Log out of all devices” asks first (the dialog is fetched at the click)', async () => {
    const user = userEvent.setup()
    renderLayout()
    await user.click(screen.getByRole('button', { name: 'Log out of all devices' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
