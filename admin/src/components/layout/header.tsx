import { useState } from 'react'
import { ActionIcon, Button, Flex, Group, Header, MediaQuery, Modal, Stack, Text, useMantineTheme } from '@mantine/core'
import { useGetIdentity, useLogout, useWarnAboutChange } from '@refinedev/core'
import { useThemedLayoutContext } from '@refinedev/mantine'
import { IconDevices, IconIndentDecrease, IconIndentIncrease, IconLogout, IconMenu2 } from '@tabler/icons-react'
import { SrOnly } from '../sr-only'
import { logoutAll, type AdminIdentity } from '../../providers/auth'

/**
 * The menu toggle: on a phone it opens the menu drawer, on a wide screen it folds the side menu.
 * Refine's HamburgerMenu, with names for screen readers (axe: buttons must have discernible text).
 */
function MenuToggle() {
  const { siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useThemedLayoutContext()
  return (
    <>
      <MediaQuery smallerThan="md" styles={{ display: 'none' }}>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => setSiderCollapsed(!siderCollapsed)}>
          {siderCollapsed ? <IconIndentIncrease size={20} aria-hidden /> : <IconIndentDecrease size={20} aria-hidden />}
          <SrOnly>{siderCollapsed ? 'Espandi il menu' : 'Riduci il menu'}</SrOnly>
        </ActionIcon>
      </MediaQuery>
      <MediaQuery largerThan="md" styles={{ display: 'none' }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-expanded={mobileSiderOpen}
          onClick={() => setMobileSiderOpen(!mobileSiderOpen)}
        >
          <IconMenu2 size={20} aria-hidden />
          <SrOnly>Menu</SrOnly>
        </ActionIcon>
      </MediaQuery>
    </>
  )
}

/**
 * Top bar: menu toggle, the signed-in admin, "Esci" (this device) and "Esci da tutti i
 * dispositivi" (every session of the admin, after a confirmation).
 */
export function AdminHeader() {
  const theme = useMantineTheme()
  const { data: identity } = useGetIdentity<AdminIdentity>()
  const { mutate: logout, isPending } = useLogout()
  const { warnWhen, setWarnWhen } = useWarnAboutChange()
  const [confirmAll, setConfirmAll] = useState(false)
  const [endingAll, setEndingAll] = useState(false)
  const [allError, setAllError] = useState<string | null>(null)

  const onLogoutAll = async () => {
    setEndingAll(true)
    setAllError(null)
    try {
      setWarnWhen(false)
      await logoutAll()
    } catch (error) {
      setAllError(
        error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
          ? error.message
          : 'Non è stato possibile uscire da tutti i dispositivi.',
      )
      setEndingAll(false)
    }
  }

  const onLogout = () => {
    if (warnWhen) {
      if (!window.confirm('Ci sono modifiche non salvate. Uscire comunque?')) return
      setWarnWhen(false)
    }
    logout()
  }

  return (
    <Header
      height={64}
      px="sm"
      zIndex={199}
      sx={{ position: 'sticky', top: 0, borderBottom: `1px solid ${theme.colors.gray[2]}` }}
    >
      <Flex align="center" justify="space-between" h="100%">
        <MenuToggle />
        <Group spacing="md" noWrap>
          {identity && (
            <Stack spacing={0} align="flex-end" data-testid="header-user">
              <Text weight={600} size="sm" lineClamp={1}>
                {identity.name}
              </Text>
              {identity.name !== identity.email && (
                <Text size="xs" lineClamp={1} sx={{ color: theme.colors.gray[7] }}>
                  {identity.email}
                </Text>
              )}
            </Stack>
          )}
          {/* An icon (named for assistive tech and on hover): the bar must fit a 360 px screen. */}
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Esci da tutti i dispositivi"
            title="Esci da tutti i dispositivi"
            onClick={() => setConfirmAll(true)}
          >
            <IconDevices size={18} />
          </ActionIcon>
          <Button variant="default" leftIcon={<IconLogout size={18} />} onClick={onLogout} loading={isPending}>
            Esci
          </Button>
        </Group>
      </Flex>
      <Modal opened={confirmAll} onClose={() => setConfirmAll(false)} title="Esci da tutti i dispositivi?" centered>
        <Stack>
          <Text size="sm">
            La sessione termina su ogni dispositivo in cui hai effettuato l’accesso, compreso questo. Per continuare
            dovrai accedere di nuovo.
          </Text>
          {allError && (
            <Text size="sm" color="red" role="alert">
              {allError}
            </Text>
          )}
          <Group position="right">
            <Button variant="default" onClick={() => setConfirmAll(false)} disabled={endingAll}>
              Annulla
            </Button>
            <Button color="red" onClick={() => void onLogoutAll()} loading={endingAll}>
              Esci ovunque
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Header>
  )
}
