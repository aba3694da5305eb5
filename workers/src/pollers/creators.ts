import { type CreatorV1, messageIdOf, SCHEMA_VERSION, topics } from '@ludex/schemas'
import { DEFAULT_THUMBNAIL_HASH } from '../roblox/thumbnail-hash.ts'
import { PendingChanges } from './change-memory.ts'
import { type PollerDeps, type PollRun, publishAll, stableJson } from './deps.ts'
import { settledHashOf } from './thumbnails.ts'

export interface CreatorsPollResult {
  readonly users: number
  readonly groups: number
  readonly changes: number
}

/**
 * Daily: the creators of the tracked experiences (read from the games endpoint), their profiles from
 * users/groups and their avatar headshot or group icon hash; a CreatorV1 for each that changed.
 */
export async function pollCreators(deps: PollerDeps, run: PollRun): Promise<CreatorsPollResult> {
  const { client, tracker, publisher, clock, logger, memory } = deps
  const games = await client.getGames(
    tracker.list().map((t) => t.universeId),
    { signal: run.signal },
  )
  const userIds = new Set<number>()
  const groupIds = new Set<number>()
  for (const g of games) (g.creator.type === 'User' ? userIds : groupIds).add(g.creator.id)

  const [users, groups, headshots, icons] = await Promise.all([
    client.getUsers([...userIds], { signal: run.signal }),
    client.getGroups([...groupIds], { signal: run.signal }),
    client.getUserHeadshots([...userIds], { signal: run.signal }),
    client.getGroupIcons([...groupIds], { signal: run.signal }),
  ])
  const observedAt = clock.now()
  const keyOf = (type: CreatorV1['creator_type'], id: number) => `creator:${type}:${id}`
  const pending = await PendingChanges.recall(memory, [
    ...users.map((u) => keyOf('User', u.id)),
    ...groups.map((g) => keyOf('Group', g.id)),
  ])
  const changes: CreatorV1[] = []
  const consider = (content: Omit<CreatorV1, 'schema_version' | 'id' | 'observed_at'>) => {
    const key = keyOf(content.creator_type, content.creator_id)
    const text = stableJson(content)
    if (!pending.offer(key, text)) return
    changes.push({
      schema_version: SCHEMA_VERSION,
      id: messageIdOf(content.creator_type, content.creator_id, text),
      observed_at: observedAt,
      ...content,
    })
  }
  // An unsettled image keeps the last known hash instead of flapping to 'default'.
  const lastHash = (type: CreatorV1['creator_type'], id: number): string => {
    const last = pending.last(keyOf(type, id))
    return last ? (JSON.parse(last) as { thumbnail_hash: string }).thumbnail_hash : DEFAULT_THUMBNAIL_HASH
  }
  for (const u of users) {
    consider({
      creator_id: u.id,
      creator_type: 'User',
      name: u.name,
      verified: u.hasVerifiedBadge ?? false,
      thumbnail_hash: settledHashOf(headshots.get(u.id)) ?? lastHash('User', u.id),
      member_count: null,
    })
  }
  for (const g of groups) {
    consider({
      creator_id: g.id,
      creator_type: 'Group',
      name: g.name,
      verified: g.hasVerifiedBadge ?? false,
      thumbnail_hash: settledHashOf(icons.get(g.id)) ?? lastHash('Group', g.id),
      member_count: g.memberCount ?? null,
    })
  }
  await publishAll(publisher, topics.creators, changes)
  await pending.commit()
  logger.info(
    { slot: run.slot, users: users.length, groups: groups.length, changes: changes.length },
    'creators polled',
  )
  return { users: users.length, groups: groups.length, changes: changes.length }
}
