import { ThemedSider, ThemedTitle, type RefineThemedLayoutSiderProps } from '@refinedev/mantine'
import type { TitleProps } from '@refinedev/core'
import { IconScissors } from '@tabler/icons-react'
import { BRAND } from '../../lib/brand'

/** The menu built from the resources; logging out lives in the header only (one "Esci"). */
export function AdminSider(props: RefineThemedLayoutSiderProps) {
  return <ThemedSider {...props} render={({ items }) => <>{items}</>} />
}

export function AdminTitle({ collapsed }: TitleProps) {
  return <ThemedTitle collapsed={collapsed} text={BRAND} icon={<IconScissors size={22} />} />
}
