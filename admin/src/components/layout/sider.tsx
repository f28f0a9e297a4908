import type { ReactNode } from 'react'
import { Box, Flex, MediaQuery, Navbar, NavLink, Text, useMantineTheme, type NavLinkProps } from '@mantine/core'
import { CanAccess, useMenu, type TreeMenuItem } from '@refinedev/core'
import { IconList, IconScissors } from '@tabler/icons-react'
import { Link } from 'react-router'
import { BRAND } from '../../lib/brand'
import { useT } from '../../i18n/use-t'
import { useLayout } from './layout-context'
import { onDemand } from './on-demand'

/** The phone's drawer: fetched at the first tap on the burger (the header preloads it on hover/focus). */
export const MobileMenu = onDemand(() => import('./mobile-menu'))

/** Width of the side menu on a wide screen: open, folded to icons. */
export const SIDER_WIDTH = { open: 200, folded: 80 } as const

/**
 * The side menu, built from the resources (Refine's `useMenu`: items, the active one), in the look
 * of @refinedev/mantine's ThemedSider it replaces — without its floating tooltips (floating-ui) and
 * its scroll area (Radix), ~13 KiB gzip of the first load (issue 28). On a wide screen: a fixed
 * column, 200 px, folded to 80 px of icons by the header's toggle; a folded item keeps its name for
 * assistive tech (`aria-label`) and shows it on hover (`title`). On a phone: a drawer (focus kept
 * inside, Escape and a click outside close it), opened by the header's burger and closed when an
 * item is chosen; its code is fetched at the first tap (`on-demand.tsx`). Logging out lives in the
 * header only.
 */
export function AdminSider() {
  const theme = useMantineTheme()
  const { siderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useLayout()
  const t = useT()
  const border = `1px solid ${theme.colors.gray[2]}`
  const width = siderCollapsed ? SIDER_WIDTH.folded : SIDER_WIDTH.open

  return (
    <>
      <MediaQuery largerThan="md" styles={{ display: 'none' }}>
        <MobileMenu
          opened={mobileSiderOpen}
          onClose={() => setMobileSiderOpen(false)}
          width={SIDER_WIDTH.open}
          label={t('header.menu')}
        >
          <Flex h={64} pl={10} align="center" sx={{ borderBottom: border, flexShrink: 0 }}>
            <AdminTitle collapsed={false} />
          </Flex>
          <Box component="nav" px="xs" sx={{ flex: 1, overflowY: 'auto' }}>
            <MenuItems folded={false} onChoose={() => setMobileSiderOpen(false)} />
          </Box>
        </MobileMenu>
      </MediaQuery>

      {/* Holds the fixed menu's place in the page's row. */}
      <MediaQuery smallerThan="md" styles={{ display: 'none' }}>
        <Box sx={{ width, flexShrink: 0, transition: 'width 200ms ease, min-width 200ms ease' }} />
      </MediaQuery>

      <MediaQuery smallerThan="md" styles={{ display: 'none' }}>
        <Navbar
          width={{ base: width }}
          sx={{
            overflow: 'hidden',
            transition: 'width 200ms ease, min-width 200ms ease',
            position: 'fixed',
            top: 0,
            height: '100vh',
            borderRight: 0,
            zIndex: 199,
          }}
        >
          <Flex
            h={64}
            pl={siderCollapsed ? 0 : 16}
            align="center"
            justify={siderCollapsed ? 'center' : 'flex-start'}
            sx={{ borderBottom: border, flexShrink: 0 }}
          >
            <AdminTitle collapsed={siderCollapsed} />
          </Flex>
          <Navbar.Section grow px="xs" sx={{ overflowY: 'auto', borderRight: border, borderBottom: border }}>
            <MenuItems folded={siderCollapsed} />
          </Navbar.Section>
        </Navbar>
      </MediaQuery>
    </>
  )
}

/** The menu's links; `folded`: icons only (the name stays the link's accessible name and title). */
function MenuItems({ folded, onChoose }: { folded: boolean; onChoose?: () => void }) {
  const { menuItems, selectedKey } = useMenu()
  const styles: NavLinkProps['styles'] = {
    root: { display: 'flex', marginTop: 12, justifyContent: folded ? 'center' : 'flex-start' },
    icon: { marginRight: folded ? 0 : 12 },
    body: { display: folded ? 'none' : 'flex' },
  }
  const render = (items: TreeMenuItem[]): ReactNode =>
    items.map((item) => {
      const label = typeof item.label === 'string' ? item.label : item.name
      const parent = item.children.length > 0
      const link = parent ? {} : { component: Link, to: item.route ?? '/', onClick: onChoose }
      return (
        <CanAccess key={item.key} resource={item.name} action="list" params={{ resource: item }}>
          <NavLink
            label={folded ? null : label}
            aria-label={folded ? label : undefined}
            title={folded ? label : undefined}
            icon={item.icon ?? <IconList size={20} />}
            active={item.key === selectedKey}
            childrenOffset={folded ? 0 : 12}
            pl={folded ? 12 : 18}
            styles={styles}
            {...link}
          >
            {parent ? render(item.children) : undefined}
          </NavLink>
        </CanAccess>
      )
    })
  return <>{render(menuItems)}</>
}

/** The brand, linking to the dashboard's home; the scissors alone when the menu is folded. */
export function AdminTitle({ collapsed }: { collapsed: boolean }) {
  return (
    // Folded, the scissors alone: the link is still named (axe: links must have discernible text).
    <Link to="/" aria-label={collapsed ? BRAND : undefined} style={{ all: 'unset', cursor: 'pointer' }}>
      <Flex align="center" justify={collapsed ? 'center' : 'flex-start'} gap={8}>
        <Text lh={0} fz="inherit" color="brand.6">
          <IconScissors size={22} />
        </Text>
        {!collapsed && (
          <Text fz="inherit" color="black">
            {BRAND}
          </Text>
        )}
      </Flex>
    </Link>
  )
}
