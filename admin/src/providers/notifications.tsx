import { ActionIcon, Box, Group, Text } from '@mantine/core'
import { hideNotification, showNotification, updateNotification } from '@mantine/notifications'
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core'
import { IconCheck, IconRotate2, IconX } from '@tabler/icons-react'
import { TOASTS } from '@salon/shared/constants'

/**
 * Refine's notifications as Mantine toasts: what @refinedev/mantine's `useNotificationProvider`
 * does, written here so the shell does not import that package (issue 28: it is one file, and
 * everything the screens use of it would come along into the first load). Success is the primary
 * green with a check, an error red with a cross, both closing after `TOASTS.durationMs`; a key
 * already on screen is updated in place, not stacked. "progress" (an undoable mutation: the
 * dashboard uses none today) stays until it ends and offers the undo button, without Refine's
 * countdown ring.
 */
export function createNotificationProvider(): NotificationProvider {
  const active = new Set<string>()

  const content = ({ type, message, description, key, cancelMutation }: OpenNotificationParams) => {
    if (type === 'progress') {
      return {
        message: (
          <Group position="apart" noWrap>
            <Box>
              <Text>{message}</Text>
              {description && <Text>{description}</Text>}
            </Box>
            <ActionIcon
              variant="default"
              onClick={() => {
                cancelMutation?.()
                if (key) {
                  active.delete(key)
                  hideNotification(key)
                }
              }}
            >
              <IconRotate2 size={18} />
            </ActionIcon>
          </Group>
        ),
        disallowClose: true,
        autoClose: false as const,
      }
    }
    return {
      color: type === 'success' ? 'primary' : 'red',
      icon: type === 'success' ? <IconCheck size={18} /> : <IconX size={18} />,
      message,
      title: description,
      autoClose: TOASTS.durationMs,
    }
  }

  return {
    open: (params) => {
      const { key } = params
      if (key && active.has(key)) {
        updateNotification({ id: key, ...content(params) })
        return
      }
      if (key) active.add(key)
      showNotification({ id: key, ...content(params), onClose: () => key && active.delete(key) })
    },
    close: (key) => {
      active.delete(key)
      hideNotification(key)
    },
  }
}

export const notificationProvider = createNotificationProvider()
