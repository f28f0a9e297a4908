import { useState, type ComponentProps } from 'react'
import {
  ActionIcon,
  Button,
  Flex,
  Group,
  Header,
  MediaQuery,
  SegmentedControl,
  Stack,
  Text,
  useMantineTheme,
} from '@mantine/core'
import { useGetIdentity, useLogout, useSetLocale, useWarnAboutChange } from '@refinedev/core'
import { useLayout } from './layout-context'
import { onDemand } from './on-demand'
import type { ConfirmDialog as Dialog } from '../confirm-dialog'
import { MobileMenu } from './sider'
import { IconDevices, IconIndentDecrease, IconIndentIncrease, IconLogout, IconMenu2 } from '@tabler/icons-react'
import { SrOnly } from '../sr-only'
import { logoutAll, type AdminIdentity } from '../../providers/auth'
import type { Locale } from '../../i18n/locale'
import { useT } from '../../i18n/use-t'

/** "Log out of all devices?": fetched at the first click (or hover) of its button. */
const ConfirmDialog = onDemand<ComponentProps<typeof Dialog>>(() =>
  import('../confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
)

/**
 * The menu toggle: on a phone it opens the menu drawer, on a wide screen it folds the side menu.
 * Refine's HamburgerMenu, with names for screen readers (axe: buttons must have discernible text).
 */
function MenuToggle() {
  const { siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useLayout()
  const t = useT()
  return (
    <>
      <MediaQuery smallerThan="md" styles={{ display: 'none' }}>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => setSiderCollapsed(!siderCollapsed)}>
          {siderCollapsed ? <IconIndentIncrease size={20} aria-hidden /> : <IconIndentDecrease size={20} aria-hidden />}
          <SrOnly>{siderCollapsed ? t('header.expandMenu') : t('header.collapseMenu')}</SrOnly>
        </ActionIcon>
      </MediaQuery>
      <MediaQuery largerThan="md" styles={{ display: 'none' }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-expanded={mobileSiderOpen}
          onPointerEnter={() => void MobileMenu.preload().catch(() => {})}
          onFocus={() => void MobileMenu.preload().catch(() => {})}
          onClick={() => setMobileSiderOpen(!mobileSiderOpen)}
        >
          <IconMenu2 size={20} aria-hidden />
          <SrOnly>{t('header.menu')}</SrOnly>
        </ActionIcon>
      </MediaQuery>
    </>
  )
}

/**
 * The language switch: EN | IT, one click, remembered (Refine's `useSetLocale` → the i18n
 * provider's `changeLocale`). Each option is named in its own language for screen readers.
 */
export function LanguageSwitch() {
  const t = useT()
  const changeLocale = useSetLocale()
  const option = (value: Locale, short: string, name: string) => ({
    value,
    label: (
      <>
        <span aria-hidden>{short}</span>
        <SrOnly>
          <span lang={value}>{name}</span>
        </SrOnly>
      </>
    ),
  })
  return (
    <div role="radiogroup" aria-label={t('header.language')} data-testid="language-switch">
      <SegmentedControl
        size="xs"
        value={t.locale}
        onChange={(value) => changeLocale(value)}
        data={[option('en', 'EN', 'English'), option('it', 'IT', 'Italiano')]}
      />
    </div>
  )
}

/**
 * Top bar: menu toggle, the signed-in admin, the language switch, "Log out" (this device) and
 * "Log out of all devices" (every session of the admin, after a confirmation).
 */
export function AdminHeader() {
  const t = useT()
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
          : t('header.logoutAllFailed'),
      )
      setEndingAll(false)
    }
  }

  const onLogout = () => {
    if (warnWhen) {
      if (!window.confirm(t('header.unsavedLeave'))) return
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
        <Group spacing="xs" noWrap sx={{ minWidth: 0 }}>
          {identity && (
            // On a phone the name alone, cut by letters when it must be ("Anna Amminis…", not
            // "Anna…"); the address joins it from 576 px. Both in full on hover.
            <Stack
              spacing={0}
              align="flex-end"
              data-testid="header-user"
              title={identity.name !== identity.email ? `${identity.name} · ${identity.email}` : identity.name}
              sx={{ minWidth: 0 }}
            >
              <Text weight={600} size="sm" truncate data-testid="header-user-name" sx={{ maxWidth: '100%' }}>
                {identity.name}
              </Text>
              {identity.name !== identity.email && (
                <MediaQuery smallerThan="sm" styles={{ display: 'none' }}>
                  <Text size="xs" lineClamp={1} sx={{ color: theme.colors.gray[7], wordBreak: 'break-all' }}>
                    {identity.email}
                  </Text>
                </MediaQuery>
              )}
            </Stack>
          )}
          <LanguageSwitch />
          {/* An icon (named for assistive tech and on hover): the bar must fit a 360 px screen. */}
          <ActionIcon
            variant="default"
            size={36}
            aria-label={t('header.logoutAll')}
            title={t('header.logoutAll')}
            onPointerEnter={() => void ConfirmDialog.preload().catch(() => {})}
            onFocus={() => void ConfirmDialog.preload().catch(() => {})}
            onClick={() => setConfirmAll(true)}
          >
            <IconDevices size={18} />
          </ActionIcon>
          {/* On a phone the words would push the bar off screen: an icon with the same name there. */}
          <MediaQuery smallerThan="sm" styles={{ display: 'none' }}>
            <Button variant="default" leftIcon={<IconLogout size={18} />} onClick={onLogout} loading={isPending}>
              {t('header.logout')}
            </Button>
          </MediaQuery>
          <MediaQuery largerThan="sm" styles={{ display: 'none' }}>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t('header.logout')}
              title={t('header.logout')}
              onClick={onLogout}
              loading={isPending}
            >
              <IconLogout size={18} />
            </ActionIcon>
          </MediaQuery>
        </Group>
      </Flex>
      <ConfirmDialog
        opened={confirmAll}
        title={t('header.logoutAllQuestion')}
        confirmLabel={t('header.logoutAllConfirm')}
        danger
        loading={endingAll}
        error={allError}
        onConfirm={() => void onLogoutAll()}
        onCancel={() => setConfirmAll(false)}
      >
        {t('header.logoutAllText')}
      </ConfirmDialog>
    </Header>
  )
}
