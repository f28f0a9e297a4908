import { Stack, Title } from '@mantine/core'
import { List } from '@refinedev/mantine'
import { ResourceTable } from '../generic/list'

/**
 * /dashboard/config: the salon's settings document and, below, the holidays. Holidays have no
 * list route of their own (spec §2 lists only /dashboard/config/holiday/create and /{id}), so
 * they are read here.
 */
export default function ConfigPage() {
  return (
    <Stack spacing="lg">
      <List resource="config" title={<Title order={3}>Impostazioni</Title>} breadcrumb={false}>
        <ResourceTable resource="config" syncWithLocation />
      </List>
      <List resource="holiday" title={<Title order={3}>Festività</Title>} breadcrumb={false}>
        <ResourceTable resource="holiday" />
      </List>
    </Stack>
  )
}
