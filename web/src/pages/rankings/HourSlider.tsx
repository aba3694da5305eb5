import { RANKING_HOUR_DEBOUNCE_MS, RANKING_HOUR_SLIDER_MAX, RANKING_HOUR_SLIDER_MIN } from '@ludex/schemas'
import { Slider, Text } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useEffect, useState } from 'react'

export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00 UTC`

const MARKS = [0, 6, 12, 18, 23].map((value) => ({ value, label: String(value).padStart(2, '0') }))

/**
 * The hour slider of the rankings page (0 to 23, UTC). The thumb and its label follow the pointer or
 * the keys at once; the chosen hour is committed RANKING_HOUR_DEBOUNCE_MS (200 ms) after the last
 * change, so dragging across the day asks for one ranking, not one per hour passed.
 */
export function HourSlider({ hour, onCommit }: { hour: number; onCommit: (hour: number) => void }) {
  const [value, setValue] = useState(hour)
  // A new hour from outside (a day step, the address) moves the thumb.
  useEffect(() => setValue(hour), [hour])
  const commit = useDebouncedCallback(onCommit, RANKING_HOUR_DEBOUNCE_MS)
  return (
    <div>
      <Text size="sm" fw={500} mb={4} aria-hidden="true">
        Hour: {hourLabel(value)}
      </Text>
      <Slider
        min={RANKING_HOUR_SLIDER_MIN}
        max={RANKING_HOUR_SLIDER_MAX}
        step={1}
        value={value}
        onChange={(next) => {
          setValue(next)
          commit(next)
        }}
        label={hourLabel}
        marks={MARKS}
        thumbLabel="Hour (UTC)"
        thumbValueText={hourLabel}
        mb="lg"
      />
    </div>
  )
}
