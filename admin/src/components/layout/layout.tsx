import type { ReactNode } from 'react'
import { Box } from '@mantine/core'
import { AdminHeader } from './header'
import { LayoutProvider } from './layout-context'
import { AdminSider } from './sider'

/**
 * The page: the side menu, then a column with the header and the screen. Refine's ThemedLayout's
 * arrangement, built here (issue 28: no @refinedev/mantine in the shell), with one change: the
 * content column may shrink below its content's width (`minWidth: 0`). Without it a wide table
 * stretched the whole page on a phone — the header went off screen and the name covered the
 * "Esci" button — instead of scrolling inside its card.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <LayoutProvider>
      <Box sx={{ display: 'flex' }}>
        <AdminSider />
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          <AdminHeader />
          <Box component="main" sx={(theme) => ({ padding: theme.spacing.sm })}>
            {children}
          </Box>
        </Box>
      </Box>
    </LayoutProvider>
  )
}
