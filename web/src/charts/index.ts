export { Chart, type ChartProps, DEFAULT_CHART_HEIGHT, NO_DATA, useSmallChart } from './Chart.tsx'
export { type GanttBar, ganttHref, ganttTrace } from './gantt.ts'
export { type Point, toXY, withGaps } from './gaps.ts'
export { granularityOptions } from './granularity.ts'
export {
  bucketsInView,
  effectiveGranularity,
  MIN_POINTS,
  offeredGranularities,
  type SeriesView,
} from './granularity-options.ts'
export { histogramLayout, histogramTrace } from './histogram.ts'
export {
  IN_PROGRESS,
  IN_PROGRESS_NOTE,
  inProgressTrace,
  isInProgress,
  type LineParts,
  lineParts,
  wholePoints,
} from './in-progress.ts'
export { useSeriesColors } from './palette.ts'
export { baseLayout, type ChartColors, chartColors, mergeLayout } from './theme.ts'
