import { useEffect, useState } from 'react'
import type { HashParams } from '../ui/hash-params.ts'
import { tabFromHash } from './anchor.ts'

/**
 * A tab chosen by `#tab=` on load and whenever the hash's tab changes within the page (an anchor link
 * followed on the same page); the user's clicks set it in between.
 */
export function useHashTab<T extends string>(
  hash: HashParams,
  tabs: readonly T[],
  fallback: T,
): [T, (tab: T) => void] {
  const [tab, setTab] = useState<T>(() => tabFromHash(hash, tabs, fallback))
  const fromHash = hash.tab
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the hash's tab re-applies it
  useEffect(() => {
    if (fromHash !== undefined && (tabs as readonly string[]).includes(fromHash)) setTab(fromHash as T)
  }, [fromHash])
  return [tab, setTab]
}
