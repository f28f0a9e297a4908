import { lazy, Suspense, useState } from 'react'
import { Button } from '@mantine/core'
import { useGo } from '@refinedev/core'
import { IconDoorEnter } from '@tabler/icons-react'
import { useT } from '../../i18n/use-t'

// The dialog (its form, the shared schemas, zod) is fetched when it first opens: the agenda's
// first paint does not wait for it.
const WalkInModal = lazy(() => import('./walk-in').then((m) => ({ default: m.WalkInModal })))

/**
 * The toolbar's "Cliente senza appuntamento" button and its dialog (walk-in.tsx). `onBooked`: what
 * to do with the booking made (the agenda shows today); by default its page opens.
 */
export function WalkInButton({ onBooked }: { onBooked?: (id: number) => void }) {
  const t = useT()
  const go = useGo()
  const [opened, setOpened] = useState(false)
  const [used, setUsed] = useState(false)
  return (
    <>
      <Button
        variant="outline"
        leftIcon={<IconDoorEnter size={16} />}
        onClick={() => {
          setUsed(true)
          setOpened(true)
        }}
      >
        {t.glossary.desk.walkIn}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <WalkInModal
            opened={opened}
            onClose={() => setOpened(false)}
            onBooked={(id) => {
              setOpened(false)
              if (onBooked) onBooked(id)
              else go({ to: `/booking/${id}` })
            }}
          />
        </Suspense>
      )}
    </>
  )
}
