import { useEffect, useState } from 'react'

/** A tag picker's draft: the address's tag, followed when the address changes; null for none. */
export function useTagChoice(fromAddress: number | null) {
  const [tagId, setTagId] = useState<number | null>(fromAddress)
  useEffect(() => setTagId(fromAddress), [fromAddress])
  return [tagId, setTagId] as const
}
