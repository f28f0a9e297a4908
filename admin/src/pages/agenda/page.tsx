import { Title } from '@mantine/core'
import { List } from '@refinedev/mantine'
import { useT } from '../../i18n/use-t'
import Agenda from './index'

/**
 * /dashboard/agenda: the appointment book as a menu entry of its own (issue 20; it was a toggle of
 * the bookings list). Opens on the salon's today; the view is in the URL (see index.tsx).
 */
// For scripts/bench-agenda.mjs: when the screen's code has been evaluated (User Timing).
performance.mark('agenda:module')

export default function AgendaPage() {
  const t = useT()
  return (
    <List title={<Title order={3}>{t('resources.agenda')}</Title>} breadcrumb={false} canCreate={false}>
      <Agenda />
    </List>
  )
}
