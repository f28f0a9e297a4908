import { Box, Group, Text, useMantineTheme, type MantineTheme } from '@mantine/core'
import { formatDuration } from '@salon/shared/format'
import { useT } from '../../i18n/use-t'
import type { BarPart } from './phases'

/** The look of each kind of stretch: the stylist at work solid, processing light, clean-up hatched. */
const looks = (theme: MantineTheme): Record<BarPart['kind'], Record<string, string>> => ({
  // White on the dashboard's green [6]: 5.4:1.
  busy: { background: theme.colors.salon![6]!, color: '#fff' },
  // The darkest green on the lightest: 9:1.
  processing: { background: theme.colors.salon![0]!, color: theme.colors.salon![9]! },
  cleanup: {
    backgroundColor: theme.colors.gray[1]!,
    backgroundImage: `repeating-linear-gradient(45deg, ${theme.colors.gray[4]} 0, ${theme.colors.gray[4]} 2px, transparent 2px, transparent 7px)`,
    color: theme.colors.gray[9]!,
  },
})

const lowerFirst = (s: string, locale: string) => s.charAt(0).toLocaleLowerCase(locale) + s.slice(1)

/**
 * The phases of a service as one bar ("30 · 40 · 50"): each stretch as wide as its minutes, the
 * stylist at work solid green, processing time light, the clean-up hatched — so the owner sees at
 * a glance where another customer fits. One image for assistive technology, named with the whole
 * sequence in words; the legend under it says what each look means (never the colour alone).
 */
export function PhaseBar({ parts }: { parts: readonly BarPart[] }) {
  const t = useT()
  const theme = useMantineTheme()
  const words = t.glossary.phase
  const word = (kind: BarPart['kind']) =>
    kind === 'busy' ? words.operatorBusy : kind === 'processing' ? words.processing : words.cleanup
  if (parts.length === 0) return null
  const look = looks(theme)
  const list = parts.map((p) => `${formatDuration(p.minutes)} ${lowerFirst(word(p.kind), t.intl)}`).join('; ')
  const kinds = (['busy', 'processing', 'cleanup'] as const).filter((k) => parts.some((p) => p.kind === k))
  return (
    <div>
      <Box
        role="img"
        aria-label={t('phases.bar', { list })}
        data-testid="phase-bar"
        sx={{
          display: 'flex',
          height: 28,
          borderRadius: 4,
          overflow: 'hidden',
          border: `1px solid ${theme.colors.gray[5]}`,
        }}
      >
        {parts.map((p, i) => (
          <Box
            key={i}
            data-kind={p.kind}
            sx={{
              ...look[p.kind],
              flex: `${p.minutes} 1 0`,
              minWidth: 3,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              overflow: 'hidden',
              fontSize: 12,
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
              borderLeft: i === 0 ? undefined : `1px solid ${theme.colors.gray[5]}`,
            }}
          >
            {p.minutes}
          </Box>
        ))}
      </Box>
      <Group spacing="md" mt={4} aria-hidden>
        {kinds.map((k) => (
          <Group key={k} spacing={4} noWrap>
            <Box
              sx={{
                ...look[k],
                width: 14,
                height: 10,
                borderRadius: 2,
                border: `1px solid ${theme.colors.gray[5]}`,
              }}
            />
            <Text size="xs">{word(k)}</Text>
          </Group>
        ))}
      </Group>
    </div>
  )
}
