import { Suspense, useMemo } from 'react'
import { MantineProvider } from '@mantine/core'
import { NotificationsProvider } from '@mantine/notifications'
import { Refine } from '@refinedev/core'
import routerProvider, { DocumentTitleHandler, UnsavedChangesNotifier } from '@refinedev/react-router'
import { TOASTS } from '@salon/shared/constants'
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router'
import { AdminGuard } from './components/admin-guard'
import { ErrorBoundary } from './components/error-boundary'
import { AdminLayout } from './components/layout/layout'
import { PageLoader } from './components/page-loader'
import { BRAND, pageTitle } from './lib/brand'
import NotFound from './pages/not-found'
import { DashboardHome, hasScreen, resourceRoutes } from './pages/registry'
import { accessControlProvider } from './providers/access'
import { authProvider } from './providers/auth'
import { dataProvider } from './providers/data'
import { tr } from './i18n/translate'
import { useLocale } from './i18n/use-t'
import { i18nProvider } from './providers/i18n'
import { notificationProvider } from './providers/notifications'
import { queryClientConfig } from './providers/query-client'
import { DASHBOARD_BASE, toRefineResources } from './resources'
import { theme } from './theme'

// Labels are already the dictionary's words: Refine's English pluralising ("Servizis") must not touch them.
const keep = (text: string) => text

function Shell() {
  const { pathname } = useLocation()
  return (
    <AdminGuard>
      <AdminLayout>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AdminLayout>
    </AdminGuard>
  )
}

export default function App() {
  // English by default, Italian from the header's switch: the menu and page titles follow it.
  const locale = useLocale()
  const resources = useMemo(() => toRefineResources(hasScreen, locale), [locale])
  // The toasts' close button is named in the same language (theme.ts gives it its default name).
  const localTheme = useMemo(
    () => ({
      ...theme,
      components: {
        ...theme.components,
        Notification: {
          defaultProps: { closeButtonProps: { 'aria-label': tr('common.closeNotification', undefined, locale) } },
        },
      },
    }),
    [locale],
  )
  return (
    <BrowserRouter basename={DASHBOARD_BASE}>
      <MantineProvider theme={localTheme} withGlobalStyles withNormalizeCSS>
        <NotificationsProvider position="bottom-right" limit={TOASTS.max} autoClose={TOASTS.durationMs}>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            routerProvider={routerProvider}
            notificationProvider={notificationProvider}
            i18nProvider={i18nProvider}
            resources={resources}
            options={{
              syncWithLocation: false,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              title: { text: BRAND },
              textTransformers: { humanize: keep, plural: keep, singular: keep },
              reactQuery: { clientConfig: queryClientConfig },
            }}
          >
            <Routes>
              <Route element={<Shell />}>
                <Route index element={<DashboardHome />} />
                {resourceRoutes()}
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
            <UnsavedChangesNotifier />
            {/* Remounted on a language switch so the tab's title follows at once. */}
            <DocumentTitleHandler key={locale} handler={({ resource }) => pageTitle(resource?.meta?.label)} />
          </Refine>
        </NotificationsProvider>
      </MantineProvider>
    </BrowserRouter>
  )
}
