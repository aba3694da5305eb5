import { experience, experienceUpdate, idParam } from '@ludex/schemas'
import { z } from 'zod'
import { applyEdit, normalizeRelease, UNSET_RELEASE } from '../../accounts/place-overlay.ts'
import { accountOf, accountsOf, clientIp } from '../../accounts/route-support.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { experienceDetail } from '../../store/experiences.ts'
import { tagIdsOfPlace } from '../../tags/tag-lookup.ts'

/**
 * Staff edit the canonical name and the release date (part 1 §5, §6). The client sends the experience
 * (counters left out) with the changed field; only `canonical_name` and `released` are read.
 */
export const placeUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/api/place/{place_id}',
  resource: 'place',
  summary: 'Edit the canonical name or release date of an experience (editors and admins)',
  description:
    'A canonical name is saved only if it differs from the current one; an empty one resets it to the ' +
    'name. A release date that is empty or invalid is saved as the year 0001 (unset). Fields left out ' +
    'stay as they are. Answers the experience as now stored. Edits are written to the audit log.',
  params: z.object({ place_id: idParam }),
  body: experienceUpdate,
  response: experience,
  requires: 'EDIT_PLACE',
  errors: [404],
  handler: async ({ params, body, viewer, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const actor = accountOf(viewer).user
    const placeId = params.place_id
    const [detail, edit, tags] = await Promise.all([
      experienceDetail(deps, placeId, deps.now()),
      accounts.store.placeEdits.get(placeId),
      tagIdsOfPlace(deps, viewer, placeId),
    ])
    if (!detail) throw ApiError.notFound(`Place ${placeId} is not tracked`)
    const found = { ...detail, tags }
    const current = applyEdit(found, edit)
    const change: { canonicalName?: string | null; released?: string | null } = {}
    if (body.canonical_name !== undefined) {
      const wanted = body.canonical_name.trim()
      const next = wanted === '' || wanted === found.name ? null : wanted
      if ((next ?? found.name) !== current.canonical_name) change.canonicalName = next
    }
    if (body.released !== undefined) {
      const next = normalizeRelease(body.released)
      if (next !== current.released) change.released = next
    }
    if (Object.keys(change).length === 0) return current
    const saved = await accounts.store.placeEdits.save(placeId, change, actor.id, new Date(accounts.now()))
    await accounts.store.audit.record({
      at: new Date(accounts.now()),
      actorId: actor.id,
      action: 'place.edit',
      target: `place:${placeId}`,
      details: {
        ...(change.canonicalName !== undefined && {
          canonical_name: { from: current.canonical_name, to: saved.canonicalName ?? found.name },
        }),
        ...(change.released !== undefined && {
          released: { from: current.released, to: saved.released ?? UNSET_RELEASE },
        }),
      },
      ip: clientIp(ctx),
    })
    return applyEdit(found, saved)
  },
})
