import type { ReactNode } from 'react'
import { Box } from '@mantine/core'
import { ThemedLayoutContextProvider } from '@refinedev/mantine'
import { AdminHeader } from './header'
import { AdminSider, AdminTitle } from './sider'

/**
 * Refine's ThemedLayout, with one change: the content column may shrink below its content's
 * width (`minWidth: 0`). Without it a wide table stretched the whole page on a phone — the header
 * went off screen and the name covered the "Esci" button — instead of scrolling inside its card.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <ThemedLayoutContextProvider>
      <Box sx={{ display: 'flex' }}>
        <AdminSider Title={AdminTitle} />
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          <AdminHeader />
          <Box component="main" sx={(theme) => ({ padding: theme.spacing.sm })}>
            {children}
          </Box>
        </Box>
      </Box>
    </ThemedLayoutContextProvider>
  )
}
