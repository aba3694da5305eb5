import { likePercentageValue, percentBuckets } from '@ludex/schemas'
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

/** How many tracked experiences have each like rate, in 5-percent buckets. */
export function LikeRateHistogram() {
  const slim = useQuery(api.slimList())
  const { traces, summary } = useMemo(() => {
    const list = slim.data ?? []
    if (list.length === 0) return { traces: [] as Data[], summary: '' }
    const buckets = percentBuckets(list.map((e) => likePercentageValue(e.like_percentage)))
    const top = [...buckets].sort((a, b) => b.count - a.count)[0]
    return {
      traces: [histogramTrace(buckets, 'Experiences')],
      summary: `Like rate of ${list.length} experiences in 5-percent buckets. Most common: ${top?.from}–${top?.to}% with ${top?.count} experiences.`,
    }
  }, [slim.data])

  return (
    <OverviewCard title={TITLE}>
      <Chart
        title={TITLE}
        summary={summary}
        loading={slim.isPending}
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
