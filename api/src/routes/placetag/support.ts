import type { PlaceTag, PopulatedPlaceTag } from '@ludex/schemas'
import type { Context } from 'koa'
import type { AuditAction } from '../../accounts/audit.ts'
import { withCanonicalNames } from '../../accounts/place-overlay.ts'
import { accountOf, accountsOf, clientIp } from '../../accounts/route-support.ts'
import type { ApiDeps } from '../../deps.ts'
import { ApiError } from '../../http/api-error.ts'
import { tagExperiences } from '../../store/tag-experiences.ts'
import { seesOwnerEmails } from '../../tags/tag-access.ts'
import { tagStore, visibleTag } from '../../tags/tag-lookup.ts'
import {
  DuplicateTagNameError,
  type TagChange,
  type TagChangeResult,
  TagFullError,
  type TagRecord,
} from '../../tags/tag-repository.ts'
import { requestTracking } from '../../tags/tag-tracking.ts'
import type { Viewer } from '../../viewer/viewer.ts'

export { tagStore, visibleTag }

/** The tag as the calls answer it; the owner's email only for admins. */
export function toPlaceTag(tag: TagRecord, viewer: Viewer): PlaceTag {
  return {
    id: tag.id,
    name: tag.name,
    place_ids: [...tag.placeIds],
    global: tag.global,
    owner_id: tag.ownerId,
    ...(seesOwnerEmails(viewer) && { owner_email: tag.ownerEmail }),
    created: tag.createdAt.toISOString(),
    updated: tag.updatedAt.toISOString(),
  }
}

/** The tag with its tracked experiences resolved, and the members without data yet. */
export async function populated(deps: ApiDeps, tag: TagRecord, viewer: Viewer): Promise<PopulatedPlaceTag> {
  const places = await withCanonicalNames(deps, await tagExperiences(deps, tag.placeIds))
  const tracked = new Set(places.map((p) => p.place_id))
  return {
    ...toPlaceTag(tag, viewer),
    places,
    untracked_place_ids: tag.placeIds.filter((id) => !tracked.has(id)),
  }
}

export function forbidden(message: string): ApiError {
  return new ApiError(403, 'forbidden', message)
}

/** The repository's refusals as the 4xx a user can act on, naming the field. */
export function tagWriteError(err: unknown): unknown {
  if (err instanceof DuplicateTagNameError) {
    return new ApiError(409, 'duplicate_name', err.message, [{ field: 'body.name', message: err.message }], {
      cause: err,
    })
  }
  if (err instanceof TagFullError)
    return ApiError.badRequest([{ field: 'body.place_ids', message: err.message }])
  return err
}

/** One line in the audit log for a tag change by the signed-in viewer. */
export async function auditTag(
  deps: ApiDeps,
  ctx: Context,
  viewer: Viewer,
  action: Extract<AuditAction, `tag.${string}`>,
  tag: TagRecord,
  details: Record<string, unknown>,
): Promise<void> {
  const accounts = accountsOf(deps)
  await accounts.store.audit.record({
    at: new Date(accounts.now()),
    actorId: accountOf(viewer).user.id,
    action,
    target: `tag:${tag.id}`,
    details: { name: tag.name, global: tag.global, owner_id: tag.ownerId, ...details },
    ip: clientIp(ctx),
  })
}

/**
 * After a change of members: the audit line (when something changed) and the tracking of added
 * experiences Ludex does not track yet. The tag's cached aggregates are keyed by its `updatedAt`,
 * which the change moved, so none is read again (part 2 §4).
 */
export async function afterMembersChange(
  deps: ApiDeps,
  ctx: Context,
  viewer: Viewer,
  tag: TagRecord,
  change: TagChange,
): Promise<void> {
  if (!change.name && change.added.length === 0 && change.removed.length === 0) return
  await auditTag(deps, ctx, viewer, 'tag.update', tag, {
    ...(change.name && { renamed: change.name }),
    ...(change.added.length > 0 && { added: change.added }),
    ...(change.removed.length > 0 && { removed: change.removed }),
  })
  await requestTracking(deps, change.added)
}

/**
 * The tail of every membership write (edit, add, remove): the store's refusals as 4xx, a tag gone since
 * it was read as 404, then the audit and tracking of what changed, and the tag as now stored.
 */
export async function answerMembersChange(
  deps: ApiDeps,
  ctx: Context,
  viewer: Viewer,
  tagId: number,
  write: Promise<TagChangeResult | null>,
): Promise<PlaceTag> {
  const result = await write.catch((err: unknown) => {
    throw tagWriteError(err)
  })
  if (!result) throw ApiError.notFound(`Tag ${tagId} does not exist`)
  await afterMembersChange(deps, ctx, viewer, result.tag, result.change)
  return toPlaceTag(result.tag, viewer)
}
