import { useId } from 'react'
import { Box, Text } from '@mantine/core'
import type { PhaseItem } from '@salon/shared/schemas/booking'
import { PHASE_WORDS } from '@salon/shared/glossary'
import { useSalonConfig } from '../../hooks/use-salon'
import type { Locale } from '../../i18n/locale'
import { useT } from '../../i18n/use-t'
import { timeOf } from './when'

const lowerFirst = (s: string, locale: Locale) => s.charAt(0).toLocaleLowerCase(locale) + s.slice(1)

/**
 * What a phase is, in the glossary's words (issue 25): "Applicazione · con l’operatore", "Tempo di
 * posa", "Riordino · Poltrona colore" — the salon's name for it first when it has one, then what
 * the stylist does, then the station it holds.
 */
export function phaseText(p: Pick<PhaseItem, 'operator_busy' | 'cleanup' | 'label' | 'station'>, locale: Locale) {
  const words = PHASE_WORDS[locale]
  const kind = p.cleanup ? words.cleanup : p.operator_busy ? words.operatorBusy : words.processing
  const label = p.cleanup ? null : p.label?.trim()
  const parts = label ? [label, lowerFirst(kind, locale)] : [kind]
  if (p.station) parts.push(p.station.name)
  return parts.join(' · ')
}

/**
 * The booking page's phases (issue 25), from the detail's `phases`: each stretch with its times on
 * the salon's clock — "10:00–10:30 Applicazione · con l’operatore", "10:30–11:10 Tempo di posa",
 * "12:00–12:10 Riordino · Poltrona colore". Nothing for a booking without phases (one busy block).
 */
export function BookingPhases({ phases }: { phases?: readonly PhaseItem[] | null }) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const id = useId()
  if (!phases?.length) return null
  return (
    <div>
      <Text size="sm" weight={600} id={id}>
        {t.glossary.phase.phases}
      </Text>
      <Box component="ul" aria-labelledby={id} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {phases.map((p, i) => (
          <Box
            component="li"
            key={i}
            data-phase={p.cleanup ? 'cleanup' : p.operator_busy ? 'busy' : 'free'}
            sx={(theme) => ({
              display: 'flex',
              gap: 8,
              paddingLeft: 8,
              borderLeft: `3px ${p.cleanup ? 'dashed' : 'solid'} ${
                p.operator_busy && !p.cleanup ? theme.colors.salon![6] : theme.colors.gray[4]
              }`,
            })}
          >
            <Text component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {timeOf(p.start, t.locale, timeZone)}–{timeOf(p.end, t.locale, timeZone)}
            </Text>{' '}
            <Text component="span">{phaseText(p, t.locale)}</Text>
          </Box>
        ))}
      </Box>
    </div>
  )
}
