import { MOBILE_CHART_BREAKPOINT_PX, MOBILE_CHART_HEIGHT_PX } from '@ludex/schemas'
import {
  Box,
  Center,
  Loader,
  Text,
  useComputedColorScheme,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { Config, Data, Layout } from 'plotly.js'
import { lazy, type ReactNode, Suspense, useId, useMemo, useRef } from 'react'
import type { PlotParams } from 'react-plotly.js'
import { useNearViewport } from './near-viewport.ts'
import { baseLayout, chartColors, mergeLayout } from './theme.ts'

// Plotly is only reachable through this dynamic import: its own chunk, fetched when the first chart
// comes near the viewport.
const loadPlot = () => import('./Plot.tsx')
const Plot = lazy(loadPlot)

export const DEFAULT_CHART_HEIGHT = 400
export const NO_DATA = 'No Data'

export interface ChartProps {
  /** Plotly traces. */
  readonly data: Data[]
  /** Merged over the themed base layout (axis objects key by key). */
  readonly layout?: Partial<Layout>
  readonly config?: Partial<Config>
  /** Shows a spinner instead of the plot. */
  readonly loading?: boolean
  /** Shows the empty text instead of the plot; also when data has no trace. */
  readonly empty?: boolean
  /** Defaults to 'No Data'. */
  readonly emptyText?: string
  /** Accessible name of the figure (usually the card title). */
  readonly title: string
  /** A text description of what the chart shows, for screen readers (visually hidden). */
  readonly summary: string
  /** Height above the mobile breakpoint; 300 px at 480 px wide or less. */
  readonly height?: number
  readonly onRelayout?: PlotParams['onRelayout']
}

/** Whether charts use their small-screen form (width at most 480 px, height 300). */
export function useSmallChart(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_CHART_BREAKPOINT_PX}px)`, false, {
    getInitialValueInEffect: false,
  })
}

/** The one chart component: themed, responsive, lazy Plotly with loading, empty and a11y states. */
export function Chart(props: ChartProps) {
  const theme = useMantineTheme()
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  const small = useSmallChart()
  const height = small ? MOBILE_CHART_HEIGHT_PX : (props.height ?? DEFAULT_CHART_HEIGHT)
  const summaryId = useId()
  const figureRef = useRef<HTMLElement>(null)
  const near = useNearViewport(figureRef)

  const layout = useMemo(
    () =>
      mergeLayout(
        baseLayout(chartColors(theme, scheme), theme.fontFamily ?? 'sans-serif', height),
        props.layout,
      ),
    [theme, scheme, height, props.layout],
  )
  const config = useMemo<Partial<Config>>(
    () => ({ displaylogo: false, displayModeBar: false, responsive: true, ...props.config }),
    [props.config],
  )

  const spinner = (
    <Center h={height}>
      <Loader size="md" aria-label="Loading chart" />
    </Center>
  )
  const empty = props.empty || props.data.length === 0

  let body: ReactNode
  if (props.loading) body = spinner
  else if (!near && !empty) body = <Box h={height} />
  else if (empty)
    body = (
      <Center h={height}>
        <Text c="dimmed">{props.emptyText ?? NO_DATA}</Text>
      </Center>
    )
  else
    body = (
      // The SVG's tick labels are noise to a screen reader; the summary describes the chart instead.
      <div aria-hidden="true">
        <Suspense fallback={spinner}>
          <Plot
            data={props.data}
            layout={layout}
            config={config}
            useResizeHandler
            style={{ width: '100%', height }}
            {...(props.onRelayout ? { onRelayout: props.onRelayout } : {})}
          />
        </Suspense>
      </div>
    )

  return (
    <Box
      component="figure"
      ref={figureRef}
      m={0}
      aria-label={props.title}
      aria-describedby={summaryId}
      aria-busy={props.loading}
    >
      {body}
      <VisuallyHidden id={summaryId}>
        {props.loading ? '' : empty ? (props.emptyText ?? NO_DATA) : props.summary}
      </VisuallyHidden>
    </Box>
  )
}
