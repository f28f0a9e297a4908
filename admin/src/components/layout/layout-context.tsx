import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'

/**
 * The menu's two states: folded to icons on a wide screen, open as a drawer on a phone. Our own
 * (Refine's ThemedLayoutContext is the same two booleans) so the shell does not import
 * @refinedev/mantine: that package is one file, and whatever any screen uses of it would come
 * with it into the first load (issue 28).
 */
export interface LayoutState {
  siderCollapsed: boolean
  setSiderCollapsed: (collapsed: boolean) => void
  mobileSiderOpen: boolean
  setMobileSiderOpen: (open: boolean) => void
}

const LayoutContext = createContext<LayoutState>({
  siderCollapsed: false,
  setSiderCollapsed: () => undefined,
  mobileSiderOpen: false,
  setMobileSiderOpen: () => undefined,
})

export function LayoutProvider({ children }: { children: ReactNode }) {
  const [siderCollapsed, setSiderCollapsed] = useState(false)
  const [mobileSiderOpen, setMobileSiderOpen] = useState(false)
  const value = useMemo(
    () => ({ siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen }),
    [siderCollapsed, mobileSiderOpen],
  )
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>
}

export const useLayout = () => useContext(LayoutContext)
