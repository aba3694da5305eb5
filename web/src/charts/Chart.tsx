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
import {
  type CSSProperties,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react'
import type { PlotParams } from 'react-plotly.js'
import classes from './chart.module.css'
import { type ChartExport, chartTable, ExportMenu } from './export/index.ts'
import { StaticChart } from './StaticChart.tsx'
import { baseLayout, chartColors, mergeLayout } from './theme.ts'

// Plotly is only reachable through this dynamic import: its own chunk, fetched when someone reaches for
// a chart (hover, focus, touch). Until then every chart is its static drawing.
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
  /** A click on a point of the interactive chart (the gantt's bars are links). */
  readonly onClick?: PlotParams['onClick']
  /**
   * The export menu's file name and columns (page, stat, range and granularity as shown; the value's
   * unit). Without it the file is named after the title and the value column after the y axis.
   */
  readonly export?: ChartExport
}

/**
 * Whether charts use their small-screen form (width at most 480 px, height 300). False on the first
 * render, as on the server, and the real value right after: markup rendered from it hydrates cleanly.
 */
export function useSmallChart(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_CHART_BREAKPOINT_PX}px)`, false, {
    getInitialValueInEffect: true,
  })
}

/**
 * The one chart component: a static drawing first (cheap, the same on server and client), upgraded to
 * an interactive Plotly chart when the user reaches for it; with loading, empty and a11y states.
 */
export function Chart(props: ChartProps) {
  const summaryId = useId()
  const empty = props.empty || props.data.length === 0
  const drawable = !props.loading && !empty
  // `active`: this chart was reached for, Plotly mounts; `drawn`: Plotly has drawn, the static goes.
  const [active, setActive] = useState(false)
  const [drawn, setDrawn] = useState(false)
  const activate = useCallback(() => {
    void loadPlot()
    setActive(true)
  }, [])
  const onDrawn = useCallback(() => setDrawn(true), [])
  // Plotly unmounts while the chart loads or is empty; the static drawing covers its return.
  useEffect(() => {
    if (!drawable) setDrawn(false)
  }, [drawable])

  let body: ReactNode
  if (props.loading)
    body = (
      <Center h="100%">
        <Loader size="md" aria-label="Loading chart" />
      </Center>
    )
  else if (empty)
    body = (
      <Center h="100%">
        <Text c="dimmed">{props.emptyText ?? NO_DATA}</Text>
      </Center>
    )
  else
    body = (
      <>
        {drawn ? null : (
          <StaticChart
            data={props.data}
            layout={props.layout}
            height={props.height ?? DEFAULT_CHART_HEIGHT}
          />
        )}
        {active ? (
          // The SVG's tick labels are noise to a screen reader; the summary describes the chart instead.
          <div className={classes.layer} aria-hidden="true" data-chart="plotly">
            <Suspense fallback={null}>
              <InteractiveChart {...props} onDrawn={onDrawn} />
            </Suspense>
          </div>
        ) : null}
      </>
    )

  const boxStyle = { '--chart-height': `${props.height ?? DEFAULT_CHART_HEIGHT}px` } as CSSProperties
  return (
    <Box
      component="figure"
      className={classes.figure}
      aria-label={props.title}
      aria-describedby={summaryId}
      aria-busy={props.loading}
      // Reachable by keyboard, so focusing a chart upgrades it as hovering does.
      tabIndex={drawable ? 0 : undefined}
      {...(drawable && !active
        ? { onPointerEnter: activate, onPointerDown: activate, onTouchStart: activate, onFocus: activate }
        : {})}
    >
      <div className={classes.box} style={boxStyle}>
        {body}
        {drawable ? (
          <ExportMenu
            title={props.title}
            name={props.export?.name ?? [props.title]}
            table={() => chartTable(props.data, props.layout, props.title, props.export)}
          />
        ) : null}
      </div>
      <VisuallyHidden id={summaryId}>
        {props.loading ? '' : empty ? (props.emptyText ?? NO_DATA) : props.summary}
      </VisuallyHidden>
    </Box>
  )
}

/** The Plotly chart, themed for the current scheme; client only, mounted once the chart is reached for. */
function InteractiveChart(props: ChartProps & { onDrawn: () => void }) {
  const theme = useMantineTheme()
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  const small = useSmallChart()
  const height = small ? MOBILE_CHART_HEIGHT_PX : (props.height ?? DEFAULT_CHART_HEIGHT)
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
  return (
    <Plot
      data={props.data}
      layout={layout}
      config={config}
      useResizeHandler
      style={{ width: '100%', height }}
      onInitialized={props.onDrawn}
      {...(props.onRelayout ? { onRelayout: props.onRelayout } : {})}
      {...(props.onClick ? { onClick: props.onClick } : {})}
    />
  )
}
