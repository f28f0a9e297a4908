import type { ReactNode } from 'react'
import { Drawer } from '@mantine/core'

/**
 * The phone's menu drawer (focus kept inside, Escape and a click outside close it), its own chunk:
 * fetched at the first tap on the burger (`sider.tsx`), never on a wide screen.
 */
export default function MobileMenu({
  opened,
  onClose,
  label,
  width,
  children,
}: {
  opened: boolean
  onClose: () => void
  label: string
  width: number
  children: ReactNode
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={width}
      zIndex={1200}
      withCloseButton={false}
      aria-label={label}
      styles={{ drawer: { overflow: 'hidden', display: 'flex', flexDirection: 'column' } }}
    >
      {children}
    </Drawer>
  )
}
