import { useMemo } from 'react'
import { Group, Select, TextInput, Title } from '@mantine/core'
import type { CrudFilter } from '@refinedev/core'
import { List } from '@refinedev/mantine'
import { ROLE_LABELS_EN } from '@salon/shared'
import { IconSearch } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'
import { RecordTable, type TableColumn } from '../../components/record-table'
import { EMPTY } from '../../lib/format'
import { useT, type T } from '../../i18n/use-t'

interface UserRow {
  id: number
  name?: string
  surname?: string
  email: string
  phone_number?: string
  user_role: keyof typeof ROLE_LABELS_EN
}

const columns = (t: T): TableColumn<UserRow>[] => [
  { field: 'name', label: t('columns.name'), render: (u) => [u.name, u.surname].filter(Boolean).join(' ') || EMPTY },
  { field: 'email', label: t('columns.email') },
  { field: 'phone_number', label: t('columns.phone'), sortable: false, render: (u) => u.phone_number || EMPTY },
  { field: 'user_role', label: t('columns.role'), render: (u) => t.glossary.role[u.user_role] ?? u.user_role },
]

/** Text and role filters (`f_q`, `f_role` in the URL) → Payload filters. */
export function userFilters(q: string, role: string): CrudFilter[] {
  const out: CrudFilter[] = []
  if (role) out.push({ field: 'user_role', operator: 'eq', value: role })
  if (q)
    out.push({
      operator: 'or',
      value: ['name', 'surname', 'email', 'phone_number'].map((field) => ({ field, operator: 'contains', value: q })),
    })
  return out
}

/** /dashboard/user: everyone with an account, searchable by name, e-mail or phone, filterable by role. */
export default function UserList() {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const q = params.get('f_q') ?? ''
  const role = params.get('f_role') ?? ''
  const filters = useMemo(() => userFilters(q, role), [q, role])
  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value) next.set(key, value)
        else next.delete(key)
        next.delete('currentPage')
        return next
      },
      { replace: true },
    )
  return (
    <List title={<Title order={3}>{t('resources.user')}</Title>} breadcrumb={false}>
      <Group align="flex-end" spacing="sm" mb="md">
        <TextInput
          label={t('common.search')}
          placeholder={t('user.searchPlaceholder')}
          icon={<IconSearch size={16} />}
          defaultValue={q}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set('f_q', e.currentTarget.value.trim())
          }}
          onBlur={(e) => set('f_q', e.currentTarget.value.trim())}
        />
        <Select
          label={t('columns.role')}
          placeholder={t('common.all')}
          clearable
          clearButtonLabel={t('user.allRoles')}
          data={Object.entries(t.glossary.role).map(([value, label]) => ({ value, label }))}
          value={role || null}
          onChange={(v) => set('f_role', v ?? '')}
        />
      </Group>
      <RecordTable<UserRow>
        resource="user"
        columns={columns(t)}
        syncWithLocation
        caption={t('resources.user')}
        filters={filters}
      />
    </List>
  )
}
