import { SLOT_MS } from '@ludex/schemas'
import { canonicalNamesKey } from '../accounts/place-overlay.ts'
import type { ApiDeps } from '../deps.ts'
import { cachedCurrentExperiences } from '../routes/place/current-experiences.ts'
import type { CurrentExperience } from '../store/experiences.ts'
import { buildExperienceIndex, type ExperienceIndex } from './build.ts'

/*
 * Why an index in memory rather than a query per call, and why it is rebuilt once a slot (issue 19
 * point 4, measured at 100,000 experiences in api/README.md): the search runs on every pause in typing
 * and the list on every page, sort and filter, while chDB answers one statement at a time; a search or
 * a list page as a query took about 15 to 40 times an answer from the index, and reading the current
 * experiences the index is built from holds chDB for seconds at that size. The experiences are polled
 * once a slot, so an index a slot old shows each one's last poll at most a slot late (the spec's
 * clients refetched the whole slim list every 10 minutes).
 */

/** An index older than this is rebuilt; meanwhile it is still served (the calls never wait for a build). */
export const EXPERIENCE_INDEX_TTL_MS = SLOT_MS
/** An index older than this (a process idle for a while) is not served: the call waits for a new one. */
export const EXPERIENCE_INDEX_MAX_STALE_MS = 3 * SLOT_MS

export interface ExperienceIndexes {
  /** The index of the tracked experiences now, with the staff's canonical names as they are now. */
  current(deps: ApiDeps): Promise<ExperienceIndex>
}

interface Kept {
  readonly index: ExperienceIndex
  /** The current experiences it was built from (the same list again needs no new index). */
  readonly source: readonly CurrentExperience[]
  /** The staff's canonical names it holds (canonicalNamesKey). */
  readonly namesKey: string
  /** When its build started: the age of what it holds. */
  readonly builtAtMs: number
}

/**
 * The process's experience index, wired at start-up (ApiDeps.experienceIndexes). A call gets the kept
 * index while it is younger than `ttlMs` and holds the staff's names as they are now; an older one is
 * served while one build at a time replaces it, and one older than `maxStaleMs`, or one with other
 * names (an edit shows on the next call), is waited for.
 */
export function createExperienceIndexes(options: {
  now: () => number
  ttlMs?: number
  maxStaleMs?: number
}): ExperienceIndexes {
  const ttlMs = options.ttlMs ?? EXPERIENCE_INDEX_TTL_MS
  const maxStaleMs = options.maxStaleMs ?? EXPERIENCE_INDEX_MAX_STALE_MS
  let kept: Kept | null = null
  let building: { readonly namesKey: string; readonly done: Promise<Kept> } | null = null

  const rebuild = (deps: ApiDeps, namesKey: string, edits: Parameters<typeof buildExperienceIndex>[1]) => {
    if (building?.namesKey === namesKey) return building.done
    const builtAtMs = options.now()
    const done = (async (): Promise<Kept> => {
      const source = await cachedCurrentExperiences(deps)
      const previous = kept
      const index =
        previous && previous.source === source && previous.namesKey === namesKey
          ? previous.index
          : await buildExperienceIndex(source, edits)
      const next = { index, source, namesKey, builtAtMs }
      // Builds may overlap (an edit during a refresh): the one started last stands.
      if (!kept || kept.builtAtMs <= builtAtMs) kept = next
      return next
    })()
    const entry = { namesKey, done }
    building = entry
    done.then(
      () => {
        if (building === entry) building = null
      },
      () => {
        if (building === entry) building = null
      },
    )
    return done
  }

  return {
    async current(deps) {
      const edits = await deps.accounts?.store.placeEdits.all()
      const namesKey = canonicalNamesKey(edits)
      const k = kept
      const ageMs = k ? options.now() - k.builtAtMs : Number.POSITIVE_INFINITY
      if (k && k.namesKey === namesKey && ageMs < maxStaleMs) {
        if (ageMs >= ttlMs) {
          rebuild(deps, namesKey, edits).catch((err: unknown) =>
            deps.logger.warn({ err }, 'experience index: a refresh failed; the kept index is served'),
          )
        }
        return k.index
      }
      return (await rebuild(deps, namesKey, edits)).index
    },
  }
}

/** The index through the process's holder, or built for this call alone when none is wired. */
export async function experienceIndexOf(deps: ApiDeps): Promise<ExperienceIndex> {
  if (deps.experienceIndexes) return deps.experienceIndexes.current(deps)
  const [current, edits] = await Promise.all([
    cachedCurrentExperiences(deps),
    deps.accounts?.store.placeEdits.all(),
  ])
  return buildExperienceIndex(current, edits)
}
