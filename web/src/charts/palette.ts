import { useComputedColorScheme, useMantineTheme } from '@mantine/core'
import { chartColors } from './theme.ts'

/**
 * The series colours of the current scheme (the colorway), for a trace that must take its colour
 * explicitly: a second trace of the same line (a segment in progress) would otherwise take the next
 * colorway slot. The static chart maps these colours back to their slots.
 */
export function useSeriesColors(): readonly string[] {
  const theme = useMantineTheme()
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  return chartColors(theme, scheme).series
}
