import { type TagCcuScope, TOP_FIVE_SIZE } from '@ludex/schemas'

/** What the scope needs of a member: its id and players online now. */
export interface ScopedMember {
  readonly placeId: number
  readonly playersOnline: number
}

/**
 * The members a tag's (or a set's) averages cover (part 2 §2.4, §3; §9: 'Top Five = 5 experiences by
 * players online'): all the tracked ones; the active ones, with players online now (above 0); or the
 * top five by players online now (ties by the lower place id; fewer when the tag has fewer, whether
 * or not they have players).
 */
export function membersInScope<T extends ScopedMember>(members: readonly T[], scope: TagCcuScope): T[] {
  if (scope === 'all') return [...members]
  if (scope === 'active') return members.filter((m) => m.playersOnline > 0)
  return [...members]
    .sort((a, b) => b.playersOnline - a.playersOnline || a.placeId - b.placeId)
    .slice(0, TOP_FIVE_SIZE)
}
