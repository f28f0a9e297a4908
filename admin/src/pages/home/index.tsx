import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core'
import { useGetIdentity, useLink } from '@refinedev/core'
import type { AdminIdentity } from '../../providers/auth'
import { routesOf, SALON_RESOURCES } from '../../resources'
import { useT } from '../../i18n/use-t'

/** /dashboard: a welcome and the way to every resource. The KPI dashboard comes with its own issue. */
export default function DashboardHome() {
  const { data: identity } = useGetIdentity<AdminIdentity>()
  const Link = useLink()
  const t = useT()
  const entries = SALON_RESOURCES.map((r) => ({ ...r, path: routesOf(r.segment).list })).filter((r) => r.path)

  return (
    <Stack spacing="lg">
      <Card p="lg" withBorder>
        <Title order={2}>
          {identity?.firstName ? t('home.welcomeName', { name: identity.firstName }) : t('home.welcome')}
        </Title>
        <Text color="dimmed" mt="xs">
          {t('home.intro')}
        </Text>
      </Card>
      <SimpleGrid
        cols={4}
        breakpoints={[
          { maxWidth: 'md', cols: 3 },
          { maxWidth: 'sm', cols: 2 },
          { maxWidth: 'xs', cols: 1 },
        ]}
      >
        {entries.map(({ identifier, label, icon: Icon, path }) => (
          <UnstyledButton key={identifier} component={Link} to={path}>
            <Card withBorder p="md" sx={{ height: '100%' }}>
              <Stack align="center" spacing="xs">
                <ThemeIcon size={44} radius="xl" variant="light">
                  <Icon size={24} />
                </ThemeIcon>
                <Text weight={600}>{t(label)}</Text>
              </Stack>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
