import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { Chart, histogramLayout, histogramTrace } from '../../charts/index.ts'
import { OverviewCard } from './OverviewCard.tsx'

const TITLE = 'Like Rate'
const LAYOUT: Partial<Layout> = {
  ...histogramLayout,
  hovermode: 'closest',
  showlegend: false,
  xaxis: { range: [0, 100], dtick: 10, ticksuffix: '%', title: { text: 'Like Rate' } },
  yaxis: { title: { text: 'Experiences' } },
}

/** How many tracked experiences have each like rate, in 5-percent buckets (counted by the API). */
export function LikeRateHistogram() {
  const tracked = useQuery(api.experienceSummary())
  const { traces, summary } = useMemo(() => {
    const data = tracked.data
    if (!data || data.experiences === 0) return { traces: [] as Data[], summary: '' }
    const buckets = data.like_rate_buckets
    const top = [...buckets].sort((a, b) => b.count - a.count)[0]
    return {
      traces: [histogramTrace(buckets, 'Experiences')],
      summary: `Like rate of ${data.experiences} experiences in 5-percent buckets. Most common: ${top?.from}–${top?.to}% with ${top?.count} experiences.`,
    }
  }, [tracked.data])

  return (
    <OverviewCard title={TITLE}>
      <Chart
        title={TITLE}
        summary={summary}
        loading={tracked.isPending}
        data={traces}
        layout={LAYOUT}
        export={{
          name: ['Overview', TITLE],
          category: { name: 'like rate bucket middle', unit: '%' },
          value: { name: 'experiences', unit: 'count' },
        }}
      />
    </OverviewCard>
  )
}
