import { DAILY_PICKS_START_MS, experience, idParam } from '@ludex/schemas'
import { z } from 'zod'
import { applyEdit } from '../../accounts/place-overlay.ts'
import { hotAnswer } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { experienceDetail, playtimeWindowStart } from '../../store/experiences.ts'
import { tagIdsOfPlace } from '../../tags/tag-lookup.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

export const placeDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/place/{place_id}',
  resource: 'place',
  summary: 'One tracked experience, in full (the detail page)',
  description:
    'Latest counters and details, thumbnails, age rating, play status, daily pick dates, price, average ' +
    'playtime over the last 30 days, favorites and rank by players online. tags: the ids of the curated ' +
    'tags holding it, and of the caller’s own tags that do. daily_pick_dates is history: ' +
    'visitors get the dates of the last 30 days only, as /api/platform/picks serves them (from the ' +
    'first date that starts inside the window, which X-Ludex-History-Start names). The rest is the ' +
    'current state, the same for everyone. restricted_since: when upstream began answering for the ' +
    'experience with a censored item (restricted, private or deleted), null when it does not; while ' +
    'restricted the counters are the last ones seen and the experience is left out of the platform ' +
    'totals. 404 when the place is not tracked.',
  params: z.object({ place_id: idParam }),
  response: experience,
  errors: [404],
  maxAgeSeconds: 60,
  handler: async ({ params, deps, viewer, ctx }) => {
    const now = deps.now()
    // The dates asked for are all of them, since the first picks: a visitor's start always moves.
    const pickDatesFromMs = visibleFrom(viewer, ctx, DAILY_PICKS_START_MS, now, 'date')
    // The store's part is kept per watermark and playtime window (it moves by the hour); the staff edit
    // and the caller's tags are read on every call, so an edit or a tag shows at once.
    const key = ['detail', params.place_id, pickDatesFromMs, playtimeWindowStart(now)] as const
    const [found, edit, tags] = await Promise.all([
      hotAnswer(deps, viewer, key, (store) =>
        experienceDetail(store, params.place_id, now, { pickDatesFromMs }),
      ),
      deps.accounts?.store.placeEdits.get(params.place_id) ?? null,
      tagIdsOfPlace(deps, viewer, params.place_id),
    ])
    if (!found) throw ApiError.notFound(`Place ${params.place_id} is not tracked`)
    return { ...applyEdit(found, edit), tags }
  },
})
