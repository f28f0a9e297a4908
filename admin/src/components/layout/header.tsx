import { Button, Flex, Group, Header, Stack, Text, useMantineTheme } from '@mantine/core'
import { useGetIdentity, useLogout, useWarnAboutChange } from '@refinedev/core'
import { HamburgerMenu } from '@refinedev/mantine'
import { IconLogout } from '@tabler/icons-react'
import type { AdminIdentity } from '../../providers/auth'

/** Top bar: menu toggle, the signed-in admin and the one logout control ("Esci"). */
export function AdminHeader() {
  const theme = useMantineTheme()
  const { data: identity } = useGetIdentity<AdminIdentity>()
  const { mutate: logout, isPending } = useLogout()
  const { warnWhen, setWarnWhen } = useWarnAboutChange()

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
        <HamburgerMenu />
        <Group spacing="md" noWrap>
          {identity && (
            <Stack spacing={0} align="flex-end" data-testid="header-user">
              <Text weight={600} size="sm" lineClamp={1}>
                {identity.name}
              </Text>
              {identity.name !== identity.email && (
                <Text size="xs" color="dimmed" lineClamp={1}>
                  {identity.email}
                </Text>
              )}
            </Stack>
          )}
          <Button variant="default" leftIcon={<IconLogout size={18} />} onClick={onLogout} loading={isPending}>
            Esci
          </Button>
        </Group>
      </Flex>
    </Header>
  )
}
