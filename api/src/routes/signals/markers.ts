import {
  type CcuSpike,
  entryMarkerText,
  eventMarkerList,
  exitMarkerText,
  idParam,
  MAD_SCALE,
  SPIKE_BASELINE_WEEKS,
  SPIKE_MAD_K,
  SPIKE_MIN_BASELINE_HOURS,
  SPIKE_MIN_CCU,
  spikeMarkerText,
  type ThumbnailChange,
  thumbnailMarkerText,
} from '@ludex/schemas'
import { z } from 'zod'
import { hotAnswer } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { trackedExperience } from '../../store/experiences.ts'
import { type CategoryPlacement, placementHistory } from '../../store/signals/placements.ts'
import { ccuSpikes } from '../../store/signals/spikes.ts'
import { thumbnailChangesOf } from '../../store/signals/thumbnail-changes.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

type Marker = z.input<typeof eventMarkerList>[number]
const iso = (ms: number) => new Date(ms).toISOString()

export const placeMarkersRoute = defineRoute({
  method: 'GET',
  path: '/api/place/{placeId}/markers',
  resource: 'place',
  summary:
    "An experience's automatic chart markers: chart-category entries and exits, CCU spikes, thumbnail changes",
  description:
    'Oldest first. chartEntry / chartExit: the entries and exits of /api/place/{placeId}/placements, ' +
    "timed at the capture that shows them (the category's ranking at that time is the evidence). " +
    'ccuSpike: a run of consecutive hours whose average CCU is at least ' +
    `${SPIKE_MIN_CCU} and above the median of the same hour of the week in the previous ` +
    `${SPIKE_BASELINE_WEEKS} weeks by more than ${SPIKE_MAD_K} robust deviations (MAD × ${MAD_SCALE}; with a ` +
    'flat baseline, MAD 0, 10 % of the median and at least one player), timed at its first hour; no ' +
    `verdict with fewer than ${SPIKE_MIN_BASELINE_HOURS} baseline hours. thumbnailChange: a capture at ` +
    "which the icon or the banner differs from the same type's capture before (its first capture is no " +
    'change), one marker per capture; thumbnails lists each image replaced with its old and new hash. ' +
    'text is the hover sentence. ' +
    'Visitors get the markers of the last 30 days (X-Ludex-History-Start); the baseline of a spike in ' +
    'the window may reach before it. 404 when the place is not tracked.',
  params: z.object({ placeId: idParam }),
  response: eventMarkerList,
  errors: [404],
  maxAgeSeconds: 300,
  handler: async ({ params, deps, viewer, ctx }) => {
    const fromMs = visibleFrom(viewer, ctx, 0, deps.now(), 'hour')
    // Computed once per watermark (issue 19.5): the spikes' medians and the placements are milliseconds
    // of JavaScript per call.
    return hotAnswer(deps, viewer, ['markers', params.placeId, fromMs], async (store) => {
      const [tracked, placements, spikes, thumbnails] = await Promise.all([
        trackedExperience(store, params.placeId),
        placementHistory(store, params.placeId, fromMs),
        ccuSpikes(store, params.placeId, fromMs),
        thumbnailChangesOf(store, params.placeId, fromMs),
      ])
      if (!tracked) throw ApiError.notFound(`Place ${params.placeId} is not tracked`)
      return markersOf(fromMs, placements, spikes, thumbnails)
    })
  },
})

/** The markers of an experience's reads, oldest first. */
function markersOf(
  fromMs: number,
  placements: readonly CategoryPlacement[],
  spikes: readonly CcuSpike[],
  thumbnails: readonly ThumbnailChange[],
): Marker[] {
  const markers: Marker[] = []
  for (const p of placements) {
    for (const c of p.changes) {
      const time = Math.max(fromMs, p.evidence.get(c.day) ?? c.day)
      markers.push({
        kind: c.kind === 'entry' ? 'chartEntry' : 'chartExit',
        time: iso(time),
        text:
          c.kind === 'entry'
            ? entryMarkerText(p.categoryId, c.day, c.rank)
            : exitMarkerText(p.categoryId, c.day, c.rank),
        category_id: p.categoryId,
        thumbnails: [],
      })
    }
  }
  for (const s of spikes) {
    markers.push({
      kind: 'ccuSpike',
      time: iso(s.time),
      text: spikeMarkerText(s),
      category_id: null,
      thumbnails: [],
    })
  }
  for (const t of thumbnails) {
    markers.push({
      kind: 'thumbnailChange',
      time: iso(t.time),
      text: thumbnailMarkerText(t),
      category_id: null,
      thumbnails: [...t.swaps],
    })
  }
  return markers.sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
}
